import { AlertCircle, SearchX } from 'lucide-react';
import type { BarberSearchResult } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { AvatarListSkeleton } from '../../../components/ui/AvatarCardSkeleton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { errorMessage } from '../../../lib/api';
import { slotsInRange, type SearchParams } from '../lib/searchParams';
import type { ReactNode } from 'react';
import { SearchResultCard } from './SearchResultCard';

const ADJUST_HINT = 'Try adjusting your date, time range or search area to find available barbers.';

/**
 * Why the search found no one, when the server gave a reason of its own (a zipcode outside the service
 * area, a date out of the booking window); its plain "No barbers found" answer gets the spec's hint.
 */
function emptyReason(serverMessage: string | undefined): string {
  if (!serverMessage || /^(No barbers found|Found \d)/.test(serverMessage)) return ADJUST_HINT;
  return serverMessage;
}

/**
 * Results: shown only after a search; "Found N available barber(s)", "No barbers found" with the
 * server's reason, or, when the search failed, the error and Retry (never an empty result).
 */
export function SearchResults({
  params,
  barbers,
  total,
  message,
  isLoading,
  error,
  onRetry,
  onBook,
  hasMore,
  isLoadingMore,
  onShowMore,
  moreFailed = false,
  whenEmpty,
}: {
  params: SearchParams;
  /** The pages loaded so far, in order. */
  barbers: BarberSearchResult[] | undefined;
  /** Every barber free on the date, loaded or not. */
  total: number;
  /** The server's message of the first page. */
  message: string | undefined;
  isLoading: boolean;
  /** The failure of the search, or null. */
  error: unknown;
  onRetry: () => void;
  /** Opens Quick Book for a barber, with a time chosen when a time chip was pressed. */
  onBook: (barber: BarberSearchResult, slot?: string) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onShowMore: () => void;
  /** The next page failed: said beside Show more, which asks again. */
  moreFailed?: boolean;
  /** Shown under "No barbers found" (the waitlists of fully booked barbers, issue 13). */
  whenEmpty?: ReactNode;
}) {
  if (isLoading) {
    return (
      <AvatarListSkeleton label="Searching barbers" avatar="size-16" bars={['h-5 w-1/3', 'h-4 w-1/2', 'h-8 w-full']} />
    );
  }

  if (error) {
    return (
      <section aria-label="Search results" role="alert">
        <EmptyState
          icon={<AlertCircle />}
          title="Search failed"
          description={errorMessage(error, 'The search could not be completed.')}
          action={
            <Button variant="outline" onClick={onRetry}>
              Retry
            </Button>
          }
        />
      </section>
    );
  }

  const visible = (barbers ?? [])
    .map((barber) => ({ barber, slots: slotsInRange(barber.availableSlots, params.startTime, params.endTime) }))
    .filter((r) => r.slots.length > 0);

  // the server counts every barber free on the date; the page holds only some of them
  const count = Math.max(total, visible.length);

  if (visible.length === 0) {
    return (
      <section aria-label="Search results" className="space-y-4">
        <EmptyState
          icon={<SearchX />}
          title="No barbers found"
          description={total === 0 ? emptyReason(message) : ADJUST_HINT}
        />
        {whenEmpty}
      </section>
    );
  }

  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <h2 id="results-heading" className="text-xl font-semibold" aria-live="polite">
        Found {count} available barber(s)
      </h2>
      <ul className="space-y-4">
        {visible.map(({ barber, slots }) => (
          <li key={barber.id}>
            <SearchResultCard barber={barber} slots={slots} search={params} onBook={(slot) => onBook(barber, slot)} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-zinc-600" aria-live="polite">
            Showing {visible.length} of {count}
          </p>
          <Button variant="outline" onClick={onShowMore} disabled={isLoadingMore} aria-busy={isLoadingMore}>
            {isLoadingMore ? 'Loading...' : 'Show more'}
          </Button>
          {moreFailed && !isLoadingMore ? (
            <p role="alert" className="text-sm text-red-700">
              More barbers could not be loaded. Please try again.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
