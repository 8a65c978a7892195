import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { profileSchema, type CurrentUser, type ProfileInput } from '@barber/shared';
import { Avatar } from '../../../../components/layouts/UserMenu';
import { ProfileFields } from '../../../../components/ProfileFields';
import { Button, SubmitButton } from '../../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { updateAdminProfile } from '../../api/profile';
import { Badge } from '../StatusBadge';

const valuesOf = (user: CurrentUser): ProfileInput => ({
  fullName: user.fullName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
});

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium text-zinc-600">{label}</dt>
      <dd className="text-zinc-900">{value ? value : <span className="text-zinc-600">Not set</span>}</dd>
    </div>
  );
}

/** Profile Information: view and edit modes (full name, email, phone). */
export function ProfileInfoCard({ user, className }: { user: CurrentUser; className?: string }) {
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), defaultValues: valuesOf(user) });

  // Outside edit mode the form follows the current user.
  useEffect(() => {
    if (!editing) reset(valuesOf(user));
  }, [user, editing, reset]);

  const cancel = () => {
    reset(valuesOf(user));
    setEditing(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateAdminProfile(values);
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
      setEditing(false);
    } catch (error) {
      toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  const name = user.fullName || user.username;

  return (
    <Card className={className}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle className="text-lg">Profile Information</CardTitle>
          <CardDescription>Your personal details</CardDescription>
        </div>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex items-center gap-4">
          <Avatar name={name} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-zinc-900">{name}</p>
            <p className="truncate text-sm text-zinc-600">@{user.username}</p>
          </div>
          <Badge className="ml-auto bg-zinc-900 text-white">Administrator</Badge>
        </div>
        {editing ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <ProfileFields register={register} errors={errors} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
                Cancel
              </Button>
              <SubmitButton pending={isSubmitting} pendingLabel="Saving...">
                Save
              </SubmitButton>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Full Name" value={user.fullName} />
            <Field label="Email" value={user.email} />
            <Field label="Phone" value={user.phone} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
