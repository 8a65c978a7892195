import { useQuery } from '@tanstack/react-query';
import type { EarningsTotals } from '@barber/shared';
import { withQuery } from '../../../lib/api';
import { downloadReport } from '../../../lib/download';
import { answerQuery } from '../../../lib/queryClient';
import type { DateRange } from '../lib/ranges';
import { useRefreshOnPanelEvents } from './refreshOnPanelEvents';

export type { EarningsTotals };

/** Events that change what the barber earned in a range: a booking completed, refunded (or a refund undone), moved or cancelled. */
const EARNINGS_EVENTS = new Set(['completed', 'refunded', 'refundFailed', 'rescheduled', 'cancelled']);

/**
 * GET /api/barber/earnings?startDate&endDate: one call answers the totals (with new clients), the period
 * before, the revenue series and the split by service of the completed bookings dated in the range. Read again (the
 * Earnings page, and the dashboard's figures and revenue panel) when a pushed event changes them: a booking of the
 * panel's barber (`barberId`, an administrator's choice; none: the signed-in barber) completed, refunded (or its
 * refund failed), rescheduled or cancelled, by anyone; a burst once at once and once more after a second.
 */
export function useEarnings(range: DateRange | null, params: { barberId?: number }, enabled = true) {
  useRefreshOnPanelEvents('/api/barber/earnings', EARNINGS_EVENTS, params.barberId);
  return useQuery({
    queryKey: ['/api/barber/earnings', { startDate: range?.startDate, endDate: range?.endDate, ...params }],
    queryFn: answerQuery('earningsReportAnswerSchema'),
    enabled: enabled && range !== null,
  });
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
