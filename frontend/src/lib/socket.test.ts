// @vitest-environment happy-dom
import '../test/dom';
import type { CurrentUser, PushMessage, TwoFactorStatus } from '@barber/shared';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The browser's live connection against a stand-in for the Socket.IO server: the test plays the
 * server (what it pushes, when the connection drops) and looks at what the client hands to the
 * screens and what it asks for in each handshake. Every test loads the module afresh, as a page load does.
 */
const server = vi.hoisted(() => {
  type Handler = (payload?: unknown) => void;
  class FakeSocket {
    readonly handlers = new Map<string, Set<Handler>>();
    active = true;
    closed = false;
    readonly io = { on() {}, removeAllListeners() {} };
    constructor(readonly options: { auth: (cb: (auth: object) => void) => void }) {}
    on(event: string, handler: Handler) {
      if (!this.handlers.has(event)) this.handlers.set(event, new Set());
      this.handlers.get(event)!.add(handler);
      return this;
    }
    removeAllListeners() {
      this.handlers.clear();
      return this;
    }
    connect() {
      this.closed = false;
      return this;
    }
    disconnect() {
      this.closed = true;
      return this;
    }
    /** The server sends `event`. */
    send(event: string, payload?: unknown) {
      for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
    }
    /** The `auth` the client sends in its next handshake (every connect and reconnect asks anew). */
    handshake(): Promise<object> {
      return new Promise((resolve) => this.options.auth(resolve));
    }
  }
  return { FakeSocket, sockets: [] as InstanceType<typeof FakeSocket>[] };
});

vi.mock('socket.io-client', () => ({
  io: (options: ConstructorParameters<typeof server.FakeSocket>[0]) => {
    const socket = new server.FakeSocket(options);
    server.sockets.push(socket);
    return socket;
  },
}));

const user = (id: number, role: CurrentUser['role'] = 'customer'): CurrentUser => ({
  id,
  username: `user${id}`,
  fullName: 'Test User',
  email: `user${id}@example.test`,
  phone: null,
  address: null,
  role,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  barberStatus: null,
});

const push = (cursor: string, replayed = false): PushMessage => ({
  position: cursor.split(':')[1]!,
  cursor,
  bookingId: '3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d',
  type: 'confirmed',
  status: 'confirmed',
  booking: null,
  recordedAt: '2026-11-23T10:00:00.000Z',
  replayed,
});

/** A fresh page: the live module and the session store loaded anew, `userId` signed in. */
async function pageSignedInAs(userId: number) {
  vi.resetModules();
  const session = await import('../stores/session');
  const live = await import('./socket');
  session.useSession.setState({ user: user(userId), status: 'ready' });
  const socket = server.sockets[server.sockets.length - 1]!;
  const received: string[] = [];
  live.subscribeToEvents((msg) => received.push(msg.cursor));
  return { session, live, socket, received };
}

beforeEach(() => {
  server.sockets.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The API as an administrator's page sees it: GET /api/auth/two-factor answers `twoFactor.state`, and
 * every request is recorded.
 */
function adminApi(state: Pick<TwoFactorStatus, 'required' | 'enabled'>) {
  const twoFactor = { state, requests: [] as string[] };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    twoFactor.requests.push(path);
    const body =
      path === '/api/auth/two-factor'
        ? { ...twoFactor.state, recoveryCodesLeft: 0 }
        : path === '/api/current-user'
          ? user(1, 'admin')
          : { message: 'Not found', code: 'NOT_FOUND' };
    return new Response(JSON.stringify(body), {
      status: path === '/api/auth/two-factor' || path === '/api/current-user' ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return twoFactor;
}

/** A fresh page signed in as an administrator (id 1). */
async function pageSignedInAsAdmin() {
  vi.resetModules();
  const session = await import('../stores/session');
  const live = await import('./socket');
  const { queryClient } = await import('./queryClient');
  session.useSession.setState({ user: user(1, 'admin'), status: 'ready' });
  return { live, queryClient };
}

describe('the live connection', () => {
  it('hands each pushed event to the screens once, in order: a resent or older cursor is ignored', async () => {
    const { socket, received } = await pageSignedInAs(7);
    socket.send('event', push('100:5'));
    socket.send('event', push('100:5')); // the same event again
    socket.send('event', push('99:12')); // an older transaction
    socket.send('event', push('100:4')); // earlier in the same transaction
    socket.send('event', push('101:1'));
    socket.send('event', push('100:6')); // after 100:5 but before the last applied
    expect(received).toEqual(['100:5', '101:1']);
  });

  it('asks from the last applied cursor when it reconnects, and applies only what the replay adds', async () => {
    const { live, socket, received } = await pageSignedInAs(7);
    expect(await socket.handshake()).toEqual({}); // nothing applied yet: live messages only
    socket.send('event', push('100:5'));
    socket.send('event', push('101:1'));

    // the connection drops; Socket.IO reconnects and sends the handshake again
    socket.send('disconnect', 'transport close');
    expect(live.getLiveStatus()).toBe('offline');
    expect(await socket.handshake()).toEqual({ cursor: '101:1' });

    // the server replays from there (overlapping what was applied), then says it has caught up
    socket.send('connect');
    socket.send('event', push('101:1', true));
    socket.send('event', push('101:2', true));
    socket.send('event', push('102:1', true));
    socket.send('caught-up', { cursor: '102:1', replayed: 3, complete: true });
    expect(live.getLiveStatus()).toBe('live');
    expect(received).toEqual(['100:5', '101:1', '101:2', '102:1']);
    expect(await socket.handshake()).toEqual({ cursor: '102:1' });
  });

  it('tells the reconnected listeners when a connection caught up before is caught up again, not at its first', async () => {
    const { live, socket } = await pageSignedInAs(7);
    let reconnected = 0;
    live.subscribeToReconnected(() => (reconnected += 1));
    socket.send('event', push('100:5'));
    socket.send('caught-up', { cursor: '100:5', replayed: 0, complete: true });
    expect(reconnected).toBe(0);
    socket.send('disconnect', 'transport close');
    socket.send('connect');
    socket.send('caught-up', { cursor: '100:5', replayed: 0, complete: true });
    expect(reconnected).toBe(1);
    // the server lost its own listening for notifications a while
    socket.send('notifications-stale');
    expect(reconnected).toBe(2);
  });

  it('a reloaded page of the same user catches up from where the last one stopped; another user does not', async () => {
    const first = await pageSignedInAs(7);
    first.socket.send('event', push('100:5'));

    const reloaded = await pageSignedInAs(7);
    expect(await reloaded.socket.handshake()).toEqual({ cursor: '100:5' });
    reloaded.socket.send('event', push('100:5', true)); // replayed, already seen by the last page
    expect(reloaded.received).toEqual([]);

    const other = await pageSignedInAs(8);
    expect(await other.socket.handshake()).toEqual({});
  });

  it('when the server cannot replay everything, tells the screens to reload and follows the server cursor', async () => {
    const { live, socket, received } = await pageSignedInAs(7);
    const resync = vi.fn();
    live.subscribeToResync(resync);
    socket.send('event', push('900:1')); // a cursor from before the database was restored

    socket.send('caught-up', { cursor: '120:3', replayed: 0, complete: false });
    expect(resync).toHaveBeenCalledTimes(1);
    socket.send('event', push('120:4'));
    expect(received).toEqual(['900:1', '120:4']);
    expect(await socket.handshake()).toEqual({ cursor: '120:4' });
  });

  it('a connection opened without a cursor reads again, once, what the screens read before it joined', async () => {
    const { live, socket } = await pageSignedInAs(7);
    const { queryClient } = await import('./queryClient');
    // a screen read its bookings over HTTP while the socket was connecting
    const reads = vi.fn(async () => ({ bookings: [] }));
    const observer = new QueryObserver(queryClient, { queryKey: ['/api/my-bookings', 7], queryFn: reads });
    const stopObserving = observer.subscribe(() => {});
    const resync = vi.fn();
    live.subscribeToResync(resync);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(await socket.handshake()).toEqual({});

    // the server replays nothing without a cursor: an event committed after that read and before the join
    // is never pushed, so what was read is read again
    socket.send('connect');
    socket.send('caught-up', { cursor: '100:1', replayed: 0, complete: true });
    expect(live.getLiveStatus()).toBe('live');
    expect(resync).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(2));

    // a screen mounted after the join needs nothing; a reconnect sends a cursor and is replayed
    const later = vi.fn();
    live.subscribeToResync(later);
    socket.send('disconnect', 'transport close');
    expect(await socket.handshake()).toEqual({ cursor: '100:1' });
    socket.send('connect');
    socket.send('caught-up', { cursor: '100:1', replayed: 0, complete: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(resync).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    expect(reads).toHaveBeenCalledTimes(2);
    stopObserving();
  });

  it('a first read still on its way when the connection joins is read again after the join, not joined', async () => {
    const { socket } = await pageSignedInAs(7);
    const { queryClient } = await import('./queryClient');
    // the first read leaves and the server answers with the booking as it was (confirmed), slowly; the barber's
    // en route commits meanwhile, before the socket joins
    let answerFirst: (value: { status: string }) => void = () => {};
    const answers = [
      new Promise<{ status: string }>((resolve) => (answerFirst = resolve)),
      Promise.resolve({ status: 'en_route' }),
    ];
    const reads = vi.fn(() => answers[reads.mock.calls.length - 1]!);
    const observer = new QueryObserver(queryClient, { queryKey: ['/api/my-bookings', 7], queryFn: reads });
    const stopObserving = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));

    socket.send('connect');
    socket.send('caught-up', { cursor: '100:1', replayed: 0, complete: true });
    answerFirst({ status: 'confirmed' });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ status: 'en_route' }));
    expect(reads).toHaveBeenCalledTimes(2);
    stopObserving();
  });

  it('the read again of a connection opened without a cursor waits for its first caught-up, across reconnects', async () => {
    const { live, socket } = await pageSignedInAs(7);
    const resync = vi.fn();
    live.subscribeToResync(resync);
    socket.send('connect');
    socket.send('event', push('100:5')); // live, before the server said it had caught up
    socket.send('disconnect', 'transport close');
    expect(resync).not.toHaveBeenCalled();

    // replayed from 100:5, which is after the join: the reads before it are still owed
    expect(await socket.handshake()).toEqual({ cursor: '100:5' });
    socket.send('connect');
    socket.send('caught-up', { cursor: '100:5', replayed: 0, complete: true });
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('a page with a cursor is replayed: its caught-up reads nothing again, and the next user starts without one', async () => {
    const first = await pageSignedInAs(7);
    first.socket.send('event', push('100:5'));

    const reloaded = await pageSignedInAs(7);
    const resync = vi.fn();
    reloaded.live.subscribeToResync(resync);
    expect(await reloaded.socket.handshake()).toEqual({ cursor: '100:5' });
    reloaded.socket.send('caught-up', { cursor: '100:7', replayed: 2, complete: true });
    expect(resync).not.toHaveBeenCalled();

    // another user signs in in this tab: no cursor, so what the screens read for them is read again
    reloaded.session.useSession.setState({ user: user(8), status: 'ready' });
    const next = server.sockets[server.sockets.length - 1]!;
    expect(await next.handshake()).toEqual({});
    next.send('caught-up', { cursor: '100:9', replayed: 0, complete: true });
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('closes on sign-out and opens a new connection, with no cursor, for the next user', async () => {
    const { session, socket } = await pageSignedInAs(7);
    socket.send('event', push('100:5'));
    session.useSession.setState({ user: null, status: 'ready' });
    expect(socket.closed).toBe(true);

    session.useSession.setState({ user: user(8), status: 'ready' });
    const next = server.sockets[server.sockets.length - 1]!;
    expect(next).not.toBe(socket);
    expect(await next.handshake()).toEqual({});
  });

  it('an administrator held for two-factor set-up opens no socket (the server would refuse it) and is not shown offline, until enrolled', async () => {
    const twoFactor = adminApi({ required: true, enabled: false });
    const { live, queryClient } = await pageSignedInAsAdmin();
    await vi.waitFor(() => expect(live.getLiveStatus()).toBe('held'));
    expect(server.sockets).toEqual([]);

    // enrolled: the admin area reads the state again (useRecoveryCodesSaved)
    twoFactor.state = { required: true, enabled: true };
    await queryClient.invalidateQueries({ queryKey: ['/api/auth/two-factor'] });
    await vi.waitFor(() => expect(server.sockets).toHaveLength(1));
    expect(live.getLiveStatus()).toBe('connecting');
  });

  it('an administrator who is not held connects as anyone does', async () => {
    adminApi({ required: true, enabled: true });
    const { live } = await pageSignedInAsAdmin();
    await vi.waitFor(() => expect(server.sockets).toHaveLength(1));
    server.sockets[0]!.send('caught-up', { cursor: '100:1', replayed: 0, complete: true });
    expect(live.getLiveStatus()).toBe('live');
  });

  it('a handshake refused with TWO_FACTOR_SETUP_REQUIRED is not retried: the state is read again and the socket waits for enrolment', async () => {
    // the platform begins to require it after this page read the state
    const twoFactor = adminApi({ required: false, enabled: false });
    const { live, queryClient } = await pageSignedInAsAdmin();
    await vi.waitFor(() => expect(server.sockets).toHaveLength(1));
    twoFactor.state = { required: true, enabled: false };
    vi.useFakeTimers();
    const socket = server.sockets[0]!;
    socket.active = false; // a refusal by the server's middleware: Socket.IO does not reconnect on its own
    socket.send('connect_error', new Error('TWO_FACTOR_SETUP_REQUIRED'));
    expect(live.getLiveStatus()).toBe('held');

    await vi.advanceTimersByTimeAsync(120_000); // the backoff would have retried several times
    expect(twoFactor.requests.filter((p) => p === '/api/current-user')).toEqual([]);
    expect(twoFactor.requests.filter((p) => p === '/api/auth/two-factor')).toHaveLength(2);
    expect(socket.closed).toBe(true);
    expect(live.getLiveStatus()).toBe('held');
    vi.useRealTimers();

    twoFactor.state = { required: true, enabled: true };
    await queryClient.invalidateQueries({ queryKey: ['/api/auth/two-factor'] });
    await vi.waitFor(() => expect(server.sockets).toHaveLength(2));
  });
});
