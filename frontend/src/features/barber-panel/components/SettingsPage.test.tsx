// @vitest-environment happy-dom
import '../../../test/dom';
import { defaultNotificationPreferences } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { SettingsPage } from './SettingsPage';

const FEED = '/api/barber/calendar-feed';

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('barber', 4), status: 'ready' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

/** The settings screen, and a user to click through it. */
function renderSettings() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <SettingsPage />
    </QueryClientProvider>,
  );
  return user;
}

describe('barber settings', () => {
  it('reads the calendar feed (which makes its private link on first use) only once the Calendar section is opened', async () => {
    const { requests } = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/barber/notifications')
        return { status: 200, body: { preferences: defaultNotificationPreferences } };
      if (method === 'GET' && path === FEED)
        return { status: 200, body: { url: 'https://barber.example/api/calendar/abc.ics' } };
      return undefined;
    });
    const user = renderSettings();
    await screen.findByRole('button', { name: 'Save Preferences' });
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.click(screen.getByRole('tab', { name: 'Business' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((r) => r.path === FEED)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    expect(await screen.findByLabelText('Calendar feed URL')).toBeTruthy();
    expect(requests.filter((r) => r.path === FEED)).toHaveLength(1);
    // kept mounted once opened: back and forth reads it no more
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    expect(requests.filter((r) => r.path === FEED)).toHaveLength(1);
  });

  it('shows the new calendar link after a password change, which ended the old one', async () => {
    let link = 'https://barber.example/api/calendar/old.ics';
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/barber/notifications')
        return { status: 200, body: { preferences: defaultNotificationPreferences } };
      if (method === 'GET' && path === FEED) return { status: 200, body: { url: link } };
      if (method === 'PUT' && path === '/api/auth/change-password') {
        link = 'https://barber.example/api/calendar/new.ics';
        return { status: 200, body: { ok: true } };
      }
      return undefined;
    });
    const user = renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Calendar' }));
    expect(((await screen.findByLabelText('Calendar feed URL')) as HTMLInputElement).value).toContain('old.ics');

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.type(screen.getByLabelText('Current password'), 'password123');
    await user.type(screen.getByLabelText('New password'), 'another-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'another-pass-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Calendar feed URL') as HTMLInputElement).value).toContain('new.ics'),
    );
  });
});
