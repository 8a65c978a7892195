// @vitest-environment happy-dom
import '../../../../test/dom';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blacklistInputSchema } from '@barber/shared';
import { BlacklistTab, NOT_IN_AREA_WARNING } from './BlacklistTab';

/* Issue 12 item 4: adding a blacklisted zipcode is checked by the shared schemas (zipcodeSchema, blacklistInputSchema). */

const validateZipcode = vi.hoisted(() => vi.fn());
vi.mock('../../api/availability', () => ({ validateZipcode }));

beforeEach(() => {
  validateZipcode.mockReset();
  validateZipcode.mockResolvedValue({ isValid: true, city: 'Miami Beach', county: 'miami_dade' });
});

function renderTab(zipcodes: string[]) {
  const onSave = vi.fn().mockResolvedValue(undefined);
  render(<BlacklistTab zipcodes={zipcodes} saving={false} onSave={onSave} />);
  return {
    onSave,
    input: screen.getByLabelText('Zipcode'),
    add: screen.getByText('Add Zipcode', { selector: 'button' }),
  };
}

describe('BlacklistTab', () => {
  it('shows the schema message for a zipcode that is not 5 digits and saves nothing', async () => {
    const user = userEvent.setup();
    const { onSave, input, add } = renderTab(['33101']);
    await user.type(input, '331a');
    await user.click(add);
    expect(await screen.findByText('Please enter a valid 5-digit zipcode')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();

    // typing clears the message
    await user.type(input, '9');
    expect(screen.queryByText('Please enter a valid 5-digit zipcode')).toBeNull();
  });

  it('refuses a zipcode already listed', async () => {
    const user = userEvent.setup();
    const { onSave, input, add } = renderTab(['33101', '33139']);
    await user.type(input, '33139');
    await user.click(add);
    expect(await screen.findByText('Zipcode already blacklisted')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    expect(validateZipcode).not.toHaveBeenCalled();
  });

  it('refuses a 501st zipcode with the message of blacklistInputSchema (the server would refuse the list)', async () => {
    const full = Array.from({ length: 500 }, (_, i) => String(10000 + i));
    const tooMany = blacklistInputSchema.safeParse({ blacklistedZipcodes: [...full, '33139'] });
    expect(tooMany.success).toBe(false);
    const { onSave, input, add } = renderTab(full);
    // fireEvent rather than userEvent: with 500 zipcodes listed each simulated pointer move is slow
    fireEvent.change(input, { target: { value: '33139' } });
    fireEvent.click(add);
    // the re-render of 500 rows after the click can take over the default second on a loaded machine
    const refusal = await screen.findByText(tooMany.error!.issues[0]!.message, { selector: 'p' }, { timeout: 20_000 });
    expect(refusal).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  }, 60_000); // rendering 500 listed zipcodes takes seconds in happy-dom

  it('ignores an empty input', async () => {
    const user = userEvent.setup();
    const { onSave, add } = renderTab([]);
    await user.click(add);
    expect(screen.queryByText('Please enter a valid 5-digit zipcode')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the list with the new zipcode added and empties the input; outside the area it warns and still adds', async () => {
    const user = userEvent.setup();
    validateZipcode.mockResolvedValue({ isValid: false, city: null, county: null });
    const { onSave, input } = renderTab(['33101']);
    await user.type(input, '90210{Enter}');
    expect(await screen.findByText(NOT_IN_AREA_WARNING)).toBeTruthy();
    expect(validateZipcode).toHaveBeenCalledWith('90210');
    expect(onSave).toHaveBeenCalledWith(['33101', '90210']);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('takes the warning back when the save fails: the zipcode was not added', async () => {
    const user = userEvent.setup();
    validateZipcode.mockResolvedValue({ isValid: false, city: null, county: null });
    const { onSave, input } = renderTab(['33101']);
    onSave.mockRejectedValue(new Error('offline'));
    await user.type(input, '90210{Enter}');
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByText(NOT_IN_AREA_WARNING)).toBeNull());
    expect((input as HTMLInputElement).value).toBe('90210');
  });
});
