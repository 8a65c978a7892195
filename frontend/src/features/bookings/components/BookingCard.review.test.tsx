import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { bookingView } from '../../../test/booking';
import { BookingCard } from './BookingCard';

/* Issue 11 item 7: a submitted review left no trace on the booking card (Leave Review just vanished). */

const completed = bookingView({
  id: '9a1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d',
  version: 6,
  date: '2026-11-20',
  status: 'completed',
  customerPhone: '305-555-0100',
  customerAddress: '1200 Ocean Dr',
  stripePaymentId: 'pi_1',
  paid: true,
  createdAt: '2026-11-12T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
});

const render = (reviewed: boolean | null, reviewRating?: number | null) =>
  renderToStaticMarkup(
    <Router ssrPath="/bookings">
      <BookingCard
        role="customer"
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

  it('offers no Leave Review while it is not known yet whether the booking was reviewed', () => {
    const html = text(render(null));
    expect(html).not.toContain('Leave Review');
    expect(html).not.toContain('Reviewed');
  });

  it('still says "Reviewed" when the stars are not known', () => {
    const html = render(true, null);
    expect(text(html)).toContain('Reviewed');
    expect(html).not.toContain('Rated');
  });
});
