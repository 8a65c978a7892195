import { useState } from 'react';
import type { Service, ServiceInput } from '@barber/shared';
import { useServiceMutations } from '../../lib/serviceMutations';
import { DeleteDialog } from '../ui/DeleteDialog';
import { toast } from '../ui/toast';
import { ServiceFormDialog } from './ServiceFormDialog';

/**
 * The owner's actions on a service card, wherever the card is (the panel's Services, the public profile):
 * the Edit Service and Delete Service dialogs with the specifications' toasts. `barberId`: the barber an
 * administrator acts for in the panel.
 */
export function useServiceOwnerActions(params: { barberId?: number } = {}) {
  const { update, remove } = useServiceMutations(params);
  const [editing, setEditing] = useState<Service | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<Service | null>(null);

  function save(values: ServiceInput) {
    if (!editing) return;
    update.mutate(
      { id: editing.id, ...values },
      {
        onSuccess: () => {
          toast({
            title: 'Service updated',
            description: 'Your service has been successfully updated.',
            variant: 'success',
          });
          setEditOpen(false);
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update service. Please try again.', variant: 'destructive' }),
      },
    );
  }

  const dialogs = (
    <>
      {/* the edited service stays set while the dialog closes, so its title does not flip to Add Service */}
      <ServiceFormDialog
        open={editOpen && editing !== null}
        service={editing}
        onOpenChange={setEditOpen}
        onSubmit={save}
        pending={update.isPending}
      />
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="Delete Service"
        description={
          <>
            Are you sure you want to delete {deleting ? `"${deleting.name}"` : 'this service'}? This action cannot be
            undone.
          </>
        }
        deleted={{
          title: 'Service deleted',
          description: 'Your service has been successfully deleted.',
          variant: 'success',
        }}
        failed={{ title: 'Error', description: 'Failed to delete service. Please try again.', variant: 'destructive' }}
      />
    </>
  );

  return {
    edit: (service: Service) => {
      setEditing(service);
      setEditOpen(true);
    },
    remove: setDeleting,
    dialogs,
  };
}
