// @vitest-environment happy-dom
import '../../../test/dom';
import type { BookingView, PushMessage } from '@barber/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentUserRoute, fakeApi, renderApp, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { sendPush } from '../../../test/liveSocket';
import { quietConsole } from '../../../test/quietConsole';

/*
 * The admin area is kept live as a whole (the admin layout), not by the screen shown: a booking made while the
 * admin is on Manage Barbers is in the Bookings list and the dashboard's totals when they come back to them,
 * although both are cached and never stale by themselves (staleTime: Infinity).
 */

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

// calls of the admin shell this test does not answer (notifications, live status) are logged: quiet them
quietConsole();

const booking = (id: string, createdAt: string): BookingView =>
  bookingView({ id, version: 1, status: 'pending', date: '2099-11-26', createdAt, updatedAt: createdAt });

const created = (b: BookingView): PushMessage =>
  ({
    type: 'created',
    bookingId: b.id,
    status: b.status,
    booking: b,
    cursor: '1:1',
    recordedAt: b.createdAt,
  }) as PushMessage;

function platformApi() {
  const bookings = [booking('b1', '2026-11-20T10:00:00.000Z')];
  const gets = { bookings: 0, stats: 0, dashboard: 0 };
  fakeApi(
    currentUserRoute(() => userOf('admin', 1)),
    ({ method, path }) => {
      if (method !== 'GET') return undefined;
      if (path.startsWith('/api/admin/bookings?')) {
        gets.bookings += 1;
        return { status: 200, body: { bookings, total: bookings.length } };
      }
      if (path === '/api/admin/stats') {
        gets.stats += 1;
        const stats = { totalBarbers: 2, totalCustomers: 3, totalBookings: bookings.length, totalRevenue: 0 };
        return { status: 200, body: { stats } };
      }
      if (path.startsWith('/api/admin/barbers?')) return { status: 200, body: { barbers: [], total: 0 } };
      if (path.startsWith('/api/admin/dashboard?')) {
        gets.dashboard += 1;
        const totals = { newBookings: bookings.length, revenueCents: 0, platformFeeCents: 0 };
        const range = { start: '2026-10-25', end: '2026-11-23', prevStart: '2026-09-25', prevEnd: '2026-10-24' };
        return { status: 200, body: { ...range, current: totals, previous: totals, series: [], topBarbers: [] } };
      }
      return undefined;
    },
  );
  return { bookings, gets };
}

/** The Bookings table's rows as `id:status`. */
const rows = () =>
  [...document.querySelectorAll('[data-testid="admin-bookings-table"] tr[data-booking-id]')].map(
    (tr) => `${tr.getAttribute('data-booking-id')}:${tr.getAttribute('data-status')}`,
  );

const totalBookings = () => screen.getByTestId('stat-total-bookings').querySelector('.text-2xl')?.textContent;

/** Goes to `path` in the app, as a sidebar link does, and waits for the screen's heading. */
async function go(location: { navigate: (to: string) => void }, path: string, heading: string) {
  act(() => location.navigate(path));
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
}

describe('Admin area, live across its screens', () => {
  it('a booking made while another admin screen is shown heads the Bookings list when the admin comes back', async () => {
    const { bookings } = platformApi();
    const { location } = renderApp('/admin/bookings');
    await waitFor(() => expect(rows()).toEqual(['b1:pending']), { timeout: 10_000 });

    await go(location, '/admin/barbers', 'Manage Barbers');
    expect(rows()).toEqual([]); // the Bookings screen is gone, its page stays cached
    const made = booking('new', '2026-11-23T09:00:00.000Z');
    bookings.unshift(made);
    sendPush(created(made));

    await go(location, '/admin/bookings', 'Bookings Management');
    await waitFor(() => expect(rows()).toEqual(['new:pending', 'b1:pending']));
  }, 30_000);

  it("the dashboard's totals are read again after a booking was made while another admin screen was shown", async () => {
    const { bookings, gets } = platformApi();
    const { location } = renderApp('/admin/dashboard');
    await waitFor(() => expect(totalBookings()).toBe('1'), { timeout: 10_000 });
    expect(gets.stats).toBe(1);

    await go(location, '/admin/barbers', 'Manage Barbers');
    const made = booking('new', '2026-11-23T09:00:00.000Z');
    bookings.unshift(made);
    sendPush(created(made));
    // the totals are marked for reading again at most once a second
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));

    await go(location, '/admin/dashboard', 'Admin Dashboard');
    await waitFor(() => expect(totalBookings()).toBe('2'));
    expect(gets.stats).toBe(2);
  }, 30_000);

  it("reads the dashboard's period figures again when the admin comes back from outside the admin area", async () => {
    const { gets } = platformApi();
    const { location } = renderApp('/admin/dashboard');
    await waitFor(() => expect(gets.dashboard).toBe(1), { timeout: 10_000 });
    act(() => location.navigate('/'));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeNull());
    await go(location, '/admin/dashboard', 'Admin Dashboard');
    await waitFor(() => expect(gets.dashboard).toBe(2));
  }, 30_000);

  it('reads the lists again when the admin comes back from outside the admin area (pushes were not followed there)', async () => {
    const { bookings } = platformApi();
    const { location } = renderApp('/admin/bookings');
    await waitFor(() => expect(rows()).toEqual(['b1:pending']), { timeout: 10_000 });

    act(() => location.navigate('/'));
    await waitFor(() => expect(rows()).toEqual([]));
    const made = booking('away', '2026-11-23T09:00:00.000Z');
    bookings.unshift(made);
    sendPush(created(made)); // nobody in the admin area hears it

    await go(location, '/admin/bookings', 'Bookings Management');
    await waitFor(() => expect(rows()).toEqual(['away:pending', 'b1:pending']));
  }, 30_000);
});
