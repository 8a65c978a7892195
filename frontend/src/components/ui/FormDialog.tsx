import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './Dialog';
import { SubmitReason } from './SubmitReason';

export interface DialogActionsProps {
  submitLabel: ReactNode;
  /** Shown on the submit button while `pending`. */
  pendingLabel?: ReactNode;
  pending?: boolean;
  submitVariant?: ButtonVariant;
  /** Why the form cannot be sent yet: the submit is disabled and says so beside it (null: it can). */
  disabledReason?: string | null;
  cancelLabel?: ReactNode;
  /** In place of the Cancel button that closes the dialog (e.g. "Clear all"). */
  secondary?: ReactNode;
  /** A plain button that calls this; without it the button submits the form around it. */
  onConfirm?: () => void;
}

/** A dialog's footer: Cancel (closes it, not while pending) and the button that sends. */
export function DialogActions({
  submitLabel,
  pendingLabel = submitLabel,
  pending = false,
  submitVariant,
  disabledReason = null,
  cancelLabel = 'Cancel',
  secondary,
  onConfirm,
}: DialogActionsProps) {
  const reasonId = `${useId()}-why`;
  const showReason = disabledReason !== null && !pending;
  return (
    <>
      {showReason ? <SubmitReason id={reasonId}>{disabledReason}</SubmitReason> : null}
      <DialogFooter>
        {secondary ?? (
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
        )}
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={submitVariant}
          onClick={onConfirm}
          disabled={pending || disabledReason !== null}
          aria-describedby={showReason ? reasonId : undefined}
        >
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

export interface DialogFormProps extends Omit<DialogActionsProps, 'onConfirm'> {
  title: ReactNode;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * The form inside a dialog: title and description, the fields, and the footer's Cancel and submit.
 * For a form that lives in a child of <DialogContent> (e.g. one keyed by the record it edits); else use FormDialog.
 */
export function DialogForm({ title, description, onSubmit, children, ...actions }: DialogFormProps) {
  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogActions {...actions} />
    </form>
  );
}

/**
 * A modal form: <Dialog> with a <DialogForm> in it. `onOpenChange` decides whether it may close
 * (e.g. not while the form is being sent).
 * <FormDialog open={open} onOpenChange={setOpen} title="Add Service" description="..." onSubmit={...}
 *   submitLabel="Add Service" pendingLabel="Adding..." pending={pending}>fields</FormDialog>
 */
export function FormDialog({
  open,
  onOpenChange,
  contentClassName,
  ...form
}: DialogFormProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentClassName?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={contentClassName}>
        <DialogForm {...form} />
      </DialogContent>
    </Dialog>
  );
}
