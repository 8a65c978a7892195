// @vitest-environment happy-dom
import '../../../../test/dom';
import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { BookingCards, BookingsTable } from './BookingRows';

// $40 at a 10% fee, $10 refunded in Stripe's dashboard: the barber keeps $27 and the platform $3, as Analytics counts.
const refundedInPart = bookingView({
  id: 'part',
  status: 'completed',
  paid: true,
  totalAmount: '40.00',
  barberAmount: '36.00',
  platformFee: '4.00',
  refundedAmount: '10.00',
  refunded: false,
});

describe("the admin's booking rows", () => {
  it('show what a partial refund leaves of the split, in the table and the cards', () => {
    for (const rows of [
      <BookingsTable key="table" bookings={[refundedInPart]} onView={() => {}} />,
      <BookingCards key="cards" bookings={[refundedInPart]} onView={() => {}} />,
    ]) {
      const { container, unmount } = render(rows);
      const row = within(container.querySelector('[data-booking-id="part"]') as HTMLElement);
      expect(row.getByText('Refunded: $10.00')).toBeTruthy();
      expect(row.getByText('Barber: $27.00')).toBeTruthy();
      expect(row.getByText('Fee: $3.00')).toBeTruthy();
      unmount();
    }
  });
});
