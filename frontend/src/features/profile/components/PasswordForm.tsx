import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordMinMessage, passwordFormSchema, withPasswordMin } from '@barber/shared';
import { SubmitButton } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { PASSWORD_INPUTS, type PasswordChangeValues } from '../../../components/formInputs';
import { RegisteredFields } from '../../../components/RegisteredFields';
import { toast } from '../../../components/ui/toast';
import { usePasswordMinLength } from '../../../lib/publicSettings';
import { changePassword } from '../api/profile';

const PASSWORD_LABELS = {
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
};

/** The Security tab's password change form. */
export function PasswordForm({ userId }: { userId: number }) {
  const { min, getMin } = usePasswordMinLength();
  const schema = useMemo(
    () => withPasswordMin(passwordFormSchema, 'newPassword', getMin, newPasswordMinMessage),
    [getMin],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword(userId, { currentPassword, newPassword });
      reset();
      toast({
        title: 'Password Updated',
        description: 'Your password has been changed successfully.',
        variant: 'success',
      });
    } catch (error) {
      console.error('Password change failed', error);
      toast({
        title: 'Password Change Failed',
        description: 'Failed to update your password. Please check your current password.',
        variant: 'destructive',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Use at least {min} characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Change password" className="space-y-4">
          <RegisteredFields inputs={PASSWORD_INPUTS} register={register} errors={errors} labels={PASSWORD_LABELS} />
          <SubmitButton pending={isSubmitting} pendingLabel="Updating...">
            Update Password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
