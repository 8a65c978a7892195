// @vitest-environment happy-dom
import '../test/dom';
import type { Notification, PushMessage } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../lib/queryClient';
import { useNotifications } from '../stores/notifications';
import { useSession } from '../stores/session';
import { fakeApi, userOf, type FakeRoute } from '../test/app';
import { bookingView, pushMessage } from '../test/booking';
import { NotificationsBell } from './NotificationsBell';

// the one socket client, replaced by a handle on what the bells subscribed
const live = vi.hoisted(() => ({
  events: new Set<(msg: PushMessage) => void>(),
  notifications: new Set<(n: Notification) => void>(),
  resync: new Set<() => void>(),
  reconnected: new Set<() => void>(),
}));
vi.mock('../lib/socket', () => {
  const sub =
    <T,>(set: Set<T>) =>
    (h: T) => (set.add(h), () => void set.delete(h));
  return {
    subscribeToEvents: sub(live.events),
    subscribeToNotifications: sub(live.notifications),
    subscribeToResync: sub(live.resync),
    subscribeToReconnected: sub(live.reconnected),
  };
});

const note = (id: number, read = false, title = `Note ${id}`): Notification => ({
  id,
  kind: 'booking_confirmed',
  title,
  body: '',
  bookingId: null,
  read,
  createdAt: new Date(Date.UTC(2026, 10, 20, 10, id)).toISOString(),
});

/** GET /api/notifications answered by the current `server` list; PUTs recorded and answered by `putStatus`. */
function server(initial: Notification[]) {
  const state = { list: initial, putStatus: 200, gets: 0 };
  const route: FakeRoute = ({ method, path }) => {
    if (method === 'GET' && path === '/api/notifications') {
      state.gets += 1;
      return {
        status: 200,
        body: { notifications: state.list, unreadCount: state.list.filter((n) => !n.read).length },
      };
    }
    if (method === 'PUT' && path.startsWith('/api/notifications/')) {
      return state.putStatus === 200
        ? { status: 200, body: { updated: 1, unreadCount: 0 } }
        : { status: state.putStatus, body: { message: 'Down', code: 'INTERNAL' } };
    }
    return undefined;
  };
  return { state, route };
}

function renderBells(count = 1) {
  const location = memoryLocation({ path: '/' });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {Array.from({ length: count }, (_, i) => (
          <NotificationsBell key={i} />
        ))}
      </Router>
    </QueryClientProvider>,
  );
}

const bells = () => screen.getAllByTestId('notifications-bell');
const labels = () => bells().map((b) => b.getAttribute('aria-label'));

async function open(bell: HTMLElement) {
  await userEvent.click(bell);
  return screen.findByRole('menu');
}

beforeEach(() => {
  queryClient.clear();
  useNotifications.getState().clear();
  useSession.setState({ user: userOf('customer', 10), status: 'ready' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null, status: 'loading' });
});

describe('NotificationsBell', () => {
  it("lists the user's notifications, newest first, with the unread count", async () => {
    const { route } = server([note(2), note(1, true)]);
    fakeApi(route);
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    const menu = await open(bells()[0]!);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      expect.stringContaining('Mark all as read'),
      expect.stringMatching(/^Note 2 \(unread\)/),
      expect.stringMatching(/^Note 1/),
    ]);
  });

  it('two bells share one feed: a pushed notification is shown and counted once, at the top', async () => {
    const { state, route } = server([note(1)]);
    fakeApi(route);
    renderBells(2);
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)', 'Notifications (1 unread)']));
    await waitFor(() => expect(live.notifications.size).toBeGreaterThan(0));
    act(() => live.notifications.forEach((h) => h(note(5, false, 'Pushed'))));
    act(() => live.notifications.forEach((h) => h(note(5, false, 'Pushed'))));
    expect(labels()).toEqual(['Notifications (2 unread)', 'Notifications (2 unread)']);
    const menu = await open(bells()[0]!);
    expect(within(menu).getAllByRole('menuitem')[1]!.textContent).toMatch(/^Pushed/);
    expect(state.gets).toBe(1);
  });

  it('a resync reads the list again', async () => {
    const { state, route } = server([note(1)]);
    fakeApi(route);
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    await waitFor(() => expect(live.resync.size).toBeGreaterThan(0));
    state.list = [note(3), note(2), note(1)];
    act(() => live.resync.forEach((h) => h()));
    await waitFor(() => expect(labels()).toEqual(['Notifications (3 unread)']));
  });

  it('a reconnect reads the list again: notifications stored while the socket was down were pushed to no one', async () => {
    const { state, route } = server([note(1)]);
    fakeApi(route);
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    await waitFor(() => expect(live.reconnected.size).toBeGreaterThan(0));
    state.list = [note(2), note(1)];
    act(() => live.reconnected.forEach((h) => h()));
    await waitFor(() => expect(labels()).toEqual(['Notifications (2 unread)']));
  });

  it('a booking push reads the list again soon (its notification is being written)', async () => {
    const { state, route } = server([note(1)]);
    fakeApi(route);
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    await waitFor(() => expect(live.events.size).toBeGreaterThan(0));
    state.list = [note(2, false, 'Booking confirmed'), note(1)];
    act(() => live.events.forEach((h) => h({ type: 'status_changed', bookingId: 'b1' } as PushMessage)));
    await waitFor(() => expect(labels()).toEqual(['Notifications (2 unread)']), { timeout: 3000 });
    useNotifications.getState().clear(); // stops the trailing reload
  });

  it('Mark all as read marks them read at once and tells the server', async () => {
    const { route } = server([note(2), note(1)]);
    const { requests } = fakeApi(route);
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (2 unread)']));
    const menu = await open(bells()[0]!);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));
    expect(labels()).toEqual(['Notifications']);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/notifications/read-all')).toBe(true),
    );
  });

  it('choosing a notification marks it read; if the server refuses, it is unread again', async () => {
    const { state, route } = server([note(2), note(1)]);
    const { requests } = fakeApi(route);
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (2 unread)']));
    await userEvent.click(within(await open(bells()[0]!)).getByRole('menuitem', { name: /^Note 2/ }));
    expect(labels()).toEqual(['Notifications (1 unread)']);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/notifications/2/read')).toBe(true),
    );
    state.list = [note(2, true), note(1)];

    state.putStatus = 500;
    await userEvent.click(within(await open(bells()[0]!)).getByRole('menuitem', { name: /^Note 1/ }));
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    const menu = await open(bells()[0]!);
    expect(within(menu).getByRole('menuitem', { name: /^Note 1/ }).textContent).toContain('(unread)');
    expect(within(menu).getByRole('menuitem', { name: /^Note 2/ }).textContent).not.toContain('(unread)');
  });

  it('says when the list could not be loaded, and when there is nothing', async () => {
    fakeApi(({ path }) =>
      path === '/api/notifications' ? { status: 500, body: { message: 'Down', code: 'INTERNAL' } } : undefined,
    );
    const view = renderBells();
    expect(within(await open(bells()[0]!)).getByRole('menuitem').textContent).toMatch(
      /^(Loading\.\.\.|Could not load notifications)$/,
    );
    await waitFor(() => expect(screen.getByRole('menuitem').textContent).toBe('Could not load notifications'));
    view.unmount();

    queryClient.clear();
    useNotifications.getState().clear();
    fakeApi(server([]).route);
    renderBells();
    const menu = await open(bells()[0]!);
    await waitFor(() => expect(within(menu).getByRole('menuitem').textContent).toBe('No new notifications'));
  });

  it("never shows the previous user's notifications to the next user", async () => {
    const first = server([note(1, false, 'For Ann')]);
    const second = server([note(7, false, 'For Bob')]);
    let current = first;
    fakeApi((r) => current.route(r));
    const view = renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    current = second;
    act(() => useSession.setState({ user: userOf('customer', 11) }));
    const menu = await open(bells()[0]!);
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .some((i) => i.textContent?.startsWith('For Bob')),
      ).toBe(true),
    );
    expect(within(menu).queryByText('For Ann')).toBeNull();
    view.unmount();
  });

  it('an administrator held for two-factor set-up reads no notifications (the server refuses them) until enrolled', async () => {
    const { route } = server([note(1)]);
    const twoFactor = { required: true, enabled: false, recoveryCodesLeft: 0 };
    const { requests } = fakeApi(route, ({ method, path }) =>
      method === 'GET' && path === '/api/auth/two-factor' ? { status: 200, body: twoFactor } : undefined,
    );
    useSession.setState({ user: userOf('admin', 1), status: 'ready' });
    renderBells();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100))); // the state read, the bell settled
    expect(requests.map((r) => r.path)).not.toContain('/api/notifications');
    expect(labels()).toEqual(['Notifications']);
    expect(live.events.size).toBe(0);

    // enrolled: the admin area reads the state again
    twoFactor.enabled = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/auth/two-factor'] }));
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
  });

  it('an administrator who is not held has the bell as anyone has', async () => {
    const { route } = server([note(1)]);
    fakeApi(route, ({ method, path }) =>
      method === 'GET' && path === '/api/auth/two-factor'
        ? { status: 200, body: { required: false, enabled: false, recoveryCodesLeft: 0 } }
        : undefined,
    );
    useSession.setState({ user: userOf('admin', 1), status: 'ready' });
    renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
  });
});

describe('NotificationsBell, as the booking events of the platform are pushed', () => {
  // Ana (user 10) books with Marcus (barber 5, user 20): their notifications are written for them two only
  const theirs = bookingView({ id: 'b1' });
  const pushOf = (booking: typeof theirs | null, position: number) => pushMessage('confirmed', booking, position, 'b1');
  /** `user`'s bell shown, then every `push` handed to it; how many times the list was read after the first. */
  async function readsAfter(user: ReturnType<typeof userOf>, pushes: ReturnType<typeof pushOf>[], wait = 1_200) {
    const { state, route } = server([note(1)]);
    fakeApi(route, ({ method, path }) =>
      method === 'GET' && path === '/api/auth/two-factor'
        ? { status: 200, body: { required: false, enabled: false, recoveryCodesLeft: 0 } }
        : undefined,
    );
    useSession.setState({ user, status: 'ready' });
    const view = renderBells();
    await waitFor(() => expect(labels()).toEqual(['Notifications (1 unread)']));
    await waitFor(() => expect(live.events.size).toBeGreaterThan(0));
    act(() => pushes.forEach((msg) => live.events.forEach((h) => h(msg))));
    await act(() => new Promise((resolve) => setTimeout(resolve, wait))); // past the quick reload (700 ms)
    useNotifications.getState().clear(); // stops the trailing reload
    view.unmount();
    return state.gets - 1;
  }

  it("an administrator's bell reads nothing again for the events of other people's bookings", async () => {
    expect(await readsAfter(userOf('admin', 1), [pushOf(theirs, 1), pushOf(null, 2), pushOf(theirs, 3)])).toBe(0);
  });

  it("a customer's bell reads its list again for an event of their own booking", async () => {
    expect(await readsAfter(userOf('customer', 10), [pushOf(theirs, 1)])).toBe(1);
  });

  it("a customer's bell reads nothing again for an event of somebody else's booking", async () => {
    expect(await readsAfter(userOf('customer', 11), [pushOf(theirs, 1)])).toBe(0);
  });

  it("a barber's bell reads its list again for an event of a booking with them", async () => {
    expect(await readsAfter(userOf('barber', 20), [pushOf(theirs, 1)])).toBe(1);
  });
});
