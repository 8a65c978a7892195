import { useQuery } from '@tanstack/react-query';
import type { EarningsTotals } from '@barber/shared';
import { withQuery } from '../../../lib/api';
import { downloadReport } from '../../../lib/download';
import { answerQuery } from '../../../lib/queryClient';
import type { DateRange } from '../lib/ranges';
import { useRefreshOnPanelEvents } from './refreshOnPanelEvents';

export type { EarningsTotals };

/**
 * GET /api/barber/earnings?startDate&endDate: one call answers the totals (with new clients), the period
 * before, the revenue series and the split by service of the completed bookings dated in the range.
 */
export function useEarnings(range: DateRange | null, params: { barberId?: number }, enabled = true) {
  return useQuery({
    queryKey: ['/api/barber/earnings', { startDate: range?.startDate, endDate: range?.endDate, ...params }],
    queryFn: answerQuery('earningsReportAnswerSchema'),
    enabled: enabled && range !== null,
  });
}

/** Events that change what the barber earned in a range: a booking completed, refunded (or a refund undone), moved or cancelled. */
const EARNINGS_EVENTS = new Set(['completed', 'refunded', 'refundFailed', 'rescheduled', 'cancelled']);
/** Pushed events read the earnings again at most once a second. */
export const EARNINGS_REFRESH_MS = 1_000;

/**
 * Reads the earnings again (the Earnings page, and the dashboard's figures and revenue panel, all from
 * GET /api/barber/earnings) when a pushed event changes them: a booking of the panel's barber (`barberId`, an
 * administrator's choice; none: the signed-in barber) completed, refunded, rescheduled or cancelled, by
 * anyone. A burst of events reads them once at once and once more after the second, not once each.
 */
export function useEarningsLive(barberId: number | null | undefined): void {
  useRefreshOnPanelEvents('/api/barber/earnings', EARNINGS_EVENTS, barberId, EARNINGS_REFRESH_MS);
}

/** The CSV download's address: GET /api/barber/earnings/export (text/csv, one row per booking, totals row). */
function earningsExportUrl(range: DateRange, params: { barberId?: number }): string {
  return withQuery('/api/barber/earnings/export', {
    startDate: range.startDate,
    endDate: range.endDate,
    barberId: params.barberId,
  });
}

/** Downloads the range's CSV under the server's file name, the outcome in a toast (lib/download.ts). */
export function downloadEarningsCsv(range: DateRange, params: { barberId?: number }): Promise<void> {
  return downloadReport(earningsExportUrl(range, params), `earnings-${range.startDate}-to-${range.endDate}.csv`);
}
