// @vitest-environment happy-dom
import '../../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordForm } from './PasswordForm';

const api = vi.hoisted(() => ({ changePassword: vi.fn() }));
vi.mock('../api/profile', () => ({ changePassword: api.changePassword }));
vi.mock('../../../lib/publicSettings', () => ({ usePasswordMinLength: () => ({ min: 8, getMin: () => 8 }) }));

describe("the profile's password form", () => {
  it('words the platform\'s longer minimum as the specification words the rule: "New password must be..."', async () => {
    const user = userEvent.setup();
    render(<PasswordForm userId={3} />);
    await user.type(screen.getByLabelText('Current Password'), 'old-one');
    await user.type(screen.getByLabelText('New Password'), 'seven77');
    await user.type(screen.getByLabelText('Confirm New Password'), 'seven77');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
    expect(api.changePassword).not.toHaveBeenCalled();
  });
});
