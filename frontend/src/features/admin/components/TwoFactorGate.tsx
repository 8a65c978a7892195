import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { heldForTwoFactor } from '../../../lib/twoFactorHold';
import { useTwoFactorStatus } from '../api/twoFactor';
import { TwoFactorCard } from './profile/TwoFactorCard';

/**
 * "Require 2FA for admin accounts": an administrator who has not set up two-factor sign-in sees only its
 * set-up until they have (the server refuses the admin area's calls meanwhile with
 * TWO_FACTOR_SETUP_REQUIRED). A failure to read the state shows the screens, whose calls say the rest. The
 * header's bell and the live connection, outside this gate, wait on the same read (lib/twoFactorHold).
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus();
  if (status.isPending) return <LoadingScreen />;
  if (heldForTwoFactor(status.data)) {
    return (
      <div className="max-w-3xl">
        <PageHeader
          title="Set up two-factor sign-in"
          description="This platform requires two-factor sign-in for administrator accounts."
        />
        <TwoFactorCard required />
      </div>
    );
  }
  return <>{children}</>;
}
