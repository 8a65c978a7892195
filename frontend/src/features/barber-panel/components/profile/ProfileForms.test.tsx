// @vitest-environment happy-dom
import '../../../../test/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BarberProfileForm } from './BarberProfileForm';
import { PersonalInfoForm } from './PersonalInfoForm';

/* docs/spec/barber-and-admin.md §8: a form that cannot be processed says 'Submission Error' (the page's onInvalid). */
describe('the barber profile forms', () => {
  it('report a barber profile that cannot be sent, and do not send it', async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    render(<BarberProfileForm barber={null} onSubmit={onSubmit} onInvalid={onInvalid} pending={false} />);
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'short' } });
    fireEvent.submit(screen.getByLabelText('Bio').closest('form')!);
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Bio must be at least 10 characters')).toBeTruthy();
  });

  it('report personal information that cannot be sent, and send it once it is right', async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    const user = { id: 3, username: 'marco', fullName: 'Marco Diaz', email: 'marco@example.com', phone: null };
    render(<PersonalInfoForm user={user as never} onSubmit={onSubmit} onInvalid={onInvalid} pending={false} />);
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.submit(email.closest('form')!);
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'marco.diaz@example.com' } });
    fireEvent.submit(email.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });
});
