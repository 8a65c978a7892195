// @vitest-environment happy-dom
import '../../../../test/dom';
import { defaultNotificationPreferences } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/queryClient';
import { fakeApi } from '../../../../test/app';
import { NotificationsSection } from './NotificationsSection';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the notification preferences when they cannot be read', () => {
  it('offers Retry and no Save, so the defaults never overwrite preferences it could not read', async () => {
    const saved = { ...defaultNotificationPreferences, emailReminders: false };
    let failing = true;
    const { requests } = fakeApi(({ method, path }) => {
      if (method !== 'GET' || path !== '/api/barber/notifications') return undefined;
      return failing
        ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } }
        : { status: 200, body: { preferences: saved } };
    });
    render(
      <QueryClientProvider client={queryClient}>
        <NotificationsSection params={{}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Your saved preferences could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Preferences' })).toBeNull();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Save Preferences' });
    expect(screen.getByRole('switch', { name: 'Email: Appointment reminders' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});

describe('the notification switches the barber changed', () => {
  it('stay as changed when the saved preferences are read again, the others showing the newer read; saving sends them', async () => {
    let saved = { ...defaultNotificationPreferences };
    const { requests } = fakeApi(({ method, path, body }) => {
      if (path !== '/api/barber/notifications') return undefined;
      if (method === 'PUT') saved = body as typeof saved;
      return { status: 200, body: { preferences: saved } };
    });
    render(
      <QueryClientProvider client={queryClient}>
        <NotificationsSection params={{}} />
      </QueryClientProvider>,
    );
    const reminders = await screen.findByRole('switch', { name: 'Email: Appointment reminders' });
    const push = screen.getByRole('switch', { name: 'Push notifications' });
    expect(reminders.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(reminders);
    expect(reminders.getAttribute('aria-checked')).toBe('false');

    // changed elsewhere meanwhile, and read again (the panel stays mounted across the settings tabs)
    saved = { ...saved, pushNotifications: false };
    await queryClient.refetchQueries({ queryKey: ['/api/barber/notifications'] });
    await waitFor(() => expect(push.getAttribute('aria-checked')).toBe('false'));
    expect(reminders.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      ...defaultNotificationPreferences,
      emailReminders: false,
      pushNotifications: false,
    });

    // saved: a later read shows the server's value of that switch again
    saved = { ...saved, emailReminders: true };
    await queryClient.refetchQueries({ queryKey: ['/api/barber/notifications'] });
    await waitFor(() => expect(reminders.getAttribute('aria-checked')).toBe('true'));
  });
});
