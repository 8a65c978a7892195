import type { AvailabilityBlock } from '@barber/shared';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
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
    <ConfirmDialog
      open={block !== null}
      onClose={onClose}
      onConfirm={() => block && onConfirm(block)}
      pending={pending}
      title="Delete Time Block"
      description={
        <>
          {block
            ? `Delete the ${WEEKDAYS_LONG[block.dayOfWeek]} block from ${formatTime(block.startTime)} to ${formatTime(block.endTime)}? `
            : ''}
          This action cannot be undone.
        </>
      }
    />
  );
}
