import { ComingSoon } from '../../../components/ui/ComingSoon';

export function ServicesPage() {
  return <ComingSoon title="Services" documentTitle="My services" />;
}
