// @vitest-environment happy-dom
import '../../../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { citiesOfCounty, type AvailabilityBlock } from '@barber/shared';
import { TimeBlockDialog } from './TimeBlockDialog';

/* Issue 12 item 4: the time block form is checked by the shared schemas, and its disabled submit says why. */

const block: AvailabilityBlock = {
  id: 3,
  barberId: 5,
  dayOfWeek: 2,
  startTime: '10:00',
  endTime: '14:00',
  serviceCounties: ['broward'],
  serviceCities: [],
  travelBuffer: 15,
  isActive: true,
} as AvailabilityBlock;

function open(editing: AvailabilityBlock | null) {
  const onSubmit = vi.fn();
  render(<TimeBlockDialog open block={editing} onOpenChange={() => {}} onSubmit={onSubmit} pending={false} />);
  return onSubmit;
}

const submitButton = (name: string) => screen.getByRole('button', { name });

describe('TimeBlockDialog', () => {
  it('keeps Add Time Block disabled while the schema refuses the form, says why, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = open(null);

    // a new block has Monday ticked but no county yet
    expect((submitButton('Add Time Block') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Select at least one county');

    await user.click(screen.getByRole('checkbox', { name: 'Broward' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(screen.getByText('Select at least one day', { selector: '[role=status]' })).toBeTruthy();
    expect((submitButton('Add Time Block') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));

    await user.selectOptions(screen.getByLabelText('End time'), '08:00');
    expect(screen.getAllByText('End time must be after start time').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('End time').getAttribute('aria-invalid')).toBe('true');
    await user.click(submitButton('Add Time Block'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the days and the block as the shared schema parsed them', async () => {
    const user = userEvent.setup();
    const onSubmit = open(null);

    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.selectOptions(screen.getByLabelText('Start time'), '08:30');
    await user.selectOptions(screen.getByLabelText('End time'), '12:00');
    await user.click(screen.getByRole('checkbox', { name: 'Broward' }));
    const buffer = screen.getByLabelText('Travel buffer (minutes)');
    await user.clear(buffer);
    await user.type(buffer, '50'); // not a step of 15: falls back to 30
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(submitButton('Add Time Block'));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      days: [1, 3],
      startTime: '08:30',
      endTime: '12:00',
      serviceCounties: ['broward'],
      serviceCities: [...citiesOfCounty('broward')],
      travelBuffer: 30,
      isActive: true,
    });
  });

  it('edits one block: a changed day and buffer are sent, a county is still required', async () => {
    const user = userEvent.setup();
    const onSubmit = open(block);

    await user.selectOptions(screen.getByLabelText('Day'), '4');
    await user.click(screen.getByRole('checkbox', { name: 'Broward' }));
    expect(screen.getAllByText('Select at least one county').length).toBeGreaterThan(0);
    expect((submitButton('Save Changes') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Palm Beach' }));
    await user.click(screen.getByRole('checkbox', { name: 'Boca Raton' })); // untick one city of the county
    const buffer = screen.getByLabelText('Travel buffer (minutes)');
    await user.clear(buffer);
    await user.type(buffer, '45{Enter}');

    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent).toMatchObject({
      days: [4],
      startTime: '10:00',
      endTime: '14:00',
      serviceCounties: ['palm_beach'],
      travelBuffer: 45,
    });
    expect(sent.serviceCities).toEqual(citiesOfCounty('palm_beach').filter((c) => c !== 'Boca Raton'));
  });

  it('adding a county to a block serving every city of its county keeps serving them all', async () => {
    const user = userEvent.setup();
    const onSubmit = open(block); // Broward, every city (none listed)
    await user.click(screen.getByRole('checkbox', { name: 'Palm Beach' }));
    await user.click(submitButton('Save Changes'));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.serviceCounties).toEqual(['broward', 'palm_beach']);
    expect([...sent.serviceCities].sort()).toEqual(
      [...citiesOfCounty('broward'), ...citiesOfCounty('palm_beach')].sort(),
    );
  });
});
