import { ComingSoon } from '../../../components/ui/ComingSoon';

export function DashboardPage() {
  return <ComingSoon title="Dashboard" documentTitle="Barber dashboard" />;
}
