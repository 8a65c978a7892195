// @vitest-environment happy-dom
import '../../../../test/dom';
import type { BarberQuickAction, BookingStatus, BookingView } from '@barber/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AT_APPOINTMENT_END, bookingView, DAY_BEFORE, DURING_APPOINTMENT } from '../../../../test/booking';
import { AppointmentDetailsDialog } from './AppointmentDetailsDialog';
import { QuickActions } from './QuickActions';
import { StatusChangeDialog } from './StatusChangeDialog';

/*
 * The barber's status changes (docs/spec/barber-and-admin.md §2 and §4): which buttons each status
 * offers, what the details dialog lets the barber choose, and what the confirm dialog asks. A screen
 * that offered a change the server refuses, or hid one it allows, would otherwise go unnoticed.
 */

afterEach(() => {
  vi.useRealTimers();
});

function at(now: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
}

const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent?.trim());

describe('quick actions: the buttons each status offers', () => {
  it.each<[BookingStatus, string[]]>([
    ['pending', ['Confirm', 'Cancel']],
    ['confirmed', ['En Route', 'Cancel']],
    ['en_route', ['Arrived']],
    ['arrived', ['Start Service']],
    ['in_progress', ['Complete']],
    ['completed', []],
    ['cancelled', []],
    ['no_show', []],
  ])('%s: %j', (status, offered) => {
    at(DURING_APPOINTMENT);
    render(<QuickActions booking={bookingView({ status, paid: true })} onAction={() => {}} />);
    expect(buttonNames()).toEqual(offered);
  });

  it('does not offer Confirm before the customer has saved contact details', () => {
    at(DURING_APPOINTMENT);
    render(<QuickActions booking={bookingView({ status: 'pending', detailsSaved: false })} onAction={() => {}} />);
    expect(buttonNames()).toEqual(['Cancel']);
  });

  it('does not offer Confirm once the appointment has ended', () => {
    at(AT_APPOINTMENT_END);
    render(<QuickActions booking={bookingView({ status: 'pending', paid: true })} onAction={() => {}} />);
    expect(buttonNames()).toEqual(['Cancel']);
  });

  it('does not offer the day-of steps before the appointment day', () => {
    at(DAY_BEFORE);
    render(<QuickActions booking={bookingView({ status: 'confirmed', paid: true })} onAction={() => {}} />);
    expect(buttonNames()).toEqual(['Cancel']);
  });

  it('hands the chosen action over, with its dialog title', async () => {
    at(DURING_APPOINTMENT);
    const onAction = vi.fn();
    const booking = bookingView({ status: 'confirmed', paid: true });
    render(<QuickActions booking={booking} onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'En Route' }));
    expect(onAction).toHaveBeenCalledWith(
      booking,
      expect.objectContaining({ target: 'en_route', dialogTitle: 'Mark as En Route' }),
    );
  });
});

const action = (label: string, target: BarberQuickAction['target'], dialogTitle: string): BarberQuickAction => ({
  label,
  target,
  dialogTitle,
  requiresReason: target === 'cancelled',
});

function renderConfirm(booking: BookingView, quick: BarberQuickAction, pending = false) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <StatusChangeDialog target={{ booking, action: quick }} onSubmit={onSubmit} onClose={onClose} pending={pending} />,
  );
  return { onSubmit, onClose, dialog: screen.getByRole('dialog') };
}

describe('the confirm dialog of a status change', () => {
  it('asks a reason to cancel, says so when it is missing, and sends none until given', async () => {
    const { onSubmit, dialog } = renderConfirm(
      bookingView({ status: 'confirmed' }),
      action('Cancel', 'cancelled', 'Cancel Appointment'),
    );
    expect(within(dialog).getByRole('heading', { name: 'Cancel Appointment' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    expect(await within(dialog).findByText('A cancellation reason is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Cancellation Reason'), '  Car broke down  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
    expect(onSubmit).toHaveBeenCalledWith('Car broke down');
  });

  it.each<[BarberQuickAction]>([
    [action('Confirm', 'confirmed', 'Confirm Appointment')],
    [action('Arrived', 'arrived', 'Mark as Arrived')],
    [action('Start Service', 'in_progress', 'Start Service')],
    [action('Complete', 'completed', 'Complete Appointment')],
  ])('$dialogTitle: no reason asked, confirmed with "$label"', async (quick) => {
    const { onSubmit, dialog } = renderConfirm(bookingView({ status: 'confirmed' }), quick);
    expect(within(dialog).getByRole('heading', { name: quick.dialogTitle })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Cancellation Reason')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: quick.label }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toBeUndefined();
  });

  it('En Route asks the travel time, the block travel buffer by default, and sends it', async () => {
    const { onSubmit, dialog } = renderConfirm(
      bookingView({ status: 'confirmed', travelBuffer: 45 }),
      action('En Route', 'en_route', 'Mark as En Route'),
    );
    const travel = within(dialog).getByLabelText('Travel time (minutes)');
    expect((travel as HTMLInputElement).value).toBe('45');
    await userEvent.clear(travel);
    await userEvent.type(travel, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'En Route' }));
    expect(onSubmit).toHaveBeenCalledWith(undefined, 20);
  });

  it('while the change is sent, the submit reads Processing... and cannot be pressed again', () => {
    const { dialog } = renderConfirm(
      bookingView({ status: 'in_progress' }),
      action('Complete', 'completed', 'Complete Appointment'),
      true,
    );
    const submit = within(dialog).getByRole('button', { name: 'Processing...' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });
});

function renderDetails(booking: BookingView) {
  const onSave = vi.fn();
  render(<AppointmentDetailsDialog booking={booking} onSave={onSave} onClose={() => {}} pending={false} />);
  const dialog = screen.getByRole('dialog');
  const select = within(dialog).getByLabelText('Status') as HTMLSelectElement;
  const options = () => [...select.options].map((o) => o.textContent);
  return { onSave, dialog, select, options };
}

describe('the details dialog: the statuses a barber may choose', () => {
  it.each<[string, Partial<BookingView>, string[]]>([
    [
      'a pending booking with details saved and paid',
      { status: 'pending', paid: true },
      ['Pending', 'Confirmed', 'Cancelled'],
    ],
    [
      'a pending booking without contact details',
      { status: 'pending', paid: true, detailsSaved: false },
      ['Pending', 'Cancelled'],
    ],
    [
      'a pending booking not yet paid (fee collection on)',
      { status: 'pending', paid: false },
      ['Pending', 'Cancelled'],
    ],
    [
      'a confirmed booking',
      { status: 'confirmed', paid: true },
      ['Confirmed', 'Barber En Route', 'Barber Arrived', 'In Progress', 'No Show', 'Cancelled'],
    ],
    [
      'a booking en route',
      { status: 'en_route', paid: true },
      ['Barber En Route', 'Barber Arrived', 'In Progress', 'No Show', 'Cancelled'],
    ],
    [
      'a booking the barber arrived at',
      { status: 'arrived', paid: true },
      ['Barber Arrived', 'In Progress', 'No Show', 'Cancelled'],
    ],
    ['a booking in progress', { status: 'in_progress', paid: true }, ['In Progress', 'Completed']],
    ['a completed booking', { status: 'completed', paid: true }, ['Completed']],
    ['a cancelled booking', { status: 'cancelled', paid: true }, ['Cancelled']],
  ])('%s', (_, overrides, offered) => {
    const { options } = renderDetails(bookingView(overrides));
    expect(options()).toEqual(offered);
  });

  it('asks a reason when the barber chooses Cancelled, and saves only with one', async () => {
    const booking = bookingView({ status: 'confirmed', paid: true });
    const { onSave, dialog, select } = renderDetails(booking);
    expect(within(dialog).queryByLabelText('Cancellation Reason')).toBeNull();

    await userEvent.selectOptions(select, 'cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('A cancellation reason is required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Cancellation Reason'), 'Customer asked by phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith(
      booking,
      expect.objectContaining({ status: 'cancelled', cancellationReason: 'Customer asked by phone' }),
    );
  });
});
