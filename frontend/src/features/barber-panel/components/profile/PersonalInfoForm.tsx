import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type ProfileInput } from '@barber/shared';
import { Camera } from 'lucide-react';
import { Avatar } from '../../../../components/layouts/UserMenu';
import { ProfileFields } from '../../../../components/ProfileFields';
import { SubmitButton } from '../../../../components/ui/Button';
import { UnavailableButton } from '../../../../components/ui/UnavailableButton';
import { TitledCard } from '../../../../components/ui/Card';

export interface PersonalUser {
  id: number;
  fullName: string;
  username: string;
  email: string;
  phone: string | null;
}

/** Full name, email and phone (PUT /api/users/{id}); Change Photo is disabled. */
export function PersonalInfoForm({
  user,
  onSubmit,
  onInvalid,
  pending,
}: {
  user: PersonalUser;
  /** Sends the personal information; resolves true once it is saved. */
  onSubmit: (values: ProfileInput) => Promise<boolean> | void;
  /** The form could not be sent: a field is wrong (each says why below it). */
  onInvalid?: () => void;
  pending: boolean;
}) {
  const values = { fullName: user.fullName, email: user.email, phone: user.phone ?? '' };
  const { register, handleSubmit, reset, formState } = useForm<ProfileInput, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema, undefined, { raw: true }),
    defaultValues: values,
  });
  const errors = formState.errors;
  // a newer read of the account (another tab's or another device's save) updates what the barber has not edited
  useEffect(
    () => reset({ fullName: user.fullName, email: user.email, phone: user.phone ?? '' }, { keepDirtyValues: true }),
    [user, reset],
  );

  return (
    <TitledCard
      title="Personal Information"
      description="Your name and how customers and the platform reach you."
      contentClassName="space-y-6"
    >
      <div className="flex items-center gap-4">
        <Avatar name={user.fullName || user.username} size="lg" />
        <UnavailableButton variant="outline" reason="Photo uploads are not available yet.">
          <Camera aria-hidden="true" />
          Change Photo
        </UnavailableButton>
      </div>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={handleSubmit(
          async (v) => {
            const saved = await onSubmit({ ...v, phone: v.phone?.trim() || undefined });
            // What was saved is no longer an edit: a later read shows newer values of it.
            if (saved) reset(v);
          },
          () => onInvalid?.(),
        )}
      >
        <ProfileFields register={register} errors={errors} fullNameLabel="Full name" />
        <div>
          <SubmitButton pending={pending} pendingLabel="Saving...">
            Save Personal Info
          </SubmitButton>
        </div>
      </form>
    </TitledCard>
  );
}
