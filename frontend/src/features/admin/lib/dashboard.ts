import {
  addDaysLocal,
  keptAmounts,
  todayLocal,
  type AdminDashboard,
  type BookingView,
  type LocalDate,
  type PeriodTotals,
} from '@barber/shared';
import { ACTIVE_STATUSES } from './activity';
import { cents, formatLocalDate } from './format';

export const RANGE_OPTIONS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_OPTIONS)[number];

/** What the platform and the barber kept of a booking's price, refunds taken off (as the server's reports count). */
export function keptOf(b: BookingView): { total: number; platformFee: number; barberAmount: number } {
  return keptAmounts({
    totalCents: cents(b.totalAmount),
    barberAmountCents: cents(b.barberAmount),
    refundedCents: cents(b.refundedAmount),
    refunded: b.refunded,
  });
}

/** Change in percent from `previous` to `current`; null (left out) when there is nothing to compare with. */
function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export interface PeriodComparison {
  current: PeriodTotals;
  previous: PeriodTotals;
  bookingsChange: number | null;
  revenueChange: number | null;
}

export interface DayPoint {
  date: LocalDate;
  label: string;
  /** Bookings made that day. */
  bookings: number;
  /** Gross of the completed bookings dated that day, less refunds, in dollars. */
  revenue: number;
}

export type TopBarber = AdminDashboard['topBarbers'][number];

export interface DashboardView {
  comparison: PeriodComparison;
  series: DayPoint[];
  top: TopBarber[];
}

/** The views built, by the answer they were built of (an answer is not changed once read). */
const views = new WeakMap<AdminDashboard, DashboardView>();

/**
 * The server's figures of the period (GET /api/admin/dashboard) as the cards, the chart and Top Barbers show them.
 * Memoised on the answer: the dashboard renders on every push, and a chart handed the same series draws nothing again.
 */
export function dashboardView(answer: AdminDashboard): DashboardView {
  let view = views.get(answer);
  if (!view) {
    view = buildView(answer);
    views.set(answer, view);
  }
  return view;
}

function buildView(answer: AdminDashboard): DashboardView {
  const { current, previous } = answer;
  return {
    comparison: {
      current,
      previous,
      bookingsChange: percentChange(current.newBookings, previous.newBookings),
      revenueChange: percentChange(current.revenueCents, previous.revenueCents),
    },
    series: answer.series.map((d) => ({
      date: d.date,
      label: formatLocalDate(d.date, 'MMM d'),
      bookings: d.bookings,
      revenue: d.revenueCents / 100,
    })),
    top: answer.topBarbers,
  };
}

/** Platform fees of every completed booking given, less their part of refunds, in cents. */
export function platformFeesCents(bookings: BookingView[]): number {
  return bookings.reduce((sum, b) => (b.status === 'completed' ? sum + keptOf(b).platformFee : sum), 0);
}

/** Whether `a` was created after `b` (then by id, the greater first). */
function newer(a: BookingView, b: BookingView): boolean {
  // ISO instants as the server writes them (toISOString: same length, UTC) compare in time order as strings
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id.localeCompare(b.id) > 0;
}

/**
 * The newest bookings by creation, newest first: one pass over them (the live collection holds thousands, and this
 * runs on every push), keeping the `limit` newest seen so far in order.
 */
export function recentBookings(bookings: readonly BookingView[], limit = 10): BookingView[] {
  const top: BookingView[] = [];
  if (limit <= 0) return top;
  for (const b of bookings) {
    if (top.length === limit && !newer(b, top[limit - 1]!)) continue;
    let at = top.length;
    while (at > 0 && newer(b, top[at - 1]!)) at -= 1;
    top.splice(at, 0, b);
    if (top.length > limit) top.pop();
  }
  return top;
}

export interface LiveCounters {
  /** Bookings dated today that are not cancelled or no-show. */
  today: number;
  /**
   * Barbers on the way, arrived or at work right now: bookings of today or yesterday (a late visit runs past midnight)
   * in those statuses. One left in progress days ago (the barber never tapped Completed) is no one at work now.
   */
  inProgress: number;
  /** Bookings dated today that are completed. */
  completedToday: number;
}

export function liveCounters(bookings: BookingView[], today: LocalDate = todayLocal()): LiveCounters {
  let todayCount = 0;
  let inProgress = 0;
  let completedToday = 0;
  const yesterday = addDaysLocal(today, -1);
  for (const b of bookings) {
    if (ACTIVE_STATUSES.includes(b.status) && b.date >= yesterday && b.date <= today) inProgress += 1;
    if (b.date !== today) continue;
    if (b.status !== 'cancelled' && b.status !== 'no_show') todayCount += 1;
    if (b.status === 'completed') completedToday += 1;
  }
  return { today: todayCount, inProgress, completedToday };
}
