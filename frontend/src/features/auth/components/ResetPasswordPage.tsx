import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { withPasswordMin } from '@barber/shared';
import { PASSWORD_INPUTS } from '../../../components/formInputs';
import { RegisteredFields } from '../../../components/RegisteredFields';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { usePasswordMinLength } from '../../../lib/publicSettings';
import { loadCurrentUser } from '../../../stores/session';
import { isInvalidResetToken, resetPassword } from '../api/resetPassword';
import { LOGIN_AFTER_RESET, resetPasswordFormSchema, type ResetPasswordForm } from '../lib/resetForm';
import { AUTH_LINK_CLASS, AuthCard, AuthForm } from './AuthCard';

/** The token of the link, when it can be one (the server's body rule: 20 to 200 characters). */
function tokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.length >= 20 && token.length <= 200 ? token : null;
}

/** Reset password, opened from the emailed link /reset-password?token=... (docs/design.md §9). */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [, navigate] = useLocation();
  const token = tokenOf(useSearch());
  const [linkRefused, setLinkRefused] = useState(false);
  const { getMin } = usePasswordMinLength();
  const schema = useMemo(() => withPasswordMin(resetPasswordFormSchema, 'newPassword', getMin), [getMin]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    try {
      await resetPassword(token, newPassword);
      // the reset ended every session of its user: a browser signed in as them (or as someone else) learns which
      // it is before the sign-in screen decides whether to show the notice or move on (quiet: that notice says it)
      await loadCurrentUser({ quiet: true });
      navigate(LOGIN_AFTER_RESET, { replace: true });
    } catch (error) {
      if (isInvalidResetToken(error)) setLinkRefused(true);
      else toast({ title: 'Password reset failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  const invalidLink = !token || linkRefused;
  return (
    <AuthCard title="Reset password" description="Choose a new password for your account">
      {invalidLink ? (
        <div role="alert" className="space-y-3 rounded-lg bg-zinc-100 p-4 text-center">
          <p className="text-sm text-zinc-800">
            This password reset link is invalid or has expired. Please request a new one.
          </p>
          <Link href="/forgot-password" className={`text-sm ${AUTH_LINK_CLASS}`}>
            Forgot password?
          </Link>
        </div>
      ) : (
        <AuthForm onSubmit={onSubmit} pending={isSubmitting} submitLabel="Reset password" pendingLabel="Resetting...">
          <RegisteredFields
            inputs={PASSWORD_INPUTS}
            register={register}
            errors={errors}
            labels={{ newPassword: 'New password', confirmPassword: 'Confirm new password' }}
          />
        </AuthForm>
      )}
      <p className="text-center text-sm text-zinc-700">
        <Link href="/login" className={AUTH_LINK_CLASS}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
