import type { BookingView } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { BookingCard } from './BookingCard';

const pending: BookingView = {
  id: '3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d',
  version: 1,
  customerId: 10,
  barberId: 5,
  serviceId: 7,
  date: '2026-11-26',
  startTime: '09:30',
  endTime: '10:00',
  durationMinutes: 30,
  travelBuffer: 30,
  totalAmount: '25.00',
  barberAmount: '22.50',
  platformFee: '2.50',
  feeCollectionEnabled: true,
  city: 'miami',
  displayCity: 'Miami',
  zipcode: '33133',
  notes: '',
  status: 'pending',
  detailsSaved: false,
  customerPhone: null,
  customerAddress: null,
  apartmentUnit: null,
  specialInstructions: null,
  stripePaymentId: null,
  paid: false,
  refunded: false,
  barberNotes: null,
  estimatedTravelTime: null,
  etaAt: null,
  cancellationReason: null,
  createdAt: '2026-11-22T15:00:00.000Z',
  updatedAt: '2026-11-22T15:00:00.000Z',
  customer: {
    id: 10,
    firstName: 'Ana',
    lastName: 'Diaz',
    fullName: 'Ana Diaz',
    username: 'ana',
    email: 'ana@example.com',
    phone: null,
  },
  service: { id: 7, name: 'Fade', duration: 30, price: '25.00' },
  barber: {
    id: 5,
    yearsOfExperience: 6,
    bio: '',
    user: { id: 20, fullName: 'Marcus Lee', username: 'marcus', email: 'marcus@example.com', phone: null },
  },
};

const render = (booking: BookingView) =>
  renderToStaticMarkup(
    <Router ssrPath="/bookings">
      <BookingCard booking={booking} reviewed={false} onCancel={() => {}} onReview={() => {}} />
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
