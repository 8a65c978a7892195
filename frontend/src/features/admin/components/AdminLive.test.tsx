// @vitest-environment happy-dom
import '../../../test/dom';
import type { ReactNode } from 'react';
import { todayLocal, type BookingView, type PushMessage } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { useAdminBookingsPage, useAdminUpdateBooking } from '../api/bookings';
import { useAdminLive } from '../api/live';
import { useAdminDashboard, useAdminStats } from '../api/stats';
import { BookingsPage } from './BookingsPage';
import { DashboardPage } from './DashboardPage';
import { sendPush } from '../../../test/liveSocket';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

const booking = (id: string, version: number, status: BookingView['status']): BookingView =>
  bookingView({
    id,
    version,
    status,
    date: '2099-11-26',
    feeCollectionEnabled: false,
    customerPhone: null,
    customerAddress: null,
  });

let cursor = 0;
const push = (b: BookingView | null, extra: Partial<PushMessage> = {}): PushMessage =>
  ({
    type: 'status_changed',
    bookingId: b?.id ?? null,
    status: b?.status ?? null,
    booking: b,
    cursor: `1:${++cursor}`,
    recordedAt: '2026-11-23T09:00:00.000Z',
    ...extra,
  }) as PushMessage;

/** Delivers a push, and lets the screen render what it changed (TanStack Query tells its observers on a later tick). */
async function emit(msg: PushMessage) {
  sendPush(msg);
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

function adminBookings(list: () => BookingView[]) {
  const seen = { gets: 0 };
  const route = ({ method, path }: { method: string; path: string }) => {
    if (method === 'GET' && path.startsWith('/api/admin/bookings?')) {
      seen.gets += 1;
      return { status: 200, body: { bookings: list(), total: list().length } };
    }
    if (method === 'PUT' && path === '/api/bookings/b2/update')
      return { status: 200, body: { booking: booking('b2', 4, 'cancelled') } };
    return undefined;
  };
  return { seen, route };
}

function renderPage(Page = BookingsPage) {
  const location = memoryLocation({ path: '/admin/bookings' });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Page />
      </Router>
    </QueryClientProvider>,
  );
}

/** The table's rows as `id:status`. */
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-testid="admin-bookings-table"] tr[data-booking-id]')].map(
    (tr) => `${tr.getAttribute('data-booking-id')}:${tr.getAttribute('data-status')}`,
  );

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('admin', 1), status: 'ready' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Admin bookings, live', () => {
  it('shows a newer pushed version of a row and ignores an older one', async () => {
    const { route } = adminBookings(() => [booking('b2', 2, 'confirmed'), booking('b1', 1, 'pending')]);
    fakeApi(route);
    const { container } = renderPage();
    await waitFor(() => expect(rows(container)).toEqual(['b2:confirmed', 'b1:pending']));
    await emit(push(booking('b2', 3, 'en_route')));
    expect(rows(container)).toEqual(['b2:en_route', 'b1:pending']);
    await emit(push(booking('b2', 2, 'confirmed')));
    await emit(push(booking('b1', 0, 'pending')));
    expect(rows(container)).toEqual(['b2:en_route', 'b1:pending']);
  });

  it('a new booking heads the list of every booking; a pushed booking of another page is not added', async () => {
    const { route } = adminBookings(() => [booking('b1', 1, 'pending')]);
    fakeApi(route);
    const { container } = renderPage();
    await waitFor(() => expect(rows(container)).toEqual(['b1:pending']));
    await emit(push(booking('old', 7, 'completed')));
    expect(rows(container)).toEqual(['b1:pending']);
    await emit(push(booking('new', 1, 'pending'), { type: 'created' }));
    expect(rows(container)).toEqual(['new:pending', 'b1:pending']);
    await emit(push(booking('new', 2, 'confirmed')));
    expect(rows(container)).toEqual(['new:confirmed', 'b1:pending']);
  });

  it('a push that carries no booking reads the list again when the booking cannot be read', async () => {
    const { seen, route } = adminBookings(() => [booking('b1', 1, 'pending')]);
    fakeApi(route);
    const { container } = renderPage();
    await waitFor(() => expect(rows(container)).toEqual(['b1:pending']));
    const before = seen.gets;
    await emit(push(null, { bookingId: 'b1', status: 'confirmed' }));
    await waitFor(() => expect(seen.gets).toBe(before + 1));
  });

  it('a new booking pushed without its read model is read over HTTP and heads the list', async () => {
    const { route } = adminBookings(() => [booking('b1', 1, 'pending')]);
    const { requests } = fakeApi((request) =>
      request.method === 'GET' && request.path === '/api/bookings/fresh'
        ? { status: 200, body: { booking: booking('fresh', 1, 'pending') } }
        : route(request),
    );
    const { container } = renderPage();
    await waitFor(() => expect(rows(container)).toEqual(['b1:pending']));
    await emit(push(null, { bookingId: 'fresh', type: 'created', status: 'pending' }));
    await waitFor(() => expect(rows(container)).toEqual(['fresh:pending', 'b1:pending']));
    // the lists and the live collection follow the same push: one read between them
    expect(requests.filter((r) => r.path === '/api/bookings/fresh')).toHaveLength(1);
  });

  it("the admin's own change shows in the list from the command's answer", async () => {
    const { route } = adminBookings(() => [booking('b2', 3, 'confirmed')]);
    fakeApi(route);
    const { container } = renderPage();
    await waitFor(() => expect(rows(container)).toEqual(['b2:confirmed']));
    const { result } = renderHook(() => useAdminUpdateBooking(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    await act(() =>
      result.current.mutateAsync({
        id: 'b2',
        body: { status: 'cancelled', cancellationReason: 'Barber ill' } as never,
      }),
    );
    await waitFor(() => expect(rows(container)).toEqual(['b2:cancelled']));
  });
});

describe('Admin bookings, status tabs', () => {
  function byStatus(list: BookingView[]) {
    const seen = { gets: [] as string[] };
    fakeApi(({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/api/admin/bookings?')) return undefined;
      seen.gets.push(path);
      const status = new URLSearchParams(path.split('?')[1]).get('status');
      const bookings = list.filter((b) => !status || b.status === status);
      return { status: 200, body: { bookings, total: bookings.length } };
    });
    return seen;
  }

  it("a booking that leaves the tab's status leaves its list at once, and the list is read again", async () => {
    const list = [booking('t1', 1, 'pending'), booking('t2', 1, 'pending')];
    const seen = byStatus(list);
    const { container, getByRole, getAllByRole } = renderPage();
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    await userEvent.click(getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(rows(container)).toEqual(['t1:pending', 't2:pending']));
    await userEvent.click(getAllByRole('button', { name: /^View booking of / })[0]!);
    const details = getByRole('dialog', { name: 'Booking Details' });
    const gets = seen.gets.length;
    list[0] = booking('t1', 2, 'confirmed');
    await emit(push(list[0]));
    expect(rows(container)).toEqual(['t2:pending']);
    // the open dialog follows the booking off the list
    expect(within(details).getByText('Confirmed')).toBeTruthy();
    await waitFor(() => expect(seen.gets.length).toBeGreaterThan(gets), { timeout: 3000 });
  });

  it("says the tab's own empty text and heading, without counting the tab as a filter", async () => {
    byStatus([booking('t1', 1, 'confirmed')]);
    const page = renderPage();
    await waitFor(() => expect(rows(page.container)).toHaveLength(1));
    await userEvent.click(page.getByRole('tab', { name: 'Pending' }));
    expect(await page.findByText('No pending bookings found.')).toBeTruthy();
    expect(page.getByText('Pending bookings')).toBeTruthy();
    expect(page.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(page.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });
});

describe('Admin dashboard, live', () => {
  // visits under way are counted on their day
  const today = (b: BookingView): BookingView => ({ ...b, date: todayLocal() });

  it('counts what pushes bring, newest version only, also of bookings the dashboard did not read', async () => {
    // another admin: nothing of what the first one saw is counted
    useSession.setState({ user: userOf('admin', 2) });
    const { route } = adminBookings(() => [today(booking('b2', 2, 'confirmed')), today(booking('b1', 1, 'pending'))]);
    fakeApi(route);
    const view = renderPage(DashboardPage);
    const inProgress = () => view.getByTestId('counter-in-progress').textContent;
    await waitFor(() =>
      expect(view.getByTestId('activity-feed').querySelector('[data-booking-id="b1"]')).not.toBeNull(),
    );
    expect(inProgress()).toBe('0');
    await emit(push(today(booking('b2', 3, 'in_progress'))));
    expect(inProgress()).toBe('1');
    await emit(push(today(booking('b2', 2, 'confirmed'))));
    expect(inProgress()).toBe('1');
    await emit(push(today(booking('elsewhere', 5, 'en_route'))));
    expect(inProgress()).toBe('2');
    expect(view.getByTestId('activity-feed').querySelector('[data-booking-id="elsewhere"]')).not.toBeNull();
  });

  it('counts a booking whose push came without its read model, read over HTTP', async () => {
    useSession.setState({ user: userOf('admin', 3) });
    const { route } = adminBookings(() => [today(booking('b1', 1, 'confirmed'))]);
    fakeApi((request) =>
      request.method === 'GET' && request.path === '/api/bookings/b1'
        ? { status: 200, body: { booking: today(booking('b1', 2, 'in_progress')) } }
        : route(request),
    );
    const view = renderPage(DashboardPage);
    const inProgress = () => view.getByTestId('counter-in-progress').textContent;
    await waitFor(() =>
      expect(view.getByTestId('activity-feed').querySelector('[data-booking-id="b1"]')).not.toBeNull(),
    );
    expect(inProgress()).toBe('0');
    await emit(push(null, { bookingId: 'b1', status: 'in_progress', type: 'started' }));
    await waitFor(() => expect(inProgress()).toBe('1'));
  });
});

describe('useAdminLive, mounted by the admin layout and by screens', () => {
  it('applies each push once however many mount it, and keeps going until the last unmounts', async () => {
    const { route } = adminBookings(() => [booking('b1', 1, 'pending')]);
    fakeApi(route);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    // the layout first, as in the app (coming back to the admin area reads its lists again)
    const layout = renderHook(() => useAdminLive());
    const list = renderHook(() => useAdminBookingsPage(1), { wrapper });
    await waitFor(() => expect(list.result.current.data?.total).toBe(1));
    const page = renderHook(() => useAdminLive());
    const ids = () => list.result.current.data?.bookings.map((b) => b.id);

    await emit(push(booking('n1', 1, 'pending'), { type: 'created' }));
    expect(ids()).toEqual(['n1', 'b1']);
    expect(list.result.current.data?.total).toBe(2);
    page.unmount();
    await emit(push(booking('n2', 1, 'pending'), { type: 'created' }));
    expect(ids()).toEqual(['n2', 'n1', 'b1']);
    layout.unmount();
    await emit(push(booking('n3', 1, 'pending'), { type: 'created' }));
    expect(ids()).toEqual(['n2', 'n1', 'b1']);
  });
});

describe('Admin totals and narrowed lists, live', () => {
  it('read the revenue again when a booking is refunded, or its refund failed, elsewhere', async () => {
    let revenue = 500;
    const seen = { gets: 0 };
    fakeApi(({ method, path }) => {
      if (method !== 'GET' || path !== '/api/admin/stats') return undefined;
      seen.gets += 1;
      return {
        status: 200,
        body: { stats: { totalBarbers: 2, totalCustomers: 3, totalBookings: 9, totalRevenue: revenue } },
      };
    });
    function Revenue() {
      useAdminLive();
      return <p data-testid="revenue">{useAdminStats().data?.stats.totalRevenue}</p>;
    }
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Revenue />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.getByTestId('revenue').textContent).toBe('500'));

    revenue = 475;
    await emit(push(booking('r1', 5, 'completed'), { type: 'refunded', status: null }));
    await waitFor(() => expect(view.getByTestId('revenue').textContent).toBe('475'), { timeout: 3000 });
    revenue = 500;
    // a type this client was not built with counts too
    await emit(push(booking('r1', 6, 'completed'), { type: 'refundFailed', status: null }));
    await waitFor(() => expect(view.getByTestId('revenue').textContent).toBe('500'), { timeout: 3000 });
    expect(seen.gets).toBe(3);
  });

  it("read the period's figures again when a booking is completed elsewhere", async () => {
    let revenueCents = 5000;
    fakeApi(({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/api/admin/dashboard?')) return undefined;
      const period = { newBookings: 1, revenueCents, platformFeeCents: revenueCents / 10 };
      return {
        status: 200,
        body: {
          start: '2026-11-20',
          end: '2026-11-26',
          prevStart: '2026-11-13',
          prevEnd: '2026-11-19',
          current: period,
          previous: period,
          series: [],
          topBarbers: [],
        },
      };
    });
    function Revenue() {
      useAdminLive();
      return <p data-testid="revenue">{useAdminDashboard(7, '2026-11-23').data?.current.revenueCents}</p>;
    }
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Revenue />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.getByTestId('revenue').textContent).toBe('5000'));
    revenueCents = 9000;
    await emit(push(booking('c1', 5, 'completed'), { type: 'completed' }));
    await waitFor(() => expect(view.getByTestId('revenue').textContent).toBe('9000'), { timeout: 3000 });
  });

  it('read again, on a new or rescheduled booking, the lists it cannot be placed in: by barber, by dates, a second page', async () => {
    const gets: string[] = [];
    fakeApi(({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/api/admin/bookings?')) return undefined;
      gets.push(path);
      return { status: 200, body: { bookings: [booking('b1', 1, 'pending')], total: 60 } };
    });
    const reads = (part: string) => gets.filter((p) => p.includes(part)).length;
    const everyFirstPage = () => gets.filter((p) => p === '/api/admin/bookings?limit=50&offset=0').length;
    function Lists() {
      useAdminLive();
      useAdminBookingsPage(1);
      useAdminBookingsPage(1, { barberId: 5 });
      useAdminBookingsPage(1, { from: '2099-11-26', to: '2099-11-26' });
      useAdminBookingsPage(2);
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Lists />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(gets).toHaveLength(4));
    expect([reads('barberId=5'), reads('from=2099-11-26'), reads('offset=50'), everyFirstPage()]).toEqual([1, 1, 1, 1]);

    await emit(push(booking('new', 1, 'pending'), { type: 'created' }));
    await waitFor(() => expect([reads('barberId=5'), reads('from=2099-11-26'), reads('offset=50')]).toEqual([2, 2, 2]));
    // the first page of every booking takes the new one in, unread
    expect(everyFirstPage()).toBe(1);
    expect(
      queryClient
        .getQueryData<{ bookings: BookingView[] }>(['/api/admin/bookings', { limit: 50, offset: 0 }])
        ?.bookings.map((b) => b.id),
    ).toEqual(['new', 'b1']);

    await emit(push({ ...booking('b1', 2, 'pending'), date: '2099-11-27' }, { type: 'rescheduled', status: null }));
    await waitFor(() => expect(reads('from=2099-11-26')).toBe(3), { timeout: 3000 });
  });
});
