import { statusSetByEvent, type BookingView, type PushMessage } from '@barber/shared';
import { BOOKING_STREAM_PREFIX } from '../bookings/projections';
import { BOOKING_VIEW_SELECT, toBookingView, type BookingViewRow } from '../bookings/views';
import type { Sql } from '../db/connect';
import type { StoredEvent } from '../eventstore/types';
import { eventCursor } from './cursor';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bookingIdOf(streamId: string): string | null {
  return streamId.startsWith(BOOKING_STREAM_PREFIX) ? streamId.slice(BOOKING_STREAM_PREFIX.length) : null;
}

export type Views = ReadonlyMap<string, BookingView>;

/** The current read model of every booking the events touch: one query for the whole batch. */
export async function loadViews(sql: Sql, events: readonly StoredEvent[]): Promise<Views> {
  const ids = [...new Set(events.map((e) => bookingIdOf(e.streamId)).filter((id): id is string => !!id && UUID_RE.test(id)))];
  if (ids.length === 0) return new Map();
  // The ids are checked UUIDs, so an array literal is safe and avoids one parameter per id.
  const rows = await sql.unsafe<BookingViewRow[]>(`${BOOKING_VIEW_SELECT} WHERE b.id = ANY($1::uuid[])`, [`{${ids.join(',')}}`]);
  return new Map(rows.map((row) => [row.id, toBookingView(row)]));
}

/**
 * Like loadViews, but a failing read-model query costs the views, never the messages: clients
 * treat a null booking by reading it over HTTP, and the tailer must not stall on the query.
 */
export async function loadViewsOrNone(sql: Sql, events: readonly StoredEvent[], log: (error: unknown) => void): Promise<Views> {
  try {
    return await loadViews(sql, events);
  } catch (error) {
    log(error);
    return new Map();
  }
}

export function toPush(event: StoredEvent, views: Views, replayed: boolean): PushMessage {
  const bookingId = bookingIdOf(event.streamId);
  return {
    position: event.globalPosition.toString(),
    cursor: eventCursor(event),
    bookingId,
    type: event.type,
    status: bookingId ? statusSetByEvent(event.type) : null,
    booking: bookingId ? (views.get(bookingId) ?? null) : null,
    recordedAt: new Date(event.recordedAt).toISOString(),
    replayed,
  };
}
