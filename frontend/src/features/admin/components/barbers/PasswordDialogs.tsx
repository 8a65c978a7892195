import { useEffect, useId, useState, type FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { AdminBarber } from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/Dialog';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { usePasswordMinLength } from '../../../auth/api/public-settings';
import { resetUserAccount, setUserPassword } from '../../api/barbers';

/** Admin set password and account reset (docs/spec/barber-and-admin.md §5): at least 6 characters, or the platform's passwordMinLength. */
export const ADMIN_PASSWORD_MIN = 6;

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
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const open = barber !== null;
  useEffect(() => {
    if (open) setPassword('');
  }, [open, barber?.id]);

  const name = barber ? barber.user.fullName || barber.user.username : '';
  const text = copy[kind];
  const min = Math.max(ADMIN_PASSWORD_MIN, usePasswordMinLength().min);
  const tooShort = password.length < min;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!barber || tooShort || busy) return;
    setBusy(true);
    try {
      if (kind === 'password') {
        await setUserPassword(barber.user.id, password);
        toast({ title: 'Password Updated', description: `The password for ${name} has been updated.` });
      } else {
        await resetUserAccount(barber.user.id, password);
        toast({ title: 'Account Reset', description: `The account of ${name} has been reset.` });
      }
      onClose();
    } catch (error) {
      const fallback = kind === 'password' ? 'Failed to update password.' : 'Failed to reset account.';
      // The reset shows the server's message when there is one (docs/spec/barber-and-admin.md §8); set password its fixed text.
      const description = kind === 'reset' && isApiError(error) ? errorMessage(error, fallback) : fallback;
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description(name)}</DialogDescription>
          </DialogHeader>
          {kind === 'reset' ? (
            <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>This action cannot be undone.</p>
            </div>
          ) : null}
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>New Password</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={`${id}-hint`}
            />
            <p id={`${id}-hint`} className="text-sm text-zinc-600">
              At least {min} characters.
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant={kind === 'reset' ? 'destructive' : 'default'} disabled={tooShort || busy}>
              {busy ? text.busy : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
