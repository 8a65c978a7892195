// @vitest-environment happy-dom
import '../../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../test/booking';
import { fakeApi } from '../../../test/app';
import { ContactDetailsForm, type ContactDetailsValues } from './ContactDetailsForm';

/*
 * Checkout step 1 (docs/spec/customer-side.md §2.10, §5): the contact details form. Continue is disabled
 * while phone or address is empty, and then says why; the messages are the shared schema's.
 */

const empty: ContactDetailsValues = {
  customerPhone: '',
  customerAddress: '',
  apartmentUnit: '',
  specialInstructions: '',
};

function renderForm(saving = false, defaults = empty) {
  const onSubmit = vi.fn();
  render(<ContactDetailsForm booking={bookingView()} defaults={defaults} saving={saving} onSubmit={onSubmit} />);
  return { onSubmit };
}

const phone = () => screen.getByLabelText('Phone Number') as HTMLInputElement;
const address = () => screen.getByRole('combobox', { name: 'Address' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /continue|saving/i }) as HTMLButtonElement;
/** The text the button's aria-describedby points at: what a screen reader says with it. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  fakeApi(); // address suggestions: none
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout contact details', () => {
  it('keeps Continue disabled until phone and address are given, and says which is missing', async () => {
    renderForm();
    expect(submit().disabled).toBe(true);
    expect(description(submit())).toBe('Enter your phone number and address to continue.');

    await userEvent.type(phone(), '305 555 0100');
    expect(submit().disabled).toBe(true);
    expect(description(submit())).toBe('Enter your address to continue.');

    await userEvent.type(address(), '100 Main St');
    expect(submit().disabled).toBe(false);
    expect(description(submit())).toBe('');
    expect(screen.queryByText(/to continue\.$/)).toBeNull();

    await userEvent.clear(phone());
    expect(submit().disabled).toBe(true);
    expect(description(submit())).toBe('Enter your phone number to continue.');
  });

  it.each([
    ['letters', '305-CALL-NOW', 'Phone number may contain only digits, spaces, dashes, parentheses and +'],
    ['too few digits', '+1 (305)', 'Please enter a valid phone number'],
  ])(
    'refuses a phone number with %s, with the message under the field, and sends nothing',
    async (_, typed, message) => {
      const { onSubmit } = renderForm();
      await userEvent.type(phone(), typed);
      await userEvent.type(address(), '100 Main St');
      await userEvent.click(submit());
      const error = await screen.findByText(new RegExp(`^${message.replace(/[()+]/g, '\\$&')}`));
      expect(description(phone())).toContain(error.textContent);
      expect(phone().getAttribute('aria-invalid')).toBe('true');
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('sends the details, trimmed, once they are valid', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(phone(), ' (305) 555-0100 ');
    await userEvent.type(address(), ' 100 Main St ');
    await userEvent.type(screen.getByLabelText('Apartment/Unit (optional)'), '4B');
    await userEvent.type(screen.getByLabelText('Special Instructions (optional)'), 'Gate code 1234');
    await userEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      customerPhone: '(305) 555-0100',
      customerAddress: '100 Main St',
      apartmentUnit: '4B',
      specialInstructions: 'Gate code 1234',
    });
  });

  it('holds each field to its limit (phone 20, address 200, unit 50, instructions 500)', async () => {
    renderForm();
    await userEvent.type(phone(), '1'.repeat(25));
    expect(phone().value).toHaveLength(20);
    expect(address().maxLength).toBe(200);
    expect((screen.getByLabelText('Apartment/Unit (optional)') as HTMLInputElement).maxLength).toBe(50);
    expect((screen.getByLabelText('Special Instructions (optional)') as HTMLTextAreaElement).maxLength).toBe(500);
  });

  it('while saving, reads Saving... and cannot be sent again', () => {
    renderForm(true, { ...empty, customerPhone: '3055550100', customerAddress: '100 Main St' });
    expect(submit().textContent).toBe('Saving...');
    expect(submit().disabled).toBe(true);
  });
});
