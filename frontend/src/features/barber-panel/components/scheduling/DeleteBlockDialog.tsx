import type { AvailabilityBlock } from '@barber/shared';
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
import { formatTime, WEEKDAYS_LONG } from '../../lib/format';

export function DeleteBlockDialog({
  block,
  onClose,
  onConfirm,
  pending,
}: {
  block: AvailabilityBlock | null;
  onClose: () => void;
  onConfirm: (block: AvailabilityBlock) => void;
  pending: boolean;
}) {
  return (
    <Dialog open={block !== null} onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Time Block</DialogTitle>
          <DialogDescription>
            {block
              ? `Delete the ${WEEKDAYS_LONG[block.dayOfWeek]} block from ${formatTime(block.startTime)} to ${formatTime(block.endTime)}? `
              : ''}
            This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={() => block && onConfirm(block)}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
