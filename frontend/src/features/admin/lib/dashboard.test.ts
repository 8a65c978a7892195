import { describe, expect, it } from 'vitest';
import { bookingView } from '../../../test/booking';
import { comparePeriods, dailySeries, periodWindow, platformFeesCents, topBarbers } from './dashboard';

/*
 * The dashboard's money figures count what was kept of each completed booking, as the server's analytics and
 * reports do: a refund made in Stripe's dashboard (in full, or part of the price) is not revenue.
 */
const window = periodWindow(7, '2026-11-28');
const completed = (overrides: Parameters<typeof bookingView>[0]) =>
  bookingView({
    status: 'completed',
    paid: true,
    totalAmount: '40.00',
    platformFee: '4.00',
    barberAmount: '36.00',
    ...overrides,
  });
const bookings = [
  completed({ id: 'whole' }),
  completed({ id: 'part', refundedAmount: '10.00' }),
  completed({ id: 'all', refunded: true, refundedAmount: '40.00' }),
];

describe('admin dashboard figures', () => {
  it('count revenue and fees less refunds', () => {
    const { current } = comparePeriods(bookings, window);
    expect(current.revenueCents).toBe(4000 + 3000);
    expect(current.platformFeeCents).toBe(400 + 300);
    expect(platformFeesCents(bookings)).toBe(700);
    expect(dailySeries(bookings, window).find((p) => p.date === '2026-11-26')!.revenue).toBe(70);
  });

  it("rank barbers by what they kept, and give the barber's share less its part of refunds", () => {
    expect(topBarbers(bookings, window)[0]).toMatchObject({ completed: 3, revenueCents: 7000, earningsCents: 6300 });
  });
});
