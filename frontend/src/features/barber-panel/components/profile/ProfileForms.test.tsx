// @vitest-environment happy-dom
import '../../../../test/dom';
import type { BarberProfile } from '@barber/shared';
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

  it("after the barber's own save, a newer profile read shows the saved field's new value, and the next save sends it", async () => {
    const barber = (bio: string, yearsOfExperience = 4): BarberProfile =>
      ({ id: 5, userId: 3, bio, yearsOfExperience, cities: ['miami'], portfolioImages: [] }) as never;
    const onSubmit = vi.fn(async () => true);
    const { rerender } = render(
      <BarberProfileForm barber={barber('Fades since 2020.')} onSubmit={onSubmit} pending={false} />,
    );
    const bio = screen.getByLabelText('Bio') as HTMLTextAreaElement;
    fireEvent.change(bio, { target: { value: 'Fades and beard trims.' } });
    fireEvent.submit(bio.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // the save's own refetch
    rerender(<BarberProfileForm barber={barber('Fades and beard trims.')} onSubmit={onSubmit} pending={false} />);
    // then the bio is changed elsewhere (another device) while this tab stays open: the newer read shows it
    await waitFor(() => expect(onSubmit.mock.results[0]?.type).toBe('return'));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the save has been answered
    rerender(
      <BarberProfileForm barber={barber('Now also hot towel shaves.', 5)} onSubmit={onSubmit} pending={false} />,
    );
    await waitFor(() => expect(bio.value).toBe('Now also hot towel shaves.'));
    expect((screen.getByLabelText('Years of experience') as HTMLInputElement).value).toBe('5');

    fireEvent.submit(bio.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]).toEqual([expect.objectContaining({ bio: 'Now also hot towel shaves.' })]);
  });

  it('a newer profile read keeps an edit not saved yet, and a failed save keeps it an edit', async () => {
    const barber = (bio: string): BarberProfile =>
      ({ id: 5, userId: 3, bio, yearsOfExperience: 4, cities: ['miami'], portfolioImages: [] }) as never;
    const onSubmit = vi.fn(async () => false);
    const { rerender } = render(
      <BarberProfileForm barber={barber('Fades since 2020.')} onSubmit={onSubmit} pending={false} />,
    );
    const bio = screen.getByLabelText('Bio') as HTMLTextAreaElement;
    fireEvent.change(bio, { target: { value: 'Fades and beard trims.' } });
    fireEvent.submit(bio.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    rerender(<BarberProfileForm barber={barber('Changed elsewhere, not here.')} onSubmit={onSubmit} pending={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bio.value).toBe('Fades and beard trims.');
  });

  it("after the barber's own save of personal information, a newer read shows the saved field's new value", async () => {
    const user = (fullName: string) => ({
      id: 3,
      username: 'marco',
      fullName,
      email: 'marco@example.com',
      phone: null,
    });
    const onSubmit = vi.fn(async () => true);
    const { rerender } = render(<PersonalInfoForm user={user('Marco Diaz')} onSubmit={onSubmit} pending={false} />);
    const name = screen.getByLabelText('Full name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Marco A. Diaz' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    rerender(<PersonalInfoForm user={user('Marco A. Diaz')} onSubmit={onSubmit} pending={false} />);
    await waitFor(() => expect(onSubmit.mock.results[0]?.type).toBe('return'));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the save has been answered
    rerender(<PersonalInfoForm user={user('Marco Antonio Diaz')} onSubmit={onSubmit} pending={false} />);
    await waitFor(() => expect(name.value).toBe('Marco Antonio Diaz'));
  });
});
