import type { Service } from '@barber/shared';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';

export function DeleteServiceDialog({
  service,
  onClose,
  onConfirm,
  pending,
}: {
  service: Service | null;
  onClose: () => void;
  onConfirm: (service: Service) => void;
  pending: boolean;
}) {
  return (
    <ConfirmDialog
      open={service !== null}
      onClose={onClose}
      onConfirm={() => service && onConfirm(service)}
      pending={pending}
      title="Delete Service"
      description={
        <>
          Are you sure you want to delete {service ? `"${service.name}"` : 'this service'}? This action cannot be
          undone.
        </>
      }
    />
  );
}
