import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordFormSchema, withPasswordMin } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { InputField } from '../../../components/ui/FormField';
import { toast } from '../../../components/ui/toast';
import { usePasswordMinLength } from '../../../lib/publicSettings';
import { changePassword } from '../api/profile';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The Security tab's password change form. */
export function PasswordForm({ userId }: { userId: number }) {
  const { min, getMin } = usePasswordMinLength();
  const schema = useMemo(() => withPasswordMin(passwordFormSchema, 'newPassword', getMin), [getMin]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
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
          <InputField
            label="Current Password"
            error={errors.currentPassword?.message}
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
          <InputField
            label="New Password"
            error={errors.newPassword?.message}
            type="password"
            autoComplete="new-password"
            {...register('newPassword')}
          />
          <InputField
            label="Confirm New Password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
