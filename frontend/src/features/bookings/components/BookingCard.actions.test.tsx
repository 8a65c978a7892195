// @vitest-environment happy-dom
import '../../../test/dom';
import type { BookingStatus } from '@barber/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../test/booking';
import { BookingCard } from './BookingCard';

/*
 * The customer's actions on a booking card per status (docs/spec/customer-side.md §2.11): cancel while
 * pending or confirmed (the shared CUSTOMER_CANCELLABLE_STATUSES), Leave Review once completed.
 */

function renderCard(status: BookingStatus) {
  const onCancel = vi.fn();
  const onReview = vi.fn();
  render(
    <Router ssrPath="/bookings">
      <BookingCard
        role="customer"
        booking={bookingView({ status, paid: true })}
        reviewed={false}
        onCancel={onCancel}
        onReview={onReview}
      />
    </Router>,
  );
  return { onCancel, onReview };
}

describe('the actions of a booking card', () => {
  it.each<[BookingStatus, boolean]>([
    ['pending', true],
    ['confirmed', true],
    ['en_route', false],
    ['arrived', false],
    ['in_progress', false],
    ['completed', false],
    ['cancelled', false],
    ['no_show', false],
  ])('%s: Cancel Booking offered: %s', async (status, offered) => {
    const { onCancel } = renderCard(status);
    const button = screen.queryByRole('button', { name: 'Cancel Booking' });
    expect(button !== null).toBe(offered);
    if (button) {
      await userEvent.click(button);
      expect(onCancel).toHaveBeenCalledTimes(1);
    }
  });

  it.each<BookingStatus>(['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'])(
    '%s: Leave Review only once completed',
    async (status) => {
      const { onReview } = renderCard(status);
      const button = screen.queryByRole('button', { name: 'Leave Review' });
      expect(button !== null).toBe(status === 'completed');
      if (button) {
        await userEvent.click(button);
        expect(onReview).toHaveBeenCalledTimes(1);
      }
    },
  );

  describe('inside the cancellation window (24 hours; the appointment is 2026-11-26 at 09:30 in New York)', () => {
    const card = (over: Parameters<typeof bookingView>[0], now: string, platformWindow = 24) => {
      const onCancel = vi.fn();
      render(
        <Router ssrPath="/bookings">
          <BookingCard
            role="customer"
            booking={bookingView(over)}
            reviewed={false}
            onCancel={onCancel}
            onReview={() => {}}
            cancellationWindow={platformWindow}
            now={new Date(now)}
          />
        </Router>,
      );
      return { onCancel, button: screen.getByRole('button', { name: 'Cancel Booking' }) };
    };
    const WHY =
      'Bookings can be cancelled up to 24 hours before the appointment. Please contact your barber to cancel this one.';

    it('says why Cancel Booking cannot act on a confirmed booking, as the server would refuse it', async () => {
      const { onCancel, button } = card({ status: 'confirmed', paid: true }, '2026-11-25T20:00:00.000Z');
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(WHY);
      await userEvent.click(button);
      expect(onCancel).not.toHaveBeenCalled();
    });

    it('lets the customer leave an unpaid pending booking at any time, and any booking before the window', () => {
      expect(
        (card({ status: 'pending', paid: false }, '2026-11-25T20:00:00.000Z').button as HTMLButtonElement).disabled,
      ).toBe(false);
    });

    it("follows the window the booking was made under when the platform's was lengthened since", () => {
      // 30 hours before: inside a 72-hour window, outside the 24-hour one the customer booked under
      const booked = card({ status: 'confirmed', paid: true, cancellationWindow: 24 }, '2026-11-25T02:30:00.000Z', 72);
      expect((booked.button as HTMLButtonElement).disabled).toBe(false);
    });

    it('before the window, Cancel Booking acts', () => {
      const { button } = card({ status: 'confirmed', paid: true }, '2026-11-24T12:00:00.000Z');
      expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(screen.queryByText(WHY)).toBeNull();
    });
  });
});
