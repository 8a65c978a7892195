import { useQuery } from '@tanstack/react-query';
import { addDaysLocal, todayLocal } from '@barber/shared';
import type { DateRange } from '../lib/ranges';
import { fetchPastBookings, type PastBooking } from './bookings';

export interface EarningsTotals {
  totalBookings: number;
  totalRevenue: number;
  netRevenue: number;
  platformFees: number;
}

export interface EarningsAnswer {
  earnings: EarningsTotals;
  startDate: string;
  endDate: string;
}

/** GET /api/barber/earnings?startDate&endDate (completed bookings dated in the range). */
export function useEarnings(range: DateRange | null, params: { barberId?: number }, enabled = true) {
  return useQuery<EarningsAnswer>({
    queryKey: ['/api/barber/earnings', { startDate: range?.startDate, endDate: range?.endDate, ...params }],
    enabled: enabled && range !== null,
  });
}

/** At most this many past bookings are read to compute breakdowns (20 pages of 50). */
export const HISTORY_LIMIT = 1000;
const HISTORY_PAGE = 50;

export interface BookingHistory {
  bookings: PastBooking[];
  /** True when the barber has more bookings than HISTORY_LIMIT (older ones were not read). */
  capped: boolean;
}

/**
 * The barber's bookings up to today (or `until`), newest first (GET /api/barber-bookings/past paged through):
 * the data behind the By Service split, the revenue series and the new-clients count.
 */
export function useBookingHistory(params: { barberId?: number }, options: { until?: string; enabled?: boolean } = {}) {
  const today = todayLocal();
  // through today, or through a custom range's end when it lies ahead
  const until = options.until && options.until > today ? options.until : today;
  return useQuery<BookingHistory>({
    queryKey: ['barber-panel:history', { until, ...params }],
    enabled: options.enabled ?? true,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const before = addDaysLocal(until, 1);
      const bookings: PastBooking[] = [];
      let page = 1;
      let hasMore = true;
      while (hasMore && bookings.length < HISTORY_LIMIT) {
        if (signal.aborted) break;
        const answer = await fetchPastBookings({ page, limit: HISTORY_PAGE, before, barberId: params.barberId });
        bookings.push(...answer.bookings);
        hasMore = answer.hasMore;
        page += 1;
      }
      return { bookings, capped: hasMore };
    },
  });
}
