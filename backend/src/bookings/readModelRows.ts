import { isLiveStatus } from '@barber/shared';
import type { StoredEvent } from '../eventstore/types';
import { bookingRowOf, type BookingRow } from './projections';
import { heldRange, holdsNoTime, type HeldRange } from './slotRules';

/** What the fold reads of a stored event: all a replay has to fetch of the log. */
export type ReplayedEvent = Pick<StoredEvent, 'streamId' | 'streamVersion' | 'type' | 'data' | 'recordedAt'>;
export const REPLAYED_EVENT_COLUMNS = `stream_id AS "streamId", stream_version AS "streamVersion", type, data, recorded_at AS "recordedAt"`;

/** A `barber_schedule` row before Postgres makes `during` of it: tstzrange(from, to, '[)'). */
export interface ScheduleRow {
  booking_id: string;
  barber_id: number;
  from: Date;
  to: Date;
}

/**
 * The time a booking row holds in its barber's schedule, or null once it holds none (cancelled, no-show, done) or
 * its range is empty (holdsNoTime: the schedule refuses an empty range).
 */
function scheduleRowOf(row: BookingRow): ScheduleRow | null {
  if (!isLiveStatus(row.status)) return null;
  const held = cachedHeldRange(row.date, row.start_time, row.end_time, row.travel_buffer);
  if (holdsNoTime(held)) return null;
  return { booking_id: row.id, barber_id: row.barber_id, from: held.from, to: held.to };
}

// heldRange asks Intl for New York's offsets (tens of microseconds); a replay meets the same few
// thousand date and time combinations again and again.
const heldRanges = new Map<string, HeldRange>();
function cachedHeldRange(date: string, startTime: string, endTime: string, travelBuffer: number): HeldRange {
  const key = `${date} ${startTime} ${endTime} ${travelBuffer}`;
  let held = heldRanges.get(key);
  if (!held) {
    if (heldRanges.size >= 20_000) heldRanges.clear();
    held = heldRange(date, startTime, endTime, travelBuffer);
    heldRanges.set(key, held);
  }
  return held;
}

export interface ReadModelRows {
  bookings: BookingRow[];
  schedule: ScheduleRow[];
}

/** The read-model rows of whole booking streams: the same pure functions the inline projection applies. */
export function readModelRowsOf(streams: readonly (readonly ReplayedEvent[])[]): ReadModelRows {
  const rows: ReadModelRows = { bookings: [], schedule: [] };
  for (const events of streams) {
    // bookingRowOf reads no other field of a stored event than those a replay fetches.
    const booking = bookingRowOf(events as readonly StoredEvent[]);
    if (!booking) continue;
    rows.bookings.push(booking);
    const held = scheduleRowOf(booking);
    if (held) rows.schedule.push(held);
  }
  return rows;
}

/** Splits events ordered by (stream, version) into whole streams. */
export function groupByStream<E extends Pick<StoredEvent, 'streamId'>>(events: readonly E[]): E[][] {
  const streams: E[][] = [];
  for (const event of events) {
    const last = streams.at(-1);
    if (last && last[0]!.streamId === event.streamId) last.push(event);
    else streams.push([event]);
  }
  return streams;
}
