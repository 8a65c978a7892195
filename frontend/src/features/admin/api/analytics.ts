import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, AdminReportKind, BookingHistoryEntry } from '@barber/shared';
import { api, withQuery } from '../../../lib/api';
import type { DateRange } from '../lib/ranges';

export const ADMIN_ANALYTICS_KEY = '/api/admin/analytics';

/** GET /api/admin/analytics?startDate&endDate: every figure of the Analytics screen in one call. */
export function useAdminAnalytics(range: DateRange | null) {
  return useQuery<AdminAnalytics>({
    queryKey: [ADMIN_ANALYTICS_KEY, range ?? {}],
    enabled: range !== null,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** The address of a CSV report of the range (the browser downloads it: the answer is an attachment). */
export function reportUrl(kind: AdminReportKind, range: DateRange): string {
  return withQuery(`/api/admin/reports/${kind}`, { startDate: range.startDate, endDate: range.endDate });
}

/** GET /api/admin/bookings/{id}/history: the booking's events with who did each. */
export function useBookingHistory(bookingId: string | null, version: number | undefined) {
  return useQuery<{ history: BookingHistoryEntry[] }>({
    // The version makes a change of the booking (a push, an action here) read the history again.
    queryKey: ['admin', 'booking-history', bookingId, version ?? 0],
    queryFn: ({ signal }) => api.get(`/api/admin/bookings/${bookingId}/history`, undefined, { signal }),
    enabled: bookingId !== null,
    staleTime: 0,
  });
}
