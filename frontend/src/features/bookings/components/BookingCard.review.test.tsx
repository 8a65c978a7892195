import type { BookingView } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { BookingCard } from './BookingCard';

/* Issue 11 item 7: a submitted review left no trace on the booking card (Leave Review just vanished). */

const completed: BookingView = {
  id: '9a1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d',
  version: 6,
  customerId: 10,
  barberId: 5,
  serviceId: 7,
  date: '2026-11-20',
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
  status: 'completed',
  detailsSaved: true,
  customerPhone: '305-555-0100',
  customerAddress: '1200 Ocean Dr',
  apartmentUnit: null,
  specialInstructions: null,
  stripePaymentId: 'pi_1',
  paid: true,
  refunded: false,
  barberNotes: null,
  estimatedTravelTime: null,
  etaAt: null,
  cancellationReason: null,
  createdAt: '2026-11-12T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
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

const render = (reviewed: boolean, reviewRating?: number | null) =>
  renderToStaticMarkup(
    <Router ssrPath="/bookings">
      <BookingCard
        booking={completed}
        reviewed={reviewed}
        reviewRating={reviewRating}
        onCancel={() => {}}
        onReview={() => {}}
      />
    </Router>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('BookingCard after a review', () => {
  it('offers Leave Review on a completed booking not reviewed yet', () => {
    const html = text(render(false));
    expect(html).toContain('Leave Review');
    expect(html).not.toContain('Reviewed');
  });

  it('shows "Reviewed" and the stars given once the review is in', () => {
    const html = render(true, 4);
    expect(text(html)).toContain('Reviewed');
    expect(text(html)).not.toContain('Leave Review');
    expect(html).toContain('aria-label="Rated 4 out of 5"');
  });

  it('still says "Reviewed" when the stars are not known', () => {
    const html = render(true, null);
    expect(text(html)).toContain('Reviewed');
    expect(html).not.toContain('Rated');
  });
});
