import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type CurrentUser, type ProfileInput } from '@barber/shared';
import { BarberAvatar } from '../../../components/customer/BarberAvatar';
import { ProfileFields } from '../../../components/ProfileFields';
import { SubmitButton } from '../../../components/ui/Button';
import { UnavailableButton } from '../../../components/ui/UnavailableButton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { setCurrentUser } from '../../../stores/session';
import { updateProfile } from '../api/profile';

/** The General tab's profile form (full name, email, phone) and the disabled Change Photo button. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: user.fullName, email: user.email, phone: user.phone ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await updateProfile(user.id, values);
      setCurrentUser({ ...user, ...updated });
      reset({ fullName: updated.fullName, email: updated.email, phone: updated.phone ?? '' });
      toast({
        title: 'Profile Updated',
        description: 'Your profile has been updated successfully.',
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Update your name, email and phone number.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex items-center gap-4">
          <BarberAvatar name={user.fullName || user.username} className="size-16 text-xl" />
          <div className="space-y-1">
            <p className="font-semibold">{user.fullName || user.username}</p>
            <p className="text-sm text-zinc-600">@{user.username}</p>
            <UnavailableButton variant="outline" size="sm" reason="Photo uploads are not available yet.">
              Change Photo
            </UnavailableButton>
          </div>
        </div>
        <form onSubmit={onSubmit} noValidate aria-label="Profile" className="space-y-4">
          <ProfileFields register={register} errors={errors} phoneLabel="Phone (optional)" />
          <SubmitButton pending={isSubmitting} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
