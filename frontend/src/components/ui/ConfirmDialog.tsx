import type { ReactNode } from 'react';
import { Button } from './Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './Dialog';

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
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
