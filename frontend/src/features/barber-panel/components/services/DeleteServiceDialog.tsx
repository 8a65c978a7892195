import type { Service } from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/Dialog';

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
    <Dialog open={service !== null} onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Service</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete {service ? `"${service.name}"` : 'this service'}? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={() => service && onConfirm(service)}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
