import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { adminSetPasswordSchema, withPasswordMin, type AdminBarber } from '@barber/shared';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { InputField } from '../../../../components/ui/FormField';
import { firstSchemaMessage } from '../../../../components/ui/SubmitReason';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { usePasswordMinLength } from '../../../../lib/publicSettings';
import { resetUserAccount, setUserPassword } from '../../api/barbers';

/** Admin set password and account reset (docs/spec/barber-and-admin.md §5): at least 6 characters, or the platform's passwordMinLength. */
const ADMIN_PASSWORD_MIN = 6;

export type PasswordDialogKind = 'password' | 'reset';

const copy = {
  password: {
    title: 'Set Password',
    description: (name: string) => `Set a new password for ${name}.`,
    submit: 'Set Password',
    busy: 'Saving...',
  },
  reset: {
    title: 'Reset Account',
    description: (name: string) =>
      `Reset the account of ${name}: their sign-in limits are cleared, they are signed out everywhere and the new password below replaces the old one.`,
    submit: 'Reset Account',
    busy: 'Resetting...',
  },
} as const;

/** The set-password and reset-account dialogs of the barbers list. */
export function PasswordDialog({
  kind,
  barber,
  onClose,
}: {
  kind: PasswordDialogKind;
  barber: AdminBarber | null;
  onClose: () => void;
}) {
  const { min: platformMin, getMin } = usePasswordMinLength();
  const min = Math.max(ADMIN_PASSWORD_MIN, platformMin);
  // adminSetPasswordSchema (at least 6), and the platform's passwordMinLength when it asks for more
  const schema = useMemo(() => withPasswordMin(adminSetPasswordSchema, 'newPassword', getMin), [getMin]);
  const { register, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '' },
  });
  const busy = formState.isSubmitting;
  const open = barber !== null;
  useEffect(() => {
    if (open) reset({ newPassword: '' });
  }, [open, barber?.id, reset]);

  const name = barber ? barber.user.fullName || barber.user.username : '';
  const text = copy[kind];
  // the submit stays disabled below the least length (docs/spec/barber-and-admin.md §6) and says why
  const reason = firstSchemaMessage(schema, { newPassword: watch('newPassword') });

  const submit = async ({ newPassword }: { newPassword: string }) => {
    if (!barber) return;
    try {
      if (kind === 'password') {
        await setUserPassword(barber.user.id, newPassword);
        toast({ title: 'Password Updated', description: `The password for ${name} has been updated.` });
      } else {
        await resetUserAccount(barber.user.id, newPassword);
        toast({ title: 'Account Reset', description: `The account of ${name} has been reset.` });
      }
      onClose();
    } catch (error) {
      const fallback = kind === 'password' ? 'Failed to update password.' : 'Failed to reset account.';
      // The reset shows the server's message when there is one (docs/spec/barber-and-admin.md §8); set password its fixed text.
      const description = kind === 'reset' && isApiError(error) ? errorMessage(error, fallback) : fallback;
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={text.title}
      description={text.description(name)}
      onSubmit={handleSubmit(submit)}
      submitLabel={text.submit}
      pendingLabel={text.busy}
      pending={busy}
      submitVariant={kind === 'reset' ? 'destructive' : 'default'}
      disabledReason={reason}
    >
      {kind === 'reset' ? (
        <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>This action cannot be undone.</p>
        </div>
      ) : null}
      <InputField
        label="New Password"
        hint={`At least ${min} characters.`}
        error={formState.errors.newPassword?.message}
        type="password"
        autoComplete="new-password"
        {...register('newPassword')}
      />
    </FormDialog>
  );
}
