import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { toast, type ToastOptions } from './toast';

/** The delete call of a list (a TanStack mutation taking the id). */
interface RemoveMutation {
  mutate: (id: number, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  isPending: boolean;
}

/**
 * Asks before deleting `item` (open while one is set); Delete calls `remove` with its id, then toasts
 * `deleted` and closes, or toasts `failed`.
 */
export function DeleteDialog<T extends { id: number }>({
  item,
  onClose,
  remove,
  title,
  description,
  deleted,
  failed,
}: {
  item: T | null;
  onClose: () => void;
  remove: RemoveMutation;
  title: string;
  description: ReactNode;
  deleted: ToastOptions;
  failed: ToastOptions;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      pending={remove.isPending}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            toast(deleted);
            onClose();
          },
          onError: () => toast(failed),
        })
      }
      title={title}
      description={description}
    />
  );
}
