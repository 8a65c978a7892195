import { ComingSoon } from '../../../components/ui/ComingSoon';

export function EarningsPage() {
  return <ComingSoon title="Earnings" />;
}
