import type { EarningsReport } from '@barber/shared';
import { formatDateShort } from './format';

/*
 * The Earnings and Dashboard charts draw what GET /api/barber/earnings answers (the server aggregates
 * the bookings); these only label the points and add each service's share.
 */

export interface SeriesPoint {
  key: string;
  label: string;
  revenue: number;
  fees: number;
  net: number;
}

export interface ServiceShare {
  name: string;
  revenue: number;
  count: number;
  percent: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The server's series with labels: "Nov 3" for days and weeks (their first day), "Nov 26" for months. */
export function chartPoints(series: EarningsReport['series']): SeriesPoint[] {
  return series.points.map((p) => ({
    key: p.start,
    label:
      series.unit === 'month'
        ? `${MONTHS[Number(p.start.slice(5, 7)) - 1]} ${p.start.slice(2, 4)}`
        : formatDateShort(p.start),
    revenue: p.revenue,
    fees: p.fees,
    net: p.net,
  }));
}

/** Revenue per service with its share of the total, largest first (the server's order). */
export function serviceShares(byService: EarningsReport['byService']): ServiceShare[] {
  const total = byService.reduce((sum, s) => sum + s.revenue, 0);
  return byService.map((s) => ({ ...s, percent: total > 0 ? (s.revenue / total) * 100 : 0 }));
}
