import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { UnavailableButton } from '../../../components/ui/UnavailableButton';
import { ACCOUNT_INPUTS } from '../../../components/formInputs';
import { RegisteredFields } from '../../../components/RegisteredFields';
import { CodeField } from '../../../components/CodeField';
import { InputField } from '../../../components/ui/FormField';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { errorMessage } from '../../../lib/api';
import { completeTwoFactorLogin, login, useCurrentUser } from '../../../stores/session';
import { AUTH_REDIRECT_DELAY_MS, destinationAfterSignIn, safeRedirect } from '../lib/redirect';
import { AUTH_LINK_CLASS, AuthCard, AuthForm } from './AuthCard';

/** Sign-in screen (docs/spec/customer-side.md §2.5). */
export function LoginPage() {
  usePageTitle('Sign in');
  const [, navigate] = useLocation();
  const search = useSearch();
  const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
  const afterReset = new URLSearchParams(search).get('reset') === 'done';
  const { user } = useCurrentUser();
  /** The password was right and the account has two-factor sign-in: the code step shows. */
  const [codeStep, setCodeStep] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  // Once signed in (now, or already when the screen opened): follow the redirect or go to the role's home.
  useEffect(() => {
    if (!user) return;
    const target = destinationAfterSignIn(user.role, redirect);
    const timer = setTimeout(() => navigate(target, { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, redirect, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await login(values);
      if ('twoFactorRequired' in answer) setCodeStep(true);
    } catch (error) {
      // The session store toasts the failure; the screen only logs it (docs/spec/customer-side.md §4).
      console.error('Login failed', error);
    }
  });

  return (
    <AuthCard
      title="Sign in"
      description={
        codeStep
          ? 'Enter the 6-digit code from your authenticator app'
          : 'Enter your username and password to access your account'
      }
    >
      {codeStep ? (
        <TwoFactorStep onBack={() => setCodeStep(false)} />
      ) : (
        <>
          {afterReset && (
            <p role="status" className="rounded-lg bg-zinc-100 p-3 text-center text-sm text-zinc-800">
              Your password has been reset. Sign in with your new password.
            </p>
          )}
          <AuthForm onSubmit={onSubmit} pending={isSubmitting} submitLabel="Sign in" pendingLabel="Signing in...">
            <RegisteredFields
              inputs={ACCOUNT_INPUTS}
              register={register}
              errors={errors}
              labels={{ username: 'Username' }}
            />
            <InputField
              label="Password"
              error={errors.password?.message}
              labelAside={
                <Link
                  href="/forgot-password"
                  className="text-sm font-medium text-zinc-800 underline underline-offset-4 hover:text-zinc-950"
                >
                  Forgot password?
                </Link>
              }
              type="password"
              autoComplete="current-password"
              {...register('password')}
            />
          </AuthForm>

          <div className="relative text-center text-sm">
            <div className="absolute inset-x-0 top-1/2 h-px bg-zinc-200" aria-hidden="true" />
            <span className="relative bg-white px-2 text-zinc-600">Or continue with</span>
          </div>
          <UnavailableButton variant="outline" className="w-full" reason="Google sign-in is not available yet.">
            <GoogleMark />
            Google
          </UnavailableButton>

          <p className="text-center text-sm text-zinc-700">
            Don&apos;t have an account?{' '}
            <Link href="/register" className={AUTH_LINK_CLASS}>
              Sign up
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}

/** The second step of a sign-in with two-factor on: a code of the authenticator app or a recovery code. */
function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the 6-digit code from your authenticator app or a recovery code');
    setError(undefined);
    setBusy(true);
    try {
      await completeTwoFactorLogin(code);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not check the code. Try again.'));
      setBusy(false);
    }
  };
  return (
    <AuthForm
      onSubmit={submit}
      pending={busy}
      submitLabel="Verify"
      pendingLabel="Verifying..."
      after={
        <Button type="button" variant="outline" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      }
    >
      <CodeField
        label="Authentication code"
        hint="Lost your device? Enter one of your recovery codes instead."
        error={error}
        value={code}
        onCode={setCode}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
      />
    </AuthForm>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
