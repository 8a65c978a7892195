import {
  addDaysLocal,
  addMinutesHHmm,
  bookingStreamId,
  compareCursors,
  cursorSchema,
  pushMessageSchema,
  START_CURSOR,
  todayLocal,
  toInstant,
  type BookingView,
  type CaughtUp,
  type CatchUpAnswer,
  type ClientToServerEvents,
  type PushMessage,
  type ServerToClientEvents,
} from '@barber/shared';
import { io, type Socket } from 'socket.io-client';
import type { Sql } from '../db/connect';
import type { SettingsStore } from '../settings/store';
import { formatCursor } from './cursor';
import type { LiveHub } from './hub';
import { createBlocks, createService, createUser, type UserFixture } from '../test/fixtures';

/*
 * Helpers of the live-path tests and the benchmark: bookings made through the HTTP API and a socket
 * client that behaves like the frontend's (remembers its cursor, sends it on every reconnect).
 */

export interface BarberFixture extends UserFixture {
  barberId: number;
  serviceId: number;
  duration: number;
  priceCents: number;
  /** Hands out non-overlapping slots (hourly from 08:00, from tomorrow on). */
  nextSlot: () => { date: string; startTime: string; endTime: string };
}

/** Booking without payment, and no request limit: the live tests make many requests. */
export async function liveSettings(settings: SettingsStore): Promise<void> {
  await settings.update({ feeCollectionEnabled: false, rateLimitEnabled: false });
}

export async function createBarber(sql: Sql): Promise<BarberFixture> {
  const user = await createUser(sql, 'barber');
  const barberId = user.barberId!;
  const service = await createService(sql, barberId);
  await createBlocks(sql, barberId, { startTime: '08:00', endTime: '20:00' });
  let n = 0;
  return {
    ...user,
    barberId,
    serviceId: service.id,
    duration: service.duration,
    priceCents: service.priceCents,
    nextSlot: () => {
      const day = 1 + Math.floor(n / 12);
      const startTime = addMinutesHHmm('08:00', (n % 12) * 60);
      n += 1;
      return { date: addDaysLocal(todayLocal(), day), startTime, endTime: addMinutesHHmm(startTime, service.duration) };
    },
  };
}

/** Anything that answers HTTP like test/client.ts's Client. */
export interface HttpCaller {
  post(url: string, body?: unknown): Promise<{ status: number; body: any }>;
  put(url: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/**
 * A customer books the barber's next slot and saves their contact details (a barber confirms only
 * then, docs/design.md §3): two events, `created` and `detailsSaved`.
 */
export async function bookAs(customer: HttpCaller, barber: BarberFixture): Promise<BookingView> {
  const slot = barber.nextSlot();
  const res = await customer.post('/api/bookings', {
    barberId: barber.barberId,
    serviceId: barber.serviceId,
    ...slot,
    totalAmount: (barber.priceCents / 100).toFixed(2),
    zipcode: '33101',
    notes: '',
  });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = (res.body.booking as BookingView).id;
  const saved = await customer.put(`/api/bookings/${id}/status`, LIVE_DETAILS);
  if (saved.status !== 200) throw new Error(`details failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body.booking as BookingView;
}

const LIVE_DETAILS = {
  status: 'pending',
  customerPhone: '305-555-0199',
  customerAddress: '1200 Collins Ave, Miami Beach',
};

/**
 * Moves the injected clock of these app instances to the latest start of the bookings (all on one
 * day): every status step of each of them is then allowed (docs/design.md §3's time rules). Undo with
 * `realClock`. Bookings are made ahead (never in the past), so a test books first, then moves time.
 */
export function clockAtStart(
  instances: readonly { clock?: () => Date }[],
  ...bookings: { date: string; startTime: string }[]
): void {
  const dates = new Set(bookings.map((b) => b.date.slice(0, 10)));
  if (dates.size !== 1) throw new Error(`clockAtStart: bookings on ${dates.size} days`);
  const at = new Date(Math.max(...bookings.map((b) => toInstant(b.date.slice(0, 10), b.startTime).getTime())) + 60_000);
  for (const deps of instances) deps.clock = () => at;
}

export function realClock(instances: readonly { clock?: () => Date }[]): void {
  for (const deps of instances) deps.clock = undefined;
}

export async function setStatus(caller: HttpCaller, bookingId: string, status: string): Promise<BookingView> {
  const res = await caller.put(`/api/bookings/${bookingId}/status`, { status });
  if (res.status !== 200) throw new Error(`status ${status} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.booking as BookingView;
}

/** The barber's progress after a booking is made (fee collection off: the barber confirms). */
export const PROGRESS = ['confirmed', 'en_route', 'arrived', 'in_progress', 'completed'] as const;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket client like the frontend's: remembers the cursor of the last message it applied, sends it
 * in the handshake of every (re)connect, and checks every message against the shared schema.
 */
export class LiveClient {
  readonly messages: PushMessage[] = [];
  readonly caughtUp: CaughtUp[] = [];
  cursor: string | null;
  readonly socket: ClientSocket;
  private readonly listeners = new Set<(m: PushMessage) => void>();

  constructor(url: string, cookie: string, options: { cursor?: string | null; sendCursor?: boolean } = {}) {
    this.cursor = options.cursor ?? null;
    const sendCursor = options.sendCursor ?? true;
    this.socket = io(url, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      autoConnect: false,
      auth: (cb) => cb(sendCursor && this.cursor ? { cursor: this.cursor } : {}),
    });
    this.socket.on('event', (raw) => {
      const message = pushMessageSchema.parse(raw);
      this.messages.push(message);
      this.advance(message.cursor);
      for (const listener of this.listeners) listener(message);
    });
    this.socket.on('caught-up', (answer) => {
      this.caughtUp.push(answer);
      this.advance(answer.cursor);
    });
  }

  private advance(cursor: string): void {
    const mine = cursorSchema.safeParse(this.cursor);
    if (!mine.success || compareCursors(cursor, mine.data) > 0) this.cursor = cursor;
  }

  /** Connects and waits for the `caught-up` answer of the handshake. */
  async connect(): Promise<this> {
    const before = this.caughtUp.length;
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect_error', reject);
      this.socket.once('caught-up', () => resolve());
      this.socket.connect();
    });
    if (this.caughtUp.length <= before) throw new Error('no caught-up');
    return this;
  }

  disconnect(): void {
    this.socket.disconnect();
  }

  onMessage(listener: (m: PushMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  catchUp(cursor: string): Promise<CatchUpAnswer> {
    return this.socket.timeout(5000).emitWithAck('catch-up', { cursor });
  }

  /** Messages of one booking, in arrival order. */
  of(bookingId: string): PushMessage[] {
    return this.messages.filter((m) => m.bookingId === bookingId);
  }
}

/** The cursor of a booking's newest event. */
export async function lastCursorOf(sql: Sql, bookingId: string): Promise<string> {
  const [row] = await sql<{ cursor: string }[]>`
    SELECT transaction_id::text || ':' || global_position AS cursor FROM events
     WHERE stream_id = ${bookingStreamId(bookingId)} ORDER BY stream_version DESC LIMIT 1`;
  if (!row) throw new Error(`no events of booking ${bookingId}`);
  return row.cursor;
}

/** The newest cursor of the whole log. */
export async function lastCursor(sql: Sql): Promise<string> {
  const [row] = await sql<{ cursor: string }[]>`
    SELECT transaction_id::text || ':' || global_position AS cursor FROM events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;
  return row?.cursor ?? START_CURSOR;
}

/** Resolves once the instance's tailer has pushed the event at `cursor` (it polls, as tests may not block). */
export async function published(hub: LiveHub, cursor: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (compareCursors(formatCursor(hub.position), cursor) < 0) {
    if (Date.now() > deadline) throw new Error(`the tailer did not reach ${cursor} (at ${formatCursor(hub.position)})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
