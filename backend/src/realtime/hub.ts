import {
  AppError,
  type CaughtUp,
  type ClientToServerEvents,
  type PushMessage,
  type ServerToClientEvents,
} from '@barber/shared';
import type { Server, Socket } from 'socket.io';
import type { Sql } from '../db/connect';
import { cursorOf } from '../eventstore/store';
import { headCursor } from '../eventstore/tailer';
import type { Cursor, StoredEvent } from '../eventstore/types';
import { roomsOf, roomsOfUser, type LiveUser } from './audience';
import { compare, formatCursor, later } from './cursor';
import { loadViewsOrNone, toPush } from './messages';
import { readVisibleAfter } from './replay';

interface LiveSocketData {
  user: LiveUser;
  /** The handshake's cursor: null = none sent, 'reset' = one that does not parse. */
  from: Cursor | 'reset' | null;
}
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;

/** Sockets in this (per-instance) room are left out of broadcasts and served one by one. */
const ONE_BY_ONE = 'one-by-one';
/** Catch-ups a socket may have waiting at once. */
const MAX_QUEUED_CATCH_UPS = 2;
const MINUTE_MS = 60_000;

/**
 * What one user may ask of one instance (the load balancer keeps a client on one instance). Replays are
 * the costly part of the live path: without a limit, one user's 11 sockets asking 60 catch-ups in 18 s
 * moved another user's catch-up p50 from 9 ms to 320 ms.
 */
export interface LiveLimits {
  /** Open sockets: a tab each, a phone and a laptop. The next one is refused (TOO_MANY_CONNECTIONS). */
  socketsPerUser: number;
  /** Catch-ups in any 60 s (handshakes with a cursor and `catch-up` requests). */
  catchUpsPerMinute: number;
}
export const DEFAULT_LIVE_LIMITS: LiveLimits = { socketsPerUser: 10, catchUpsPerMinute: 30 };

interface Item {
  message: PushMessage;
  cursor: Cursor;
}

/** A socket served one by one: while it is replayed, and until the tailer passes what it was sent. */
interface Handled {
  socket: LiveSocket;
  /** While the replay runs, the socket's live messages wait here. */
  buffer: Item[] | null;
  /** The newest cursor sent to the socket (or the one it asked after): a live message at or before it is a duplicate. */
  sent: Cursor;
}

export interface HubOptions {
  /** A socket that missed more events than this is told to reload over HTTP instead (complete: false). */
  replayLimit: number;
  log: (error: unknown, message: string) => void;
  /** Reads a replay; tests wrap it to hold a replay open while changes are committed. */
  readReplay?: typeof readVisibleAfter;
  limits?: LiveLimits;
}

/**
 * The push side of one backend instance. The tailer's batches are broadcast to rooms (one read-model
 * query per batch, one encoding per message); the few sockets being caught up are served one by one
 * so that the replay/live boundary has no gap and no duplicate:
 *
 * - a socket enters ONE_BY_ONE in the same tick it joins its rooms, before the replay query, and its
 *   live messages are buffered from then on;
 * - the replay reads, in the tailer's order, every visible event after the client's cursor that was
 *   safe when it ran; the tailer had published no further than that (the safe horizon only moves on),
 *   so replay + buffer cover everything after the cursor;
 * - the buffer is then flushed without the messages at or before the last one sent, and the socket
 *   leaves ONE_BY_ONE once the tailer has published past that point (another instance's client may
 *   arrive with a cursor ahead of this instance's tailer).
 */
export class LiveHub {
  private published: Cursor;
  private readonly handled = new Map<string, Handled>();
  private readonly queues = new Map<string, { chain: Promise<unknown>; waiting: number }>();
  private readonly socketsOfUser = new Map<number, number>();
  /** Per user, the times of the catch-ups of the last minute. */
  private readonly catchUpTimes = new Map<number, number[]>();
  private readonly limits: LiveLimits;

  constructor(
    private readonly io: LiveServer,
    private readonly sql: Sql,
    from: Cursor,
    private readonly options: HubOptions,
  ) {
    this.published = from;
    this.limits = options.limits ?? DEFAULT_LIVE_LIMITS;
  }

  /** The newest event this instance has pushed. */
  get position(): Cursor {
    return this.published;
  }

  /** The tailer's handler. */
  async publish(events: StoredEvent[]): Promise<void> {
    const views = await loadViewsOrNone(this.sql, events, (e) =>
      this.options.log(e, 'live push without booking views'),
    );
    for (const event of events) {
      const cursor = cursorOf(event);
      const message = toPush(event, views, false);
      const rooms = roomsOf(event);
      this.io.to(rooms).except(ONE_BY_ONE).emit('event', message);
      for (const h of this.handled.values()) {
        if (rooms.some((room) => h.socket.rooms.has(room))) this.deliver(h, { message, cursor });
      }
      this.published = cursor;
    }
    this.release();
  }

  /**
   * A new socket: joins the user's rooms and, when the handshake carried a cursor, is replayed what
   * it missed. `done` is called in the same tick as the last replayed or buffered message is sent.
   */
  connect(socket: LiveSocket, done: (answer: CaughtUp) => void): void {
    const { user, from } = socket.data;
    const open = this.socketsOfUser.get(user.id) ?? 0;
    if (open >= this.limits.socketsPerUser) {
      // Told why, then closed: the client backs off before it tries again (frontend/src/lib/socket.ts).
      socket.emit('refused', {
        code: 'TOO_MANY_CONNECTIONS',
        message: `At most ${this.limits.socketsPerUser} live connections per user.`,
      });
      socket.disconnect(true);
      return;
    }
    this.socketsOfUser.set(user.id, open + 1);
    void socket.join(roomsOfUser(user));
    socket.on('disconnect', () => this.forget(socket));
    if (from === null) {
      done({ cursor: formatCursor(this.published), replayed: 0, complete: true });
      return;
    }
    // Over the limit, a reconnecting socket is not replayed: it reloads over HTTP (complete: false),
    // where the request limits apply, and continues live from the head.
    const reset = from === 'reset' || !this.takeCatchUp(user.id);
    // Begun now, in this tick: nothing published from here on can reach the socket unbuffered.
    const h = this.begin(socket, from === 'reset' ? this.published : from);
    void this.enqueue(socket, () => this.replay(h, reset, done));
  }

  /** A `catch-up` request of a connected socket. */
  catchUp(socket: LiveSocket, from: Cursor, done: (answer: CaughtUp) => void): void {
    if (!this.takeCatchUp(socket.data.user.id)) {
      throw new AppError('RATE_LIMITED', `Too many catch-ups: at most ${this.limits.catchUpsPerMinute} a minute.`);
    }
    const queued = this.enqueue(socket, () => this.replay(this.begin(socket, from), false, done));
    if (!queued) throw new AppError('RATE_LIMITED', 'A catch-up is already running on this connection.');
  }

  /** Counts one catch-up of the user in a sliding minute; false (and not counted) when the limit is reached. */
  private takeCatchUp(userId: number): boolean {
    const now = Date.now();
    const recent = (this.catchUpTimes.get(userId) ?? []).filter((t) => now - t < MINUTE_MS);
    const allowed = recent.length < this.limits.catchUpsPerMinute;
    if (allowed) recent.push(now);
    this.catchUpTimes.set(userId, recent);
    return allowed;
  }

  private begin(socket: LiveSocket, from: Cursor): Handled {
    const h: Handled = { socket, buffer: [], sent: from };
    this.handled.set(socket.id, h);
    void socket.join(ONE_BY_ONE);
    return h;
  }

  private async replay(h: Handled, reset: boolean, done: (answer: CaughtUp) => void): Promise<void> {
    const { socket } = h;
    let replayed = 0;
    let complete = !reset;
    try {
      // A cursor past the head (forged, or kept from another database) would make every live message
      // look like a duplicate: the socket is told to reload (complete: false) and continues from the head.
      if (compare(h.sent, this.published) > 0) {
        const head = await headCursor(this.sql);
        if (compare(h.sent, head) > 0) {
          h.sent = head;
          complete = false;
        }
      }
      if (complete) {
        const { replayLimit } = this.options;
        const read = this.options.readReplay ?? readVisibleAfter;
        const events = await read(this.sql, socket.data.user, h.sent, replayLimit + 1);
        if (events.length > replayLimit) complete = false;
        else {
          const views = await loadViewsOrNone(this.sql, events, (e) =>
            this.options.log(e, 'replay without booking views'),
          );
          for (const event of events) socket.emit('event', toPush(event, views, true));
          if (events.length) h.sent = cursorOf(events.at(-1)!);
          replayed = events.length;
        }
      }
      // Too much missed: the client reloads over HTTP after this answer, so it continues from the head.
      if (!complete) h.sent = later(h.sent, await headCursor(this.sql));
    } catch (error) {
      // The gap stays unknown: the client is told to reload (complete: false); live messages go on.
      this.options.log(error, 'catch-up failed');
      complete = false;
      replayed = 0;
    }
    this.flush(h);
    done({ cursor: formatCursor(h.sent), replayed, complete });
  }

  private deliver(h: Handled, item: Item): void {
    if (h.buffer) h.buffer.push(item);
    else if (compare(item.cursor, h.sent) > 0) {
      h.socket.emit('event', item.message);
      h.sent = item.cursor;
    }
  }

  private flush(h: Handled): void {
    const buffered = h.buffer ?? [];
    h.buffer = null;
    for (const item of buffered) this.deliver(h, item);
    this.release();
  }

  /** Back to broadcasts once every later broadcast is after what the socket was sent. */
  private release(): void {
    for (const [id, h] of this.handled) {
      if (h.buffer || compare(h.sent, this.published) > 0) continue;
      this.handled.delete(id);
      void h.socket.leave(ONE_BY_ONE);
    }
  }

  /** Runs a socket's catch-ups one after another; false when too many are waiting. */
  private enqueue(socket: LiveSocket, run: () => Promise<void>): boolean {
    const queue = this.queues.get(socket.id) ?? { chain: Promise.resolve(), waiting: 0 };
    if (queue.waiting >= MAX_QUEUED_CATCH_UPS) return false;
    queue.waiting += 1;
    queue.chain = queue.chain
      .then(() => (socket.connected ? run() : undefined))
      .catch((error) => this.options.log(error, 'catch-up failed'))
      .finally(() => {
        queue.waiting -= 1;
      });
    this.queues.set(socket.id, queue);
    return true;
  }

  private forget(socket: LiveSocket): void {
    this.handled.delete(socket.id);
    this.queues.delete(socket.id);
    const { id } = socket.data.user;
    const open = (this.socketsOfUser.get(id) ?? 1) - 1;
    if (open > 0) {
      this.socketsOfUser.set(id, open);
      return;
    }
    this.socketsOfUser.delete(id);
    // Kept while it still counts, so that reconnecting does not start a fresh minute.
    const now = Date.now();
    if (!this.catchUpTimes.get(id)?.some((t) => now - t < MINUTE_MS)) this.catchUpTimes.delete(id);
  }
}
