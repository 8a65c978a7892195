import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './Dialog';
import { DialogActions } from './FormDialog';

/**
 * A yes/no question: title, description, a Cancel button (closes) and a destructive confirm button
 * that shows `pendingLabel` while `pending`. It cannot be closed while the action is pending.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  pending,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: ReactNode;
  confirmLabel?: ReactNode;
  pendingLabel?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (!next && !pending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogActions
          onConfirm={onConfirm}
          pending={pending}
          cancelLabel={cancelLabel}
          submitVariant="destructive"
          submitLabel={confirmLabel}
          pendingLabel={pendingLabel}
        />
      </DialogContent>
    </Dialog>
  );
}
