import { statusSetByEvent, type BookingView, type PushMessage } from '@barber/shared';
import { BOOKING_STREAM_PREFIX } from '../bookings/projections';
import { recentView } from '../bookings/recentViews';
import { BOOKING_VIEW_SELECT, toBookingView, type BookingViewRow } from '../bookings/views';
import type { Sql } from '../db/connect';
import type { StoredEvent } from '../eventstore/types';
import { eventCursor } from './cursor';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bookingIdOf(streamId: string): string | null {
  return streamId.startsWith(BOOKING_STREAM_PREFIX) ? streamId.slice(BOOKING_STREAM_PREFIX.length) : null;
}

export type Views = ReadonlyMap<string, BookingView>;

/**
 * The current read model of every booking the events touch: the view a command of this process
 * answered at the batch's last version of that booking, else one query for the rest of the batch.
 */
async function loadViews(sql: Sql, events: readonly StoredEvent[]): Promise<Views> {
  const lastVersion = new Map<string, number>();
  for (const e of events) {
    const id = bookingIdOf(e.streamId);
    if (id && UUID_RE.test(id)) lastVersion.set(id, Math.max(lastVersion.get(id) ?? 0, e.streamVersion));
  }
  const views = new Map<string, BookingView>();
  for (const [id, version] of lastVersion) {
    const known = recentView(id, version);
    if (known) views.set(id, known);
  }
  const missing = [...lastVersion.keys()].filter((id) => !views.has(id));
  if (missing.length === 0) return views;
  // The ids are checked UUIDs, so an array literal is safe and avoids one parameter per id.
  const rows = await sql.unsafe<BookingViewRow[]>(
    `${BOOKING_VIEW_SELECT} WHERE b.id = ANY($1::uuid[])`,
    [`{${missing.join(',')}}`],
    {
      prepare: true,
    },
  );
  for (const row of rows) views.set(row.id, toBookingView(row));
  return views;
}

/**
 * Like loadViews, but a failing read-model query costs the views, never the messages: clients
 * treat a null booking by reading it over HTTP, and the tailer must not stall on the query.
 */
export async function loadViewsOrNone(
  sql: Sql,
  events: readonly StoredEvent[],
  log: (error: unknown) => void,
): Promise<Views> {
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
    status: bookingId ? statusSetByEvent(event) : null,
    booking: bookingId ? (views.get(bookingId) ?? null) : null,
    recordedAt: new Date(event.recordedAt).toISOString(),
    replayed,
  };
}
