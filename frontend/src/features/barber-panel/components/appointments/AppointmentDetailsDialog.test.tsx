// @vitest-environment happy-dom
import '../../../../test/dom';
import type { BookingView } from '@barber/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { AppointmentDetailsDialog } from './AppointmentDetailsDialog';

/* Issue 12 item 4: the details dialog is checked by barberUpdateBookingSchema and sends the body it parsed. */

const confirmed = bookingView({ status: 'confirmed', paid: true, barberNotes: 'Ring twice', estimatedTravelTime: 20 });

function renderDetails(booking: BookingView) {
  const onSave = vi.fn();
  const view = render(
    <AppointmentDetailsDialog booking={booking} onSave={onSave} onClose={() => {}} pending={false} />,
  );
  const dialog = () => screen.getByRole('dialog');
  const save = () => within(dialog()).getByRole('button', { name: 'Save Changes' });
  const rerender = (next: BookingView) =>
    view.rerender(<AppointmentDetailsDialog booking={next} onSave={onSave} onClose={() => {}} pending={false} />);
  return { onSave, dialog, save, rerender };
}

describe('AppointmentDetailsDialog', () => {
  it('refuses notes over 2000 characters with the schema message and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSave, dialog, save } = renderDetails(confirmed);
    const notes = within(dialog()).getByLabelText('Barber notes');
    notes.removeAttribute('maxlength'); // a pasted text or a browser that ignores maxlength
    await user.clear(notes);
    await user.click(notes);
    await user.paste('n'.repeat(2001));
    await user.click(save());
    expect(await within(dialog()).findByText('Notes must be at most 2000 characters')).toBeTruthy();
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the parsed body: the travel time clamped, the new date and times with editing on', async () => {
    const user = userEvent.setup();
    const { onSave, dialog, save } = renderDetails(confirmed);
    const travel = within(dialog()).getByLabelText('Estimated travel time (minutes)');
    await user.clear(travel);
    await user.type(travel, '37');
    await user.click(within(dialog()).getByRole('switch', { name: 'Edit date and time' }));
    await user.selectOptions(within(dialog()).getByLabelText('Start time'), '11:00');
    await user.click(save());

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith(confirmed, {
      status: 'confirmed',
      barberNotes: 'Ring twice',
      estimatedTravelTime: 35,
      isEditingDateTime: true,
      date: '2026-11-26',
      startTime: '11:00',
      endTime: '11:30',
    });
  });

  it('sends blank notes and an empty travel time as null, and no date when nothing changed; a reason only to cancel', async () => {
    const user = userEvent.setup();
    const { onSave, dialog, save } = renderDetails(confirmed);
    await user.clear(within(dialog()).getByLabelText('Barber notes'));
    await user.type(within(dialog()).getByLabelText('Barber notes'), '   ');
    await user.clear(within(dialog()).getByLabelText('Estimated travel time (minutes)'));
    await user.click(within(dialog()).getByRole('switch', { name: 'Edit date and time' }));
    await user.click(save());
    expect(onSave).toHaveBeenLastCalledWith(confirmed, {
      status: 'confirmed',
      barberNotes: null,
      estimatedTravelTime: null,
      isEditingDateTime: false,
    });

    await user.selectOptions(within(dialog()).getByLabelText('Status'), 'cancelled');
    await user.type(within(dialog()).getByLabelText('Cancellation Reason'), '  Customer asked by phone ');
    await user.click(save());
    expect(onSave).toHaveBeenLastCalledWith(
      confirmed,
      expect.objectContaining({ status: 'cancelled', cancellationReason: 'Customer asked by phone' }),
    );
  });

  it('keeps the edits through a live update of the same booking, and starts afresh for another booking', async () => {
    const user = userEvent.setup();
    const { dialog, rerender } = renderDetails(confirmed);
    await user.clear(within(dialog()).getByLabelText('Barber notes'));
    await user.type(within(dialog()).getByLabelText('Barber notes'), 'Bring clippers');

    rerender({ ...confirmed, version: confirmed.version + 1, updatedAt: '2026-11-26T14:00:00.000Z' });
    expect((within(dialog()).getByLabelText('Barber notes') as HTMLTextAreaElement).value).toBe('Bring clippers');

    rerender(
      bookingView({
        id: '7d2e0b8a-1c3f-4e5a-9b6c-0d1e2f3a4b5c',
        status: 'confirmed',
        paid: true,
        barberNotes: 'Other notes',
      }),
    );
    expect((within(dialog()).getByLabelText('Barber notes') as HTMLTextAreaElement).value).toBe('Other notes');
    expect((within(dialog()).getByLabelText('Estimated travel time (minutes)') as HTMLInputElement).value).toBe('');
  });

  it("sends the booking's new status, not the one it opened with, when a live change came and the status was not touched", async () => {
    const user = userEvent.setup();
    const { onSave, dialog, save, rerender } = renderDetails(confirmed);
    await user.type(within(dialog()).getByLabelText('Barber notes'), ' and knock');
    const moved = { ...confirmed, status: 'en_route' as const, version: confirmed.version + 1 };
    rerender(moved);
    expect((within(dialog()).getByLabelText('Status') as HTMLSelectElement).value).toBe('en_route');
    await user.click(save());
    expect(onSave).toHaveBeenLastCalledWith(
      moved,
      expect.objectContaining({ status: 'en_route', barberNotes: 'Ring twice and knock' }),
    );
  });
});
