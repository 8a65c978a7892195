import { useState } from 'react';
import type { RegionKey } from '@barber/shared';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { useCurrentUser, useSession } from '../../../stores/session';
import { useBarbers } from '../api/barbers';
import { DEFAULT_HOME_CITY, type HomeCategory } from '../lib/filters';
import { FeaturedBarbers, NearbyBarbers } from './BarberSections';
import { HomeFilters } from './HomeFilters';
import { ClosingCallToAction, CountiesSection, FeaturesSection } from './MarketingSections';
import { SignedInBanner } from './SignedInBanner';
import { VisitorHero } from './VisitorHero';

/** Home and barber listing (docs/spec/customer-side.md §2.4), at / and /barbers. */
export function HomePage() {
  usePageTitle('Home');
  const { user } = useCurrentUser();
  const newAccount = useSession((s) => s.newAccount);
  const [city, setCity] = useState<RegionKey>(DEFAULT_HOME_CITY);
  const [category, setCategory] = useState<HomeCategory>('all');
  const query = useBarbers(city, category);
  const sectionProps = {
    barbers: query.data?.barbers,
    isLoading: query.isPending,
    isError: query.isError,
    onRetry: () => void query.refetch(),
  };

  return (
    <div className="space-y-10">
      {user ? (
        <div className="space-y-6">
          <SignedInBanner name={user.fullName || user.username} newAccount={newAccount} />
          <HomeFilters city={city} category={category} onCityChange={setCity} onCategoryChange={setCategory} />
        </div>
      ) : (
        <VisitorHero />
      )}
      <FeaturedBarbers {...sectionProps} />
      <NearbyBarbers {...sectionProps} />
      {user ? null : (
        <>
          <FeaturesSection />
          <CountiesSection />
          <ClosingCallToAction />
        </>
      )}
    </div>
  );
}
