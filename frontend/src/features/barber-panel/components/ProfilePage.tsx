import { ComingSoon } from '../../../components/ui/ComingSoon';

export function ProfilePage() {
  return <ComingSoon title="Barber Profile" />;
}
