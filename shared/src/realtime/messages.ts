import { z } from 'zod';
import { bookingViewSchema } from '../bookings/api';
import type { BookingEventType } from '../bookings/events';
import { bookingStatusSchema, type BookingStatus } from '../bookings/status';
import { cursorSchema } from './cursor';
import type { Notification } from '../jobs/notifications';

/*
 * The live path (docs/design.md §6): what the server pushes on a socket and the catch-up handshake.
 *
 * A client keeps the cursor of the last message it applied. It connects with
 * `io(url, { auth: (cb) => cb({ cursor }) })` (a function, so every reconnect sends the newest
 * cursor). The server then replays, in order, the events after that cursor that the user may see
 * (`replayed: true`), then sends `caught-up`, and after it only live messages, with no duplicate and
 * no gap across the boundary. Without a cursor nothing is replayed and `caught-up` names the cursor
 * live messages follow. A connected client may also emit `catch-up` with a cursor; the answer
 * comes as the acknowledgement. Clients still ignore a message whose cursor is not after the last
 * one they applied (a `catch-up` asked for on a live socket may resend what it already has).
 */

export const REALTIME_EVENTS = {
  /** Server -> client: one committed event (PushMessage). */
  push: 'event',
  /** Server -> client after the handshake's replay (CaughtUp). */
  caughtUp: 'caught-up',
  /** Client -> server: replay after a cursor (CatchUpRequest), acknowledged with a CatchUpAnswer. */
  catchUp: 'catch-up',
} as const;

/** Socket rooms (per backend instance): who receives which event. */
export const realtimeRooms = {
  user: (userId: number) => `user:${userId}`,
  barber: (barberId: number) => `barber:${barberId}`,
  admin: 'admin',
} as const;

/**
 * One committed event. `booking` is the booking read model as it is when the message is built:
 * for a live message that is just after the event committed; for a replayed message it is the
 * booking as it is NOW (it may already show later changes), while `status` is always the status
 * this very event set. Apply `booking` only when its `version` is newer than the one held.
 */
export const pushMessageSchema = z.object({
  /** Global position of the event in the log, as a decimal string. */
  position: z.string().regex(/^\d+$/),
  /** The tail cursor of the event: remember it and send it back on reconnect. */
  cursor: cursorSchema,
  /** The booking the event belongs to; null for an event of another stream. */
  bookingId: z.string().nullable(),
  /** The event type (`created`, `confirmed`, `enRoute`, ...). */
  type: z.string(),
  /** The status the event moved the booking to; null when it does not change the status. */
  status: bookingStatusSchema.nullable(),
  booking: bookingViewSchema.nullable(),
  /** ISO date-time the event was recorded. */
  recordedAt: z.string(),
  /** True when sent by a catch-up replay rather than live (a feed may skip its toast). */
  replayed: z.boolean(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The handshake's `auth` object. A cursor that does not parse is answered like a too-old one. */
export const socketAuthSchema = z.object({ cursor: z.string().nullish() });
export type SocketAuth = z.infer<typeof socketAuthSchema>;

export const catchUpRequestSchema = z.object({ cursor: cursorSchema });
export type CatchUpRequest = z.infer<typeof catchUpRequestSchema>;

/**
 * The end of a replay. `cursor`: where live messages continue (the newest cursor sent to this socket).
 * `complete: false`: more was missed than the server replays (or the cursor was not understood):
 * nothing was replayed, reload the lists over HTTP and continue from `cursor`.
 */
export const caughtUpSchema = z.object({
  cursor: cursorSchema,
  replayed: z.number().int().nonnegative(),
  complete: z.boolean(),
});
export type CaughtUp = z.infer<typeof caughtUpSchema>;

export const socketErrorSchema = z.object({ code: z.string(), message: z.string() });
export type SocketError = z.infer<typeof socketErrorSchema>;

export const catchUpAnswerSchema = z.union([caughtUpSchema, socketErrorSchema]);
export type CatchUpAnswer = z.infer<typeof catchUpAnswerSchema>;

/** Socket.IO typings for both ends: `Server<ClientToServerEvents, ServerToClientEvents>`, `Socket<ServerToClientEvents, ClientToServerEvents>`. */
export interface ServerToClientEvents {
  event: (message: PushMessage) => void;
  'caught-up': (answer: CaughtUp) => void;
  /** Sent just before the server closes a socket it will not serve (TOO_MANY_CONNECTIONS): retry later. */
  refused: (error: SocketError) => void;
  /** An in-app notification of the user, as it is stored (GET /api/notifications lists the same). */
  notification: (notification: Notification) => void;
  /**
   * Notifications stored meanwhile may not have been pushed (this instance's listening connection to Postgres was
   * lost and is back): the list is read again.
   */
  'notifications-stale': () => void;
}
export interface ClientToServerEvents {
  'catch-up': (request: CatchUpRequest, ack?: (answer: CatchUpAnswer) => void) => void;
}

/** The status each booking event sets; events absent here leave the status unchanged. */
export const STATUS_SET_BY_EVENT: Readonly<Partial<Record<BookingEventType, BookingStatus>>> = {
  created: 'pending',
  confirmed: 'confirmed',
  enRoute: 'en_route',
  arrived: 'arrived',
  started: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
  noShow: 'no_show',
  expired: 'cancelled',
};

/** The status the event set, if it set one: a reschedule that called off a visit under way confirmed the booking again. */
export function statusSetByEvent(event: { type: string; data?: unknown }): BookingStatus | null {
  if (event.type === 'rescheduled')
    return (event.data as { visitCalledOff?: boolean } | undefined)?.visitCalledOff ? 'confirmed' : null;
  return (STATUS_SET_BY_EVENT as Record<string, BookingStatus | undefined>)[event.type] ?? null;
}
