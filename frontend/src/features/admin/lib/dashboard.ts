import { addDaysLocal, keptAmounts, todayLocal, type BookingView, type LocalDate } from '@barber/shared';
import { ACTIVE_STATUSES } from './activity';
import { cents, formatLocalDate, localDateOf } from './format';

export const RANGE_OPTIONS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_OPTIONS)[number];

export interface PeriodWindow {
  start: LocalDate;
  end: LocalDate;
  prevStart: LocalDate;
  prevEnd: LocalDate;
}

/** The last `days` days up to today (New York) and the same number of days before them. */
export function periodWindow(days: number, today: LocalDate = todayLocal()): PeriodWindow {
  const start = addDaysLocal(today, -(days - 1));
  return { start, end: today, prevStart: addDaysLocal(start, -days), prevEnd: addDaysLocal(start, -1) };
}

/** What the platform and the barber kept of a booking's price, refunds taken off (as the server's reports count). */
export function keptOf(b: BookingView): { total: number; platformFee: number; barberAmount: number } {
  return keptAmounts({
    totalCents: cents(b.totalAmount),
    barberAmountCents: cents(b.barberAmount),
    refundedCents: cents(b.refundedAmount),
    refunded: b.refunded,
  });
}

const within = (d: string | null, from: LocalDate, to: LocalDate) => d !== null && d >= from && d <= to;

/** Change in percent from `previous` to `current`; null (left out) when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export interface PeriodTotals {
  /** Bookings made (created) in the period. */
  newBookings: number;
  /** Gross of completed bookings dated in the period, less refunds, in cents. */
  revenueCents: number;
  /** Platform fees of those bookings (the fee stored on each booking, less its part of refunds), in cents. */
  platformFeeCents: number;
}

function totals(bookings: BookingView[], from: LocalDate, to: LocalDate): PeriodTotals {
  let newBookings = 0;
  let revenueCents = 0;
  let platformFeeCents = 0;
  for (const b of bookings) {
    if (within(localDateOf(b.createdAt), from, to)) newBookings += 1;
    if (b.status === 'completed' && within(b.date, from, to)) {
      const kept = keptOf(b);
      revenueCents += kept.total;
      platformFeeCents += kept.platformFee;
    }
  }
  return { newBookings, revenueCents, platformFeeCents };
}

export interface PeriodComparison {
  current: PeriodTotals;
  previous: PeriodTotals;
  bookingsChange: number | null;
  revenueChange: number | null;
}

export function comparePeriods(bookings: BookingView[], window: PeriodWindow): PeriodComparison {
  const current = totals(bookings, window.start, window.end);
  const previous = totals(bookings, window.prevStart, window.prevEnd);
  return {
    current,
    previous,
    bookingsChange: percentChange(current.newBookings, previous.newBookings),
    revenueChange: percentChange(current.revenueCents, previous.revenueCents),
  };
}

/** Platform fees of every completed booking given, less their part of refunds, in cents. */
export function platformFeesCents(bookings: BookingView[]): number {
  return bookings.reduce((sum, b) => (b.status === 'completed' ? sum + keptOf(b).platformFee : sum), 0);
}

export interface DayPoint {
  date: LocalDate;
  label: string;
  /** Bookings made that day. */
  bookings: number;
  /** Gross of the completed bookings dated that day, less refunds, in dollars. */
  revenue: number;
}

/** One point per day of the window: bookings made, and revenue of completed bookings by appointment date. */
export function dailySeries(bookings: BookingView[], window: PeriodWindow): DayPoint[] {
  const points = new Map<LocalDate, DayPoint>();
  for (let d = window.start; d <= window.end; d = addDaysLocal(d, 1)) {
    points.set(d, { date: d, label: formatLocalDate(d, 'MMM d'), bookings: 0, revenue: 0 });
  }
  for (const b of bookings) {
    const created = localDateOf(b.createdAt);
    const made = created ? points.get(created) : undefined;
    if (made) made.bookings += 1;
    const dated = points.get(b.date);
    if (dated && b.status === 'completed') dated.revenue += keptOf(b).total / 100;
  }
  return [...points.values()].map((p) => ({ ...p, revenue: Math.round(p.revenue * 100) / 100 }));
}

export interface TopBarber {
  barberId: number;
  name: string;
  email: string;
  bookings: number;
  completed: number;
  /** Gross of completed bookings, less refunds, in cents. */
  revenueCents: number;
  /** The barbers' share of them (the amount stored on each booking, less its part of refunds), in cents. */
  earningsCents: number;
}

/**
 * Barbers by completed revenue, then by bookings, over the bookings of the window: made in it or
 * dated in it (so upcoming bookings count as well as completed ones); cancellations are left out.
 */
export function topBarbers(bookings: BookingView[], window: PeriodWindow, limit = 5): TopBarber[] {
  const byBarber = new Map<number, TopBarber>();
  for (const b of bookings) {
    const inWindow =
      within(b.date, window.start, window.end) || within(localDateOf(b.createdAt), window.start, window.end);
    if (!inWindow || b.status === 'cancelled') continue;
    const row = byBarber.get(b.barberId) ?? {
      barberId: b.barberId,
      name: b.barber.user.fullName || b.barber.user.username || 'Barber',
      email: b.barber.user.email,
      bookings: 0,
      completed: 0,
      revenueCents: 0,
      earningsCents: 0,
    };
    row.bookings += 1;
    if (b.status === 'completed') {
      row.completed += 1;
      const kept = keptOf(b);
      row.revenueCents += kept.total;
      row.earningsCents += kept.barberAmount;
    }
    byBarber.set(b.barberId, row);
  }
  return [...byBarber.values()]
    .sort((a, b) => b.revenueCents - a.revenueCents || b.bookings - a.bookings || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The newest bookings by creation. */
export function recentBookings(bookings: BookingView[], limit = 10): BookingView[] {
  return bookings
    .slice()
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, limit);
}

export interface LiveCounters {
  /** Bookings dated today that are not cancelled or no-show. */
  today: number;
  /** Barbers on the way, arrived or at work right now. */
  inProgress: number;
  /** Bookings dated today that are completed. */
  completedToday: number;
}

export function liveCounters(bookings: BookingView[], today: LocalDate = todayLocal()): LiveCounters {
  let todayCount = 0;
  let inProgress = 0;
  let completedToday = 0;
  for (const b of bookings) {
    if (ACTIVE_STATUSES.includes(b.status)) inProgress += 1;
    if (b.date !== today) continue;
    if (b.status !== 'cancelled' && b.status !== 'no_show') todayCount += 1;
    if (b.status === 'completed') completedToday += 1;
  }
  return { today: todayCount, inProgress, completedToday };
}
