import type { ReactNode } from 'react';
import { Users } from 'lucide-react';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { useActingBarber, type ActingBarber } from '../../api/scope';
import { BarberPicker } from './BarberPicker';

/**
 * Shows an administrator's barber picker above a panel screen and renders the screen once a
 * barber is chosen; a barber sees their own panel directly.
 */
export function PanelScope({ children }: { children: (acting: ActingBarber) => ReactNode }) {
  const acting = useActingBarber();
  return (
    <>
      {acting.isAdmin ? <BarberPicker /> : null}
      {acting.ready ? (
        children(acting)
      ) : (
        <EmptyState
          icon={<Users />}
          title="Choose a barber"
          description="Select the barber whose panel you want to view."
        />
      )}
    </>
  );
}
