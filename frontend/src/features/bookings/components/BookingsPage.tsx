import { ComingSoon } from '../../../components/ui/ComingSoon';

export function BookingsPage() {
  return <ComingSoon title="My Bookings" />;
}
