import { isLiveStatus } from '@barber/shared';
import type { StoredEvent } from '../eventstore/types';
import { bookingRowOf, type BookingRow } from './projections';
import { heldRange } from './slotRules';

/** A `barber_schedule` row before Postgres makes `during` of it: tstzrange(from, to, '[)'). */
export interface ScheduleRow {
  booking_id: string;
  barber_id: number;
  from: Date;
  to: Date;
}

/** The time a booking row holds in its barber's schedule, or null once it holds none (cancelled, no-show, done). */
export function scheduleRowOf(row: BookingRow): ScheduleRow | null {
  if (!isLiveStatus(row.status)) return null;
  const held = heldRange(row.date, row.start_time, row.end_time, row.travel_buffer);
  return { booking_id: row.id, barber_id: row.barber_id, from: held.from, to: held.to };
}

export interface ReadModelRows {
  bookings: BookingRow[];
  schedule: ScheduleRow[];
}

/** The read-model rows of whole booking streams: the same pure functions the inline projection applies. */
export function readModelRowsOf(streams: readonly (readonly StoredEvent[])[]): ReadModelRows {
  const rows: ReadModelRows = { bookings: [], schedule: [] };
  for (const events of streams) {
    const booking = bookingRowOf(events);
    if (!booking) continue;
    rows.bookings.push(booking);
    const held = scheduleRowOf(booking);
    if (held) rows.schedule.push(held);
  }
  return rows;
}

/** Splits events ordered by (stream, version) into whole streams. */
export function groupByStream(events: readonly StoredEvent[]): StoredEvent[][] {
  const streams: StoredEvent[][] = [];
  for (const event of events) {
    const last = streams.at(-1);
    if (last && last[0]!.streamId === event.streamId) last.push(event);
    else streams.push([event]);
  }
  return streams;
}
