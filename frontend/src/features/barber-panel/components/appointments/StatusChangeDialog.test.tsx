// @vitest-environment happy-dom
import '../../../../test/dom';
import type { BarberQuickAction, BookingView } from '@barber/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { StatusChangeDialog } from './StatusChangeDialog';

/* Issue 12 item 4: the confirm dialog of a status change is checked by barberUpdateBookingSchema (plus the reason to cancel). */

const cancel: BarberQuickAction = {
  label: 'Cancel',
  target: 'cancelled',
  dialogTitle: 'Cancel Appointment',
  requiresReason: true,
};
const enRoute: BarberQuickAction = {
  label: 'En Route',
  target: 'en_route',
  dialogTitle: 'Mark as En Route',
  requiresReason: false,
};

function renderConfirm(booking: BookingView, action: BarberQuickAction) {
  const onSubmit = vi.fn();
  render(<StatusChangeDialog target={{ booking, action }} onSubmit={onSubmit} onClose={() => {}} pending={false} />);
  return { onSubmit, dialog: screen.getByRole('dialog') };
}

describe('StatusChangeDialog', () => {
  it('refuses a blank reason and one over 500 characters with their messages, and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = renderConfirm(bookingView({ status: 'confirmed' }), cancel);
    const reason = within(dialog).getByLabelText('Cancellation Reason');

    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    expect(within(dialog).getByText('A cancellation reason is required')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    reason.removeAttribute('maxlength'); // a pasted text or a browser that ignores maxlength
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    expect(await within(dialog).findByText('The reason must be at most 500 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the reason trimmed', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = renderConfirm(bookingView({ status: 'confirmed' }), cancel);
    await user.type(within(dialog).getByLabelText('Cancellation Reason'), '  Car broke down  {Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('Car broke down');
  });

  it('En Route sends the travel time clamped to 0-180 in steps of 5, or the travel buffer when left empty', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = renderConfirm(bookingView({ status: 'confirmed', travelBuffer: 45 }), enRoute);
    const travel = within(dialog).getByLabelText('Travel time (minutes)');
    await user.clear(travel);
    await user.type(travel, '203');
    await user.click(within(dialog).getByRole('button', { name: 'En Route' }));
    expect(onSubmit).toHaveBeenLastCalledWith(undefined, 180);

    await user.clear(travel);
    await user.click(within(dialog).getByRole('button', { name: 'En Route' }));
    expect(onSubmit).toHaveBeenLastCalledWith(undefined, 45);
  });
});
