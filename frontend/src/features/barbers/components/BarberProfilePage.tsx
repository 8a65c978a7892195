import { ComingSoon } from '../../../components/ui/ComingSoon';

export function BarberProfilePage() {
  return <ComingSoon title="Barber Profile" />;
}
