import { useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@barber/shared';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/FormField';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { requestPasswordReset } from '../api/forgotPassword';
import { AUTH_LINK_CLASS, AuthCard, AuthForm } from './AuthCard';

/** Forgot password (docs/design.md §9): asks for the email; the answer never tells whether it exists. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      toast({ title: 'Request failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <AuthCard
      title="Forgot password?"
      description="Enter the email address of your account and we will send you a link to reset your password"
    >
      {sentTo ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-lg bg-zinc-100 p-4 text-center">
          <MailCheck className="size-8 text-zinc-800" aria-hidden="true" />
          <p className="text-sm text-zinc-800">
            If an account exists for that email, we sent a link to reset your password.
          </p>
          <Button variant="link" onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </div>
      ) : (
        <AuthForm onSubmit={onSubmit} pending={isSubmitting} submitLabel="Send reset link" pendingLabel="Sending...">
          <InputField
            label="Email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            {...register('email')}
          />
        </AuthForm>
      )}
      <p className="text-center text-sm text-zinc-700">
        Remembered it?{' '}
        <Link href="/login" className={AUTH_LINK_CLASS}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
