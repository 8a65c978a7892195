import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_EVENTS,
  caughtUpSchema,
  compareCursors,
  cursorSchema,
  laterCursor,
  notificationSchema,
  type CaughtUp,
  type ClientToServerEvents,
  type Notification,
  type PushMessage,
  type ServerToClientEvents,
} from '@barber/shared';
import { loadCurrentUser, useSession } from '../stores/session';
import { queryClient } from './queryClient';
import { TWO_FACTOR_KEY, TWO_FACTOR_SETUP_REQUIRED, watchTwoFactorHold } from './twoFactorHold';

/*
 * The live path of the browser (docs/design.md §6, issue 5): ONE Socket.IO connection per signed-in
 * session, same origin, path /socket.io, authenticated by the session cookie.
 *
 * Catch-up: the client keeps the cursor ("<txid>:<position>") of the last message it applied, in
 * memory and in sessionStorage per user, and sends it in the handshake (`auth: { cursor }`) on
 * every connect and reconnect; the server replays what was missed before live messages. A message
 * whose cursor is not after the last applied one is ignored. When the server answers
 * `caught-up` with `complete: false` (too much missed), every cached query is invalidated and the
 * resync listeners are told to reload over HTTP. So is it after the first `caught-up` of a connection
 * opened without a cursor (see `readAgainOnCaughtUp`).
 *
 * An administrator held for two-factor set-up (lib/twoFactorHold) gets no socket until enrolled: the
 * server refuses the handshake meanwhile, so nothing is missing ('held', not 'offline').
 */

/** 'held': an administrator held for two-factor set-up, whom the server does not let connect. */
export type LiveStatus = 'connecting' | 'live' | 'offline' | 'held';
export type PushHandler = (msg: PushMessage) => void;

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const pushHandlers = new Set<PushHandler>();
const notificationHandlers = new Set<(n: Notification) => void>();
const resyncHandlers = new Set<() => void>();
const reconnectedHandlers = new Set<() => void>();
const statusListeners = new Set<() => void>();

let socket: LiveSocket | null = null;
let socketUserId: number | null = null;
let lastCursor: string | null = null;
let status: LiveStatus = 'offline';
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempt = 0;
/** The signed-in user the connection follows, and the watch of an administrator's two-factor hold. */
let sessionUserId: number | null = null;
let stopWatchingHold: (() => void) | null = null;
/**
 * Opened without a cursor (a new tab, or this user's first sign-in in it): the server replays nothing and
 * pushes only what commits after the socket joined, while the screens have already read over HTTP. An
 * event committed between such a read and the join would reach this tab neither way, so the first
 * `caught-up` reads again what was read before it (resync: the cached queries, and the listeners of the
 * screens mounted now; with nothing read yet it does nothing). What is read after it is kept live by the
 * pushes, and later reconnects send a cursor and are replayed. Owed until a `caught-up` arrives, even if
 * a reconnect meanwhile sends a cursor: a replay from there starts after the join, not before the reads.
 */
let readAgainOnCaughtUp = false;
/** This connection was caught up before: the next `caught-up` follows a reconnect. */
let caughtUpBefore = false;

const storageKey = (userId: number) => `barber.live.cursor.${userId}`;

function readStoredCursor(userId: number): string | null {
  try {
    const value = window.sessionStorage.getItem(storageKey(userId));
    return value && cursorSchema.safeParse(value).success ? value : null;
  } catch {
    return null;
  }
}

function storeCursor(userId: number, cursor: string): void {
  try {
    window.sessionStorage.setItem(storageKey(userId), cursor);
  } catch {
    // Storage full or unavailable: the in-memory cursor still serves this page's reconnects.
  }
}

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function remember(cursor: string): void {
  lastCursor = laterCursor(lastCursor, cursor);
  if (socketUserId !== null && lastCursor) storeCursor(socketUserId, lastCursor);
}

function callEach<T>(handlers: Set<(value: T) => void>, value: T): void {
  for (const handler of [...handlers]) {
    try {
      handler(value);
    } catch (error) {
      console.error('A live handler failed', error);
    }
  }
}

/** Applies one pushed message once: a cursor at or before the last applied one is a duplicate. */
function applyPush(raw: PushMessage): void {
  if (!raw || typeof raw !== 'object' || !cursorSchema.safeParse(raw.cursor).success) return;
  if (lastCursor !== null && compareCursors(raw.cursor, lastCursor) <= 0) return;
  remember(raw.cursor);
  callEach(pushHandlers, raw);
}

function applyCaughtUp(raw: CaughtUp): void {
  const parsed = caughtUpSchema.safeParse(raw);
  if (!parsed.success) return;
  if (parsed.data.complete) remember(parsed.data.cursor);
  else {
    // Not replayed: everything is reloaded, and live messages continue from the server's cursor even when
    // the one kept here is later (a cursor from another database would otherwise hide every message).
    lastCursor = parsed.data.cursor;
    if (socketUserId !== null) storeCursor(socketUserId, lastCursor);
  }
  retryAttempt = 0;
  const readAgain = readAgainOnCaughtUp || !parsed.data.complete;
  readAgainOnCaughtUp = false;
  const reconnected = caughtUpBefore;
  caughtUpBefore = true;
  setStatus('live');
  if (readAgain) resync();
  else if (reconnected) callEach(reconnectedHandlers, undefined);
}

/** More was missed than the server replays, or read before a join without a cursor: reload everything over HTTP. */
function resync(): void {
  // A read still on its way began before this point and may answer from before the missed events: it is cancelled
  // (at once, its query put back as it was) so that the read again starts now; a query without data would
  // otherwise join that read instead of starting another.
  void queryClient.cancelQueries({ fetchStatus: 'fetching' });
  void queryClient.invalidateQueries();
  callEach(resyncHandlers, undefined);
}

function clearRetry(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
}

/**
 * The server refused the handshake (e.g. UNAUTHENTICATED) or closed the socket itself, so
 * Socket.IO will not reconnect on its own: check the session, then try again with backoff.
 */
function retryLater(): void {
  clearRetry();
  const delay = Math.min(30_000, 1_000 * 2 ** retryAttempt) + Math.floor(Math.random() * 500);
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void loadCurrentUser().then((user) => {
      // Signed out: the session subscription below has already closed the socket.
      if (!user || !socket || user.id !== socketUserId) return;
      setStatus('connecting');
      socket.connect();
    });
  }, delay);
}

function open(userId: number): void {
  close();
  socketUserId = userId;
  lastCursor = readStoredCursor(userId);
  readAgainOnCaughtUp = lastCursor === null;
  caughtUpBefore = false;
  retryAttempt = 0;
  const s: LiveSocket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    withCredentials: true,
    // A function, so every reconnect sends the newest cursor.
    auth: (cb) => cb(lastCursor ? { cursor: lastCursor } : {}),
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
  });
  socket = s;
  setStatus('connecting');

  s.on(REALTIME_EVENTS.push, applyPush);
  s.on(REALTIME_EVENTS.caughtUp, applyCaughtUp);
  // The server closes this socket right after (too many of this user's): the disconnect retries with backoff.
  s.on('refused', (error) => console.warn(`Live updates refused: ${error.message}`));
  // an in-app notification as it is stored (a reminder comes with no booking event)
  s.on('notification', (raw: unknown) => {
    const parsed = notificationSchema.safeParse(raw);
    if (parsed.success) callEach(notificationHandlers, parsed.data);
  });
  // the server's own listening for notifications was down a while: some may have been pushed to no one
  s.on('notifications-stale', () => callEach(reconnectedHandlers, undefined));
  s.on('connect', () => {
    clearRetry();
    setStatus('connecting'); // 'live' once the server has caught the socket up
  });
  s.on('disconnect', (reason) => {
    if (socket !== s) return;
    setStatus('offline');
    if (reason === 'io server disconnect') retryLater();
  });
  s.on('connect_error', (error) => {
    if (socket !== s) return;
    if (error.message === TWO_FACTOR_SETUP_REQUIRED) {
      // Held (the platform began to require it, or its state was not read): no retries until the
      // state, read again, says the administrator has enrolled.
      clearRetry();
      setStatus('held');
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      return;
    }
    setStatus('offline');
    if (!s.active) retryLater();
  });
  s.io.on('reconnect_attempt', () => {
    if (socket === s) setStatus('connecting');
  });
}

function close(): void {
  clearRetry();
  if (socket) {
    const s = socket;
    socket = null;
    s.removeAllListeners();
    s.io.removeAllListeners();
    s.disconnect();
  }
  socketUserId = null;
  lastCursor = null;
  readAgainOnCaughtUp = false;
  caughtUpBefore = false;
  setStatus('offline');
}

/**
 * Follows the session: connect when a user signs in, reconnect as another user, close on sign-out. An
 * administrator connects once their two-factor state says they are not held, and again once they enrolled.
 */
function followSession(user: { id: number; role: string } | null): void {
  const userId = user?.id ?? null;
  if (userId === sessionUserId) return;
  sessionUserId = userId;
  stopWatchingHold?.();
  stopWatchingHold = null;
  if (user === null) return close();
  if (user.role !== 'admin') return open(user.id);
  close();
  setStatus('connecting');
  stopWatchingHold = watchTwoFactorHold((hold) => {
    if (hold === 'unknown') return;
    if (hold === 'held') {
      close();
      setStatus('held');
    } else if (socketUserId !== user.id) open(user.id);
  });
}

if (typeof window !== 'undefined') {
  followSession(useSession.getState().user);
  useSession.subscribe((state) => followSession(state.user));
}

/**
 * Calls `handler` with every committed booking event the signed-in user may see, live or replayed
 * after a reconnect, each exactly once and in order. Returns the unsubscribe function.
 */
export function subscribeToEvents(handler: (msg: PushMessage) => void): () => void {
  pushHandlers.add(handler);
  return () => {
    pushHandlers.delete(handler);
  };
}

/** Calls `handler` with each in-app notification the server pushes (when it does). */
export function subscribeToNotifications(handler: (n: Notification) => void): () => void {
  notificationHandlers.add(handler);
  return () => {
    notificationHandlers.delete(handler);
  };
}

/**
 * Calls `handler` when the server could not replay everything that was missed, or when a connection opened
 * without a cursor has joined (what was read before may have missed an event): live lists must then be
 * reloaded over HTTP, quietly (cached queries are invalidated already).
 */
export function subscribeToResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => {
    resyncHandlers.delete(handler);
  };
}

/**
 * Calls `handler` when a connection that was down is caught up again, or the server says its own listening was
 * down. The booking events missed are replayed, but what the server pushes from no log (an in-app notification:
 * a reminder comes with no booking event) reached no socket meanwhile, and must be read again over HTTP.
 */
export function subscribeToReconnected(handler: () => void): () => void {
  reconnectedHandlers.add(handler);
  return () => {
    reconnectedHandlers.delete(handler);
  };
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

export function getLiveStatus(): LiveStatus {
  return status;
}

/** 'live' once connected and caught up; 'connecting' while (re)connecting; 'offline' otherwise. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, getLiveStatus, () => 'offline');
}

/** The cursor of the last applied message (tests and diagnostics). */
export function getLastCursor(): string | null {
  return lastCursor;
}
