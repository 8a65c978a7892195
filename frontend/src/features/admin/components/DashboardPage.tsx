import { ComingSoon } from '../../../components/ui/ComingSoon';

export function DashboardPage() {
  return <ComingSoon title="Admin Dashboard" />;
}
