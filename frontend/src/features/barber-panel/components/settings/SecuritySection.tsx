import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { barberPasswordFormSchema, barberPasswordMinMessage, withPasswordMin } from '@barber/shared';
import { ShieldCheck } from 'lucide-react';
import { SubmitButton } from '../../../../components/ui/Button';
import { UnavailableButton } from '../../../../components/ui/UnavailableButton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { PASSWORD_INPUTS, type PasswordChangeValues } from '../../../../components/formInputs';
import { RegisteredFields } from '../../../../components/RegisteredFields';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { usePasswordMinLength } from '../../../../lib/publicSettings';
import { useChangePassword } from '../../api/settings';

const PASSWORD_LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (8 characters at least, confirmed) and the two-factor placeholder. */
export function SecuritySection({ isAdmin = false }: { isAdmin?: boolean }) {
  const change = useChangePassword();
  // 8 at least (docs/spec/barber-and-admin.md §5), more when the platform's passwordMinLength asks for more.
  const { min: platformMin, getMin } = usePasswordMinLength();
  const min = Math.max(8, platformMin);
  const schema = useMemo(
    () => withPasswordMin(barberPasswordFormSchema, 'newPassword', getMin, barberPasswordMinMessage),
    [getMin],
  );
  const { register, handleSubmit, reset, formState } = useForm<PasswordChangeValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Change Password</CardTitle>
          <CardDescription>
            {isAdmin
              ? `This changes your own administrator password. Use at least ${min} characters.`
              : `Use at least ${min} characters.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid max-w-md gap-4"
            noValidate
            onSubmit={handleSubmit(({ currentPassword, newPassword }) =>
              change.mutate(
                { currentPassword, newPassword },
                {
                  onSuccess: () => {
                    toast({
                      title: 'Password Updated',
                      description: 'Your password has been changed.',
                      variant: 'success',
                    });
                    reset(EMPTY);
                  },
                  onError: (error) =>
                    toast({
                      title: 'Update Failed',
                      description:
                        isApiError(error) && error.body?.message ? errorMessage(error) : 'Failed to update password.',
                      variant: 'destructive',
                    }),
                },
              ),
            )}
          >
            <RegisteredFields inputs={PASSWORD_INPUTS} register={register} errors={errors} labels={PASSWORD_LABELS} />
            <div>
              <SubmitButton pending={change.isPending} pendingLabel="Updating...">
                Update Password
              </SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <ShieldCheck className="size-5" aria-hidden="true" />
            Two-Factor Authentication
          </CardTitle>
          <CardDescription>Add an extra layer of security to your account.</CardDescription>
        </CardHeader>
        <CardContent>
          <UnavailableButton
            variant="outline"
            reason="Two-factor sign-in is offered to administrator accounts only for now."
          >
            Coming Soon
          </UnavailableButton>
        </CardContent>
      </Card>
    </div>
  );
}
