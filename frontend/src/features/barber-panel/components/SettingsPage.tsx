import { ComingSoon } from '../../../components/ui/ComingSoon';

export function SettingsPage() {
  return <ComingSoon title="Settings" documentTitle="Barber settings" />;
}
