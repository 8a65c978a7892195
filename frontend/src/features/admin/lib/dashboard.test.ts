import { describe, expect, it } from 'vitest';
import { bookingView } from '../../../test/booking';
import { dashboardView, liveCounters, platformFeesCents, recentBookings } from './dashboard';

/*
 * The all-time platform fees count what was kept of each completed booking, as the server's figures do: a refund made
 * in Stripe's dashboard (in full, or part of the price) is not revenue. The period's figures are the server's
 * (backend/src/admin/dashboard.int.test.ts); here, how they are shown.
 */
const completed = (overrides: Parameters<typeof bookingView>[0]) =>
  bookingView({
    status: 'completed',
    paid: true,
    totalAmount: '40.00',
    platformFee: '4.00',
    barberAmount: '36.00',
    ...overrides,
  });

describe('admin dashboard figures', () => {
  it('count all-time fees less refunds', () => {
    const bookings = [
      completed({ id: 'whole' }),
      completed({ id: 'part', refundedAmount: '10.00' }),
      completed({ id: 'all', refunded: true, refundedAmount: '40.00' }),
    ];
    expect(platformFeesCents(bookings)).toBe(700);
  });

  it("show the server's period: changes against the period before, the chart in dollars by day", () => {
    const view = dashboardView({
      start: '2026-11-27',
      end: '2026-11-28',
      prevStart: '2026-11-25',
      prevEnd: '2026-11-26',
      current: { newBookings: 6, revenueCents: 7000, platformFeeCents: 700 },
      previous: { newBookings: 4, revenueCents: 0, platformFeeCents: 0 },
      series: [
        { date: '2026-11-27', bookings: 2, revenueCents: 0 },
        { date: '2026-11-28', bookings: 4, revenueCents: 7000 },
      ],
      topBarbers: [],
    });
    expect(view.comparison.bookingsChange).toBe(50);
    expect(view.comparison.revenueChange).toBeNull(); // nothing to compare with
    expect(view.series).toEqual([
      { date: '2026-11-27', label: 'Nov 27', bookings: 2, revenue: 0 },
      { date: '2026-11-28', label: 'Nov 28', bookings: 4, revenue: 70 },
    ]);
  });
});

describe('the dashboard on every push', () => {
  const answer = () => ({
    start: '2026-11-27',
    end: '2026-11-28',
    prevStart: '2026-11-25',
    prevEnd: '2026-11-26',
    current: { newBookings: 6, revenueCents: 7000, platformFeeCents: 700 },
    previous: { newBookings: 4, revenueCents: 0, platformFeeCents: 0 },
    series: [{ date: '2026-11-27' as const, bookings: 2, revenueCents: 0 }],
    topBarbers: [],
  });

  it("hands the charts the same series while the server's answer is the same (a push changes only the bookings)", () => {
    const read = answer();
    const view = dashboardView(read);
    expect(dashboardView(read)).toBe(view);
    expect(dashboardView(read).series).toBe(view.series);
    // another answer (read again): built again
    const again = dashboardView(answer());
    expect(again).not.toBe(view);
    expect(again).toEqual(view);
  });

  it('lists the newest 10 bookings by creation, then by id, as sorting them all would', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString();
    // a shuffled platform: creation times repeat, so the id decides between them
    const bookings = Array.from({ length: 500 }, (_, n) =>
      bookingView({ id: `b${(n * 7919) % 500}`, createdAt: at((n * 104_729) % 97) }),
    );
    const sorted = bookings
      .slice()
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id));
    expect(recentBookings(bookings, 10)).toEqual(sorted.slice(0, 10));
    expect(recentBookings(bookings.slice(0, 4), 10)).toEqual(sorted.filter((b) => bookings.indexOf(b) < 4));
    expect(recentBookings(bookings, 0)).toEqual([]);
  });
});

describe('the live counters', () => {
  it('count at work now only the visits of today and yesterday, not one left in progress days ago', () => {
    const today = '2026-03-08';
    const counters = liveCounters(
      [
        bookingView({ id: 'now', date: today, status: 'in_progress' }),
        bookingView({ id: 'late', date: '2026-03-07', status: 'arrived' }),
        bookingView({ id: 'stuck', date: '2026-03-01', status: 'in_progress' }),
        bookingView({ id: 'later', date: today, status: 'confirmed' }),
      ],
      today,
    );
    expect(counters).toEqual({ today: 2, inProgress: 2, completedToday: 0 });
  });
});
