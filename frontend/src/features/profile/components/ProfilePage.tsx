import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { useCurrentUser } from '../../../stores/session';
import { ApplicationStatusCard } from './ApplicationStatusCard';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** Profile (docs/spec/customer-side.md §2.12): tabs General and Security. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  return (
    <div className="space-y-6">
      <PageHeader title="Profile" description="Manage your account details and password." />
      <Tabs defaultValue="general">
        <TabsList className="grid w-full grid-cols-2 sm:inline-grid sm:w-auto">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <ProfileForm key={user.id} user={user} />
          <ApplicationStatusCard user={user} />
        </TabsContent>
        <TabsContent value="security" className="mt-6 max-w-xl">
          <PasswordForm userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
