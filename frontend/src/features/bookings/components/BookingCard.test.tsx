import type { BookingView } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { bookingView } from '../../../test/booking';
import { BookingCard } from './BookingCard';

const pending = bookingView({ detailsSaved: false, customerPhone: null, customerAddress: null });

const render = (booking: BookingView, role = 'customer') =>
  renderToStaticMarkup(
    <Router ssrPath="/bookings">
      <BookingCard role={role} booking={booking} reviewed={false} onCancel={() => {}} onReview={() => {}} />
    </Router>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('BookingCard (issue 9, defect 3)', () => {
  it('leads a pending unpaid booking back to its checkout, beside Cancel Booking', () => {
    const html = render(pending);
    expect(html).toContain(`href="/checkout?bookingId=${pending.id}"`);
    expect(text(html)).toContain('Continue to checkout');
    expect(text(html)).toContain('Cancel Booking');
  });

  it('offers no checkout to an account that is no longer a customer (approved as a barber meanwhile): /checkout admits none', () => {
    expect(text(render(pending, 'barber'))).not.toContain('Continue to checkout');
  });

  it('never makes up an address: a pending booking without details says so', () => {
    const html = text(render(pending));
    expect(html).toContain('Address not provided yet');
    expect(html).not.toContain('Miami, FL 33133');
    const withDetails = text(
      render({ ...pending, detailsSaved: true, customerAddress: '1200 Ocean Dr', apartmentUnit: '4B' }),
    );
    expect(withDetails).toContain('1200 Ocean Dr, 4B');
  });

  it('offers no checkout once paid, confirmed or expired; an expired one shows why', () => {
    expect(render({ ...pending, paid: true })).not.toContain('Continue to checkout');
    expect(render({ ...pending, status: 'confirmed' })).not.toContain('Continue to checkout');
    const expired = text(render({ ...pending, status: 'cancelled', cancellationReason: 'Checkout expired' }));
    expect(expired).not.toContain('Continue to checkout');
    expect(expired).toContain('Reason: Checkout expired');
  });

  it('offers the booking as an .ics download while it is to come, not once cancelled or completed (issue 13)', () => {
    for (const status of ['pending', 'confirmed', 'en_route'] as const) {
      const html = render({ ...pending, status });
      expect(html, status).toContain(`href="/api/bookings/${pending.id}/ics"`);
      expect(text(html), status).toContain('Add to calendar');
    }
    for (const status of ['cancelled', 'completed', 'no_show'] as const)
      expect(render({ ...pending, status }), status).not.toContain('/ics"');
  });
});
