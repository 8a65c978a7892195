import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { BarberSearchResult } from '@barber/shared';
import { PageHeader } from '../../../components/ui/PageTitle';
import { useBarberSearch } from '../api/search';
import {
  EMPTY_SEARCH,
  searchFromQueryString,
  searchToQueryString,
  slotsInRange,
  type SearchParams,
} from '../lib/searchParams';
import { QuickBookDialog } from './QuickBookDialog';
import { SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import { WaitlistSearchOffer } from '../../../components/waitlist/WaitlistSearchOffer';

/**
 * Barber search (docs/spec/customer-side.md §2.7). The submitted search lives in the URL, so going back
 * from a profile shows the same results again.
 */
export function SearchPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = searchFromQueryString(search);
  const query = useBarberSearch(params);
  const [booking, setBooking] = useState<{ barber: BarberSearchResult; slot: string | null } | null>(null);

  const onSearch = (next: SearchParams) => {
    const qs = searchToQueryString(next);
    if (qs === searchToQueryString(params ?? EMPTY_SEARCH)) void query.refetch();
    else navigate(`/search?${qs}`);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Find Your Perfect Barber"
        documentTitle="Search Barbers"
        description="Search by zipcode, date and time to find mobile barbers available to come to you."
      />
      <SearchForm initial={params ?? EMPTY_SEARCH} isSearching={query.isFetching} onSearch={onSearch} />
      {params ? (
        <SearchResults
          params={params}
          barbers={onceEach(query.data?.pages.flatMap((p) => p.barbers))}
          total={query.data?.pages[0]?.total ?? 0}
          message={query.data?.pages[0]?.message}
          isLoading={query.isPending}
          error={query.isError && !query.data ? query.error : null}
          onRetry={() => void query.refetch()}
          onBook={(barber, slot) => setBooking({ barber, slot: slot ?? null })}
          hasMore={query.hasNextPage}
          isLoadingMore={query.isFetchingNextPage}
          onShowMore={() => void query.fetchNextPage()}
          moreFailed={query.isFetchNextPageError}
          whenEmpty={
            // nobody free: offer the waitlists of the barbers whose day is full (issue 13)
            <WaitlistSearchOffer
              zipcode={params.zipcode}
              date={params.date}
              startTime={params.startTime || undefined}
              endTime={params.endTime || undefined}
              category={params.serviceCategory && params.serviceCategory !== 'all' ? params.serviceCategory : undefined}
            />
          }
        />
      ) : null}
      <QuickBookDialog
        barber={booking?.barber ?? null}
        initialSlot={booking?.slot ?? null}
        slots={booking && params ? slotsInRange(booking.barber.availableSlots, params.startTime, params.endTime) : []}
        date={params?.date ?? ''}
        zipcode={params?.zipcode ?? ''}
        serviceCategory={params?.serviceCategory}
        onClose={() => setBooking(null)}
      />
    </div>
  );
}

/**
 * Each barber once, where first listed: pages are read one by one, and a new review can move a barber of page 1
 * to page 2 between them.
 */
function onceEach(barbers: BarberSearchResult[] | undefined): BarberSearchResult[] | undefined {
  if (!barbers) return barbers;
  const seen = new Set<number>();
  return barbers.filter((b) => !seen.has(b.id) && Boolean(seen.add(b.id)));
}
