import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { useCurrentUser } from '../../../stores/session';
import { AccountDetailsCard } from './profile/AccountDetailsCard';
import { ProfileInfoCard } from './profile/ProfileInfoCard';
import { TwoFactorCard } from './profile/TwoFactorCard';

/** Admin profile (barber-and-admin spec "Admin profile"). */
export function ProfilePage() {
  const { user } = useCurrentUser();
  return (
    <div>
      <PageHeader title="Admin Profile" description="Manage your administrator account" />
      {user ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <ProfileInfoCard user={user} className="lg:col-span-2" />
          <AccountDetailsCard user={user} />
          <TwoFactorCard className="lg:col-span-2" />
        </div>
      ) : (
        <LoadingScreen />
      )}
    </div>
  );
}
