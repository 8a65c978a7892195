// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { BookingsPage } from './BookingsPage';

vi.mock('../../../lib/socket', () => ({ subscribeToEvents: () => () => {}, useLiveStatus: () => 'live' }));

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('admin', 1), status: 'ready' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

/** Bookings with no bookings and no barbers, as the API answers them; the fake API's requests and a user. */
function renderEmptyBookingsPage() {
  const api = fakeApi(({ method, path }) =>
    method === 'GET' && path.startsWith('/api/admin/bookings?')
      ? { status: 200, body: { bookings: [], total: 0 } }
      : method === 'GET' && path.startsWith('/api/admin/barbers')
        ? { status: 200, body: { barbers: [], total: 0 } }
        : undefined,
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memoryLocation({ path: '/admin/bookings' }).hook}>
        <BookingsPage />
      </Router>
    </QueryClientProvider>,
  );
  return { requests: api.requests, user: userEvent.setup() };
}

describe('the admin bookings filters', () => {
  it('Clear filters clears the filters and keeps the status tab shown (a tab is not a filter)', async () => {
    const { requests, user } = renderEmptyBookingsPage();
    await user.click(await screen.findByRole('tab', { name: 'Pending' }));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Region' }), 'Miami, FL');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    const chips = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(chips).queryByText(/^Status/)).toBeNull(); // the tab's status is not a chip
    await waitFor(() => expect(requests.at(-1)?.path).toMatch(/status=pending.*region=|region=.*status=pending/));
    expect(await screen.findByText(/^Pending bookings · 0 found$/)).toBeTruthy();

    await user.click(within(chips).getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    // the pending bookings, no longer narrowed by region (that list was read when the tab was opened)
    expect(screen.getByText('Pending bookings')).toBeTruthy();
    expect(screen.queryByText(/· \d+ found/)).toBeNull();
  });

  it('Clear filters clears a status without a tab, shown as a chip', async () => {
    const { user } = renderEmptyBookingsPage();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'En Route');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    const chips = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Status: En Route')).toBeTruthy();
    await user.click(within(chips).getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'All Bookings' }).getAttribute('aria-selected')).toBe('true');
  });
});
