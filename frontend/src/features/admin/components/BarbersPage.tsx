import { ComingSoon } from '../../../components/ui/ComingSoon';

export function BarbersPage() {
  return <ComingSoon title="Manage Barbers" />;
}
