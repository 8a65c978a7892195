// @vitest-environment happy-dom
import '../../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/queryClient';
import { fakeApi } from '../../../../test/app';
import { bookingView } from '../../../../test/booking';
import { BookingDetailsDialog } from './BookingDetailsDialog';

afterEach(() => vi.unstubAllGlobals());

describe("the admin's Booking Details", () => {
  it('keeps a cancellation reason being typed when a live update of the booking arrives', async () => {
    fakeApi(() => ({ status: 200, body: { history: [] } }));
    const booking = bookingView({ status: 'confirmed', paid: true });
    const dialog = (b: typeof booking) => (
      <QueryClientProvider client={queryClient}>
        <BookingDetailsDialog booking={b} onClose={() => {}} />
      </QueryClientProvider>
    );
    const { rerender } = render(dialog(booking));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    await userEvent.type(screen.getByLabelText('Cancellation Reason'), 'Barber is ill');

    // the customer saved new contact details meanwhile: pushed, the booking's version moves on
    rerender(dialog({ ...booking, version: booking.version + 1, customerPhone: '305-555-0199' }));
    expect((screen.getByLabelText('Cancellation Reason') as HTMLTextAreaElement).value).toBe('Barber is ill');
  });

  it('says how much of a payment was refunded in part', () => {
    fakeApi(() => ({ status: 200, body: { history: [] } }));
    const booking = bookingView({
      status: 'completed',
      paid: true,
      totalAmount: '40.00',
      refundedAmount: '10.00',
      refunded: false,
    });
    render(
      <QueryClientProvider client={queryClient}>
        <BookingDetailsDialog booking={booking} onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Paid, $10.00 refunded')).toBeTruthy();
  });
});
