import { useQuery } from '@tanstack/react-query';
import type { EarningsTotals } from '@barber/shared';
import { apiRequest, withQuery } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import type { DateRange } from '../lib/ranges';

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

/** The CSV download's address: GET /api/barber/earnings/export (text/csv, one row per booking, totals row). */
function earningsExportUrl(range: DateRange, params: { barberId?: number }): string {
  return withQuery('/api/barber/earnings/export', {
    startDate: range.startDate,
    endDate: range.endDate,
    barberId: params.barberId,
  });
}

/**
 * Downloads the range's CSV: fetched first (so a refusal shows as an error, not as a saved error page),
 * then saved under the server's file name.
 */
export async function downloadEarningsCsv(range: DateRange, params: { barberId?: number }): Promise<string> {
  const res = await apiRequest('GET', earningsExportUrl(range, params), undefined, { headers: { Accept: 'text/csv' } });
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `earnings-${range.startDate}-to-${range.endDate}.csv`;
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return name;
}
