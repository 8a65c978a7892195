import { addDaysLocal, daysBetweenLocal, type BookingView } from '@barber/shared';
import { mondayOf } from './calendar';
import { formatDateShort } from './format';
import { cents } from './format';
import type { DateRange } from './ranges';

type Completed = Pick<BookingView, 'status' | 'date' | 'totalAmount' | 'platformFee' | 'barberAmount' | 'customerId' | 'service'> & {
  serviceName?: string;
};

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

function inRange(date: string, range: DateRange): boolean {
  return date >= range.startDate && date <= range.endDate;
}

export function completedIn<T extends Completed>(bookings: T[], range: DateRange): T[] {
  return bookings.filter((b) => b.status === 'completed' && inRange(b.date, range));
}

/** Revenue and fees (dollars) per day (up to 31 days), per week (up to 92) or per month. */
export function revenueSeries(bookings: Completed[], range: DateRange): SeriesPoint[] {
  const days = daysBetweenLocal(range.startDate, range.endDate) + 1;
  const unit: 'day' | 'week' | 'month' = days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
  const bucketOf = (date: string) => (unit === 'day' ? date : unit === 'week' ? mondayOf(date) : date.slice(0, 7));
  const points = new Map<string, SeriesPoint>();
  const label = (key: string) =>
    unit === 'month' ? `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(2, 4)}` : formatDateShort(key);
  // every bucket of the range, so quiet days show as zero
  for (let d = range.startDate; d <= range.endDate; d = addDaysLocal(d, 1)) {
    const key = bucketOf(d);
    if (!points.has(key)) points.set(key, { key, label: label(key), revenue: 0, fees: 0, net: 0 });
  }
  for (const b of completedIn(bookings, range)) {
    const point = points.get(bucketOf(b.date));
    if (!point) continue;
    point.revenue += cents(b.totalAmount) / 100;
    point.fees += cents(b.platformFee) / 100;
    point.net += cents(b.barberAmount) / 100;
  }
  return [...points.values()].map((p) => ({
    ...p,
    revenue: Math.round(p.revenue * 100) / 100,
    fees: Math.round(p.fees * 100) / 100,
    net: Math.round(p.net * 100) / 100,
  }));
}

/** Revenue per service of the completed bookings in the range, largest first. */
export function serviceBreakdown(bookings: Completed[], range: DateRange): ServiceShare[] {
  const byName = new Map<string, { revenue: number; count: number }>();
  for (const b of completedIn(bookings, range)) {
    const name = b.serviceName || b.service?.name || 'Service';
    const entry = byName.get(name) ?? { revenue: 0, count: 0 };
    entry.revenue += cents(b.totalAmount);
    entry.count += 1;
    byName.set(name, entry);
  }
  const total = [...byName.values()].reduce((sum, e) => sum + e.revenue, 0);
  return [...byName.entries()]
    .map(([name, e]) => ({
      name,
      revenue: e.revenue / 100,
      count: e.count,
      percent: total > 0 ? (e.revenue / total) * 100 : 0,
    }))
    .sort((a, b) => b.revenue - a.revenue);
}

/**
 * New clients: customers whose first completed booking with the barber is dated in the range
 * (`history` must hold every earlier booking for an exact count).
 */
export function newClients(history: Completed[], range: DateRange): number {
  const first = new Map<number, string>();
  for (const b of history) {
    if (b.status !== 'completed') continue;
    const seen = first.get(b.customerId);
    if (!seen || b.date < seen) first.set(b.customerId, b.date);
  }
  let n = 0;
  for (const date of first.values()) if (inRange(date, range)) n += 1;
  return n;
}
