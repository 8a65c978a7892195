import { ComingSoon } from '../../../components/ui/ComingSoon';

export function BookingsPage() {
  return <ComingSoon title="Bookings Management" description="Monitor and manage all platform bookings" />;
}
