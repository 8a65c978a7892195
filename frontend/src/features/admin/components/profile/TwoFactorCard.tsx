import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { TwoFactorSetup } from '@barber/shared';
import { CodeField } from '../../../../components/CodeField';
import { Button, SubmitButton } from '../../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { Spinner } from '../../../../components/ui/Spinner';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { cn } from '../../../../lib/cn';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRecoveryCodesSaved,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../../api/twoFactor';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';

/**
 * Two-factor sign-in (TOTP) of the signed-in administrator: set it up with a QR code or the key typed by
 * hand, confirm with a code (only then is it on), see the recovery codes once, turn it off with a code.
 */
export function TwoFactorCard({ className, required }: { className?: string; required?: boolean }) {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const recoveryCodesSaved = useRecoveryCodesSaved();

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          recoveryCodesSaved();
        }}
      />
    );
  } else if (status.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
        <Spinner /> Loading...
      </p>
    );
  } else if (status.isError) {
    body = (
      <ErrorNotice title="Could not load your two-factor sign-in settings." onRetry={() => void status.refetch()} />
    );
  } else if (status.data.enabled) {
    body = <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} required={status.data.required} />;
  } else if (setup) {
    body = (
      <Enrol
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = <Start required={required || status.data.required} onStarted={setSetup} />;
  }

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldCheck className="size-5" aria-hidden="true" />
          Two-Factor Authentication
        </CardTitle>
        <CardDescription>Sign in with your password and a code from an authenticator app</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{body}</CardContent>
    </Card>
  );
}

function Start({ required, onStarted }: { required: boolean; onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  return (
    <>
      <p className="text-sm text-zinc-700">
        Two-factor sign-in is off.{' '}
        {required
          ? 'This platform requires it for administrator accounts: set it up to use the admin area.'
          : 'Turn it on to protect your administrator account.'}
      </p>
      {start.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(start.error)}
        </p>
      ) : null}
      <Button onClick={() => start.mutate(undefined, { onSuccess: onStarted })} disabled={start.isPending}>
        {start.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
      </Button>
    </>
  );
}

function Enrol({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError('Enter the 6-digit code from your authenticator app');
    setError(undefined);
    confirm.mutate(code, {
      onSuccess: (answer) => {
        toast({ title: 'Two-factor sign-in is on', description: 'Sign-in now asks for a code from your app.' });
        onConfirmed(answer.recoveryCodes);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-700">
        <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy...).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <img
          src={setup.qrCode}
          alt="QR code to add this account to an authenticator app"
          width={180}
          height={180}
          className="rounded-md border border-zinc-200"
        />
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-zinc-700">Can&apos;t scan it? Enter this key in the app:</p>
          <code
            className="block break-all rounded-md bg-zinc-100 px-2 py-1 font-mono text-sm text-zinc-900"
            aria-label="Setup key"
          >
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <CodeField
          label="Authentication code"
          error={error}
          value={code}
          onCode={setCode}
          inputMode="numeric"
          className="max-w-48"
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={confirm.isPending} pendingLabel="Verifying...">
            Turn on two-factor sign-in
          </SubmitButton>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-zinc-900">
        Two-factor sign-in is on. Save these recovery codes now: they are shown only this once.
      </p>
      <p className="text-sm text-zinc-700">Each one signs you in once if you lose your authenticator app.</p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-zinc-100 p-3 font-mono text-sm text-zinc-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </div>
  );
}

function TurnOff({ recoveryCodesLeft, required }: { recoveryCodesLeft: number; required: boolean }) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the 6-digit code from your authenticator app or a recovery code');
    setError(undefined);
    disable.mutate(code, {
      onSuccess: () => {
        setCode('');
        toast({ title: 'Two-factor sign-in is off' });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-700">
        <span className="font-medium text-zinc-900">Two-factor sign-in is on.</span>{' '}
        <span className={cn(recoveryCodesLeft <= 2 && 'font-medium text-red-700')}>
          {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
        </span>
      </p>
      {required ? (
        <p className="text-sm text-zinc-700">
          This platform requires it for administrators: turned off, it must be set up again before using the admin area.
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-3">
        <CodeField
          label="Code to turn it off"
          hint="A current code from your app, or a recovery code."
          error={error}
          value={code}
          onCode={setCode}
          className="max-w-48"
        />
        <SubmitButton variant="destructive" pending={disable.isPending} pendingLabel="Turning off...">
          Turn off two-factor sign-in
        </SubmitButton>
      </form>
    </div>
  );
}
