// @vitest-environment happy-dom
import '../../../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordDialog } from './PasswordDialogs';
import { adminBarberOf } from '../../../../test/adminBarber';

/* Issue 12 item 4: the admin's set-password and reset-account dialogs are checked by adminSetPasswordSchema
   (and the platform's least length); the disabled submit says why. */

const api = vi.hoisted(() => ({ setUserPassword: vi.fn(), resetUserAccount: vi.fn(), platformMin: 6 }));
vi.mock('../../api/barbers', () => ({ setUserPassword: api.setUserPassword, resetUserAccount: api.resetUserAccount }));
vi.mock('../../../../lib/publicSettings', () => ({
  usePasswordMinLength: () => ({ min: api.platformMin, getMin: () => api.platformMin }),
}));

const barber = adminBarberOf(4, 'Marcus Lee', { user: { id: 42, username: 'marcus', email: 'marcus@example.com' } });

beforeEach(() => {
  api.setUserPassword.mockReset().mockResolvedValue({ ok: true });
  api.resetUserAccount.mockReset().mockResolvedValue({ ok: true });
  api.platformMin = 6;
});

describe('PasswordDialog', () => {
  it('keeps Set Password disabled below 6 characters, says why with the schema message, and sends nothing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<PasswordDialog kind="password" barber={barber} onClose={onClose} />);
    const submit = screen.getByRole('button', { name: 'Set Password' }) as HTMLButtonElement;
    const reason = () => screen.queryByRole('status');

    expect(submit.disabled).toBe(true);
    expect(reason()?.textContent).toBe('Password must be at least 6 characters');
    expect(submit.getAttribute('aria-describedby')).toBe(reason()?.id);

    await user.type(screen.getByLabelText('New Password'), 'abc{Enter}');
    expect(submit.disabled).toBe(true);
    expect(reason()?.textContent).toBe('Password must be at least 6 characters');
    expect(api.setUserPassword).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('New Password'), 'def');
    expect(submit.disabled).toBe(false);
    expect(reason()).toBeNull();
    await user.click(submit);
    expect(api.setUserPassword).toHaveBeenCalledWith(42, 'abcdef');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks for the platform's least length when it is more, and resets the account with the password", async () => {
    api.platformMin = 10;
    const user = userEvent.setup();
    render(<PasswordDialog kind="reset" barber={barber} onClose={() => {}} />);
    expect(screen.getByText('At least 10 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh');
    const submit = screen.getByRole('button', { name: 'Reset Account' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Password must be at least 10 characters');

    await user.type(screen.getByLabelText('New Password'), 'ij');
    await user.click(submit);
    expect(api.resetUserAccount).toHaveBeenCalledWith(42, 'abcdefghij');
    expect(api.setUserPassword).not.toHaveBeenCalled();
  });
});
