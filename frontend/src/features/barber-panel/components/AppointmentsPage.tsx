import { ComingSoon } from '../../../components/ui/ComingSoon';

export function AppointmentsPage() {
  return <ComingSoon title="Appointments" />;
}
