import type { BarberProfileInput, ProfileInput } from '@barber/shared';
import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { loadCurrentUser, useCurrentUser } from '../../../stores/session';
import { useBarberProfile, useProfileMutations } from '../api/profile';
import type { ActingBarber } from '../api/scope';
import { ErrorState } from './common/ErrorState';
import { PanelScope } from './common/PanelScope';
import { BarberProfileForm } from './profile/BarberProfileForm';
import { PersonalInfoForm, type PersonalUser } from './profile/PersonalInfoForm';
import { ProfileSummary } from './profile/ProfileSummary';

/** Barber profile (docs/spec/barber-and-admin.md §2): 'Barber Profile' and 'Personal Information' tabs, summary card. */
export function ProfilePage() {
  return (
    <div>
      <PageHeader title="Barber Profile" description="Manage your public profile and personal information" />
      <PanelScope>{(acting) => <ProfileScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

function submissionError() {
  toast({
    title: 'Submission Error',
    description: 'There was an error processing your form. Please try again.',
    variant: 'destructive',
  });
}

function ProfileScreen({ acting }: { acting: ActingBarber }) {
  const { user: currentUser } = useCurrentUser();
  const profile = useBarberProfile(acting.params);
  const { saveBarber, saveUser } = useProfileMutations(acting.params);

  if (profile.isLoading) {
    return (
      <LoadingStatus label="Loading profile" className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Skeleton className="h-96" />
        <Skeleton className="h-64" />
      </LoadingStatus>
    );
  }
  if (profile.isError) {
    return (
      <ErrorState
        title="Error Loading Profile"
        message={errorMessage(profile.error)}
        onRetry={() => void profile.refetch()}
      />
    );
  }

  const barber = profile.data?.barber ?? null;
  const user: PersonalUser | null = profile.data?.user ?? currentUser;
  if (!user) return null;

  /** Resolves true once saved (the form then counts what it sent as unedited). */
  function saveProfile(values: BarberProfileInput): Promise<boolean> {
    return saveBarber.mutateAsync({ id: barber?.id ?? null, body: values }).then(
      () => {
        toast({
          title: 'Profile Updated',
          description: 'Your barber profile has been updated.',
          variant: 'success',
        });
        return true;
      },
      (error: unknown) => {
        toast({
          title: 'Update Failed',
          description:
            isApiError(error) && error.status === 400
              ? errorMessage(error)
              : 'Failed to update your profile. Please try again.',
          variant: 'destructive',
        });
        return false;
      },
    );
  }

  /** Resolves true once saved. */
  function savePersonal(values: ProfileInput): Promise<boolean> {
    return saveUser.mutateAsync({ id: user!.id, body: values }).then(
      () => {
        toast({
          title: 'Personal Info Updated',
          description: 'Your personal information has been updated.',
          variant: 'success',
        });
        if (currentUser && currentUser.id === user!.id) void loadCurrentUser();
        return true;
      },
      (error: unknown) => {
        toast({
          title: 'Update Failed',
          description:
            isApiError(error) && (error.status === 400 || error.status === 409)
              ? errorMessage(error)
              : 'Failed to update your personal information. Please try again.',
          variant: 'destructive',
        });
        return false;
      },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Tabs defaultValue="barber" className="min-w-0">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="barber">Barber Profile</TabsTrigger>
          <TabsTrigger value="personal">Personal Information</TabsTrigger>
        </TabsList>
        <TabsContent value="barber" keepMounted>
          <BarberProfileForm
            barber={barber}
            onSubmit={saveProfile}
            onInvalid={submissionError}
            pending={saveBarber.isPending}
          />
        </TabsContent>
        <TabsContent value="personal" keepMounted>
          <PersonalInfoForm
            user={user}
            onSubmit={savePersonal}
            onInvalid={submissionError}
            pending={saveUser.isPending}
          />
        </TabsContent>
      </Tabs>
      <div className="lg:pt-[3.25rem]">
        <ProfileSummary user={user} barber={barber} />
      </div>
    </div>
  );
}
