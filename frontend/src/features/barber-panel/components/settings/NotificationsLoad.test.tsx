// @vitest-environment happy-dom
import '../../../../test/dom';
import { defaultNotificationPreferences } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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
