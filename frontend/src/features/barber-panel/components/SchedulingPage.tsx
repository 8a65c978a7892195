import { ComingSoon } from '../../../components/ui/ComingSoon';

export function SchedulingPage() {
  return <ComingSoon title="Scheduling & Service Areas" documentTitle="Scheduling" />;
}
