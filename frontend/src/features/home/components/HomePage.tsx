import { Link } from 'wouter';
import { Search } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/Button';
import { ComingSoon } from '../../../components/ui/ComingSoon';

export function HomePage() {
  return (
    <ComingSoon title="Find Your Perfect Barber" documentTitle="Home" description="Mobile barbers who come to you in South Florida.">
      <Link href="/search" className={buttonVariants()}>
        <Search aria-hidden="true" />
        Search Barbers
      </Link>
    </ComingSoon>
  );
}
