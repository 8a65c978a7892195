import type { ReactNode } from 'react';
import { SearchX, Users } from 'lucide-react';
import type { BarberListing } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { FEATURED_COUNT, NEARBY_COUNT } from '../lib/filters';
import { BarberCard } from './BarberCard';

interface SectionProps {
  barbers: BarberListing[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** A section of the home page under its heading. */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold tracking-tight md:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Featured Barbers": the first 2 barbers as large cards. */
export function FeaturedBarbers({ barbers, isLoading, isError, onRetry }: SectionProps) {
  const featured = (barbers ?? []).slice(0, FEATURED_COUNT);
  return (
    <HomeSection id="featured-heading" title="Featured Barbers">
      {isLoading ? (
        <LoadingStatus label="Loading barbers" className="grid gap-4 md:grid-cols-2">
          {[0, 1].map((i) => (
            <Card key={i} className="overflow-hidden">
              <Skeleton className="h-44 rounded-none" />
              <div className="space-y-3 p-5">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-9 w-full" />
              </div>
            </Card>
          ))}
        </LoadingStatus>
      ) : isError ? (
        <EmptyState
          headingLevel={3}
          icon={<SearchX />}
          title="Could not load barbers"
          description="Something went wrong while loading the barbers. Please try again."
          action={
            <Button variant="outline" onClick={onRetry}>
              Try Again
            </Button>
          }
        />
      ) : featured.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<SearchX />}
          title="No barbers found"
          description="No barbers are available in this area with the selected filters."
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {featured.map((b) => (
            <BarberCard key={b.id} barber={b} variant="featured" />
          ))}
        </div>
      )}
    </HomeSection>
  );
}

/** "Nearby Barbers": the first 5 barbers, a horizontally scrolling row of compact cards. */
export function NearbyBarbers({ barbers, isLoading, isError }: SectionProps) {
  const nearby = (barbers ?? []).slice(0, NEARBY_COUNT);
  return (
    <HomeSection id="nearby-heading" title="Nearby Barbers">
      {isLoading ? (
        <LoadingStatus label="Loading nearby barbers" className="flex gap-4 overflow-hidden">
          {[0, 1, 2].map((i) => (
            <Card key={i} className="w-64 shrink-0 space-y-3 p-4">
              <div className="flex items-center gap-3">
                <Skeleton className="size-12 rounded-full" />
                <Skeleton className="h-4 w-28" />
              </div>
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-8 w-full" />
            </Card>
          ))}
        </LoadingStatus>
      ) : isError ? null : nearby.length === 0 ? (
        <EmptyState headingLevel={3} icon={<Users />} title="No nearby barbers available" className="py-8" />
      ) : (
        <ul className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:px-0" aria-label="Nearby barbers">
          {nearby.map((b) => (
            <li key={b.id} className="flex">
              <BarberCard barber={b} variant="compact" />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
