import { ComingSoon } from '../../../components/ui/ComingSoon';

export function SearchPage() {
  return <ComingSoon title="Find Your Perfect Barber" documentTitle="Search barbers" description="Search by zipcode, date, time and service." />;
}
