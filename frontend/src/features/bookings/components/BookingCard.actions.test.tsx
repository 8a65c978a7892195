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
});
