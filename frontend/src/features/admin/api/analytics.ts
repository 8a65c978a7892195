import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, AdminReportKind } from '@barber/shared';
import { api, withQuery } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import type { DateRange } from '../lib/ranges';

const ADMIN_ANALYTICS_KEY = '/api/admin/analytics';

/** GET /api/admin/analytics?startDate&endDate: every figure of the Analytics screen in one call. */
export function useAdminAnalytics(range: DateRange | null) {
  return useQuery<AdminAnalytics>({
    queryKey: [ADMIN_ANALYTICS_KEY, range ?? {}],
    queryFn: answerQuery('adminAnalyticsAnswerSchema'),
    enabled: range !== null,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** The address of a CSV report of the range (an attachment, fetched by lib/download.ts). */
export function reportUrl(kind: AdminReportKind, range: DateRange): string {
  return withQuery(`/api/admin/reports/${kind}`, { startDate: range.startDate, endDate: range.endDate });
}

/** GET /api/admin/bookings/{id}/history: the booking's events with who did each. */
export function useBookingHistory(bookingId: string | null, version: number | undefined) {
  return useQuery({
    // The version makes a change of the booking (a push, an action here) read the history again.
    queryKey: ['admin', 'booking-history', bookingId, version ?? 0],
    queryFn: ({ signal }) =>
      api.get(`/api/admin/bookings/${bookingId}/history`, undefined, { signal, answer: 'bookingHistoryAnswerSchema' }),
    enabled: bookingId !== null,
    staleTime: 0,
  });
}
