import type { Sql } from '../db/connect';
import type { StoredEvent } from '../eventstore/types';
import { BOOKING_STREAM_PREFIX, writeBookingProjection } from './projections';
import { groupByStream } from './readModelRows';

const STORED_EVENT_COLUMNS = `global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_id AS "streamId",
  stream_version AS "streamVersion", event_id AS "eventId", type, data, metadata, recorded_at AS "recordedAt"`;

/*
 * A large booking log for the rebuild's tests and benchmark, written straight into `events` by one
 * INSERT (fast), every event valid under the shared schemas. Five life stories of five events each,
 * live ones on distinct hours of their barber (no two overlap in barber_schedule). The commands never
 * ran, so projectEveryStream then writes the read models as the inline projection would have.
 */

const SYNTHETIC_BARBERS = 40;
const SYNTHETIC_EVENTS_PER_BOOKING = 5;

/** What each story's events are; the story of booking i is ((i / barbers) mod 5). */
const STORIES = [
  ['created', 'detailsSaved', 'paid', 'confirmed', 'completed'],
  ['created', 'detailsSaved', 'confirmed', 'notesUpdated', 'rescheduled'],
  ['created', 'detailsSaved', 'paid', 'cancelled', 'refunded'],
  ['created', 'confirmed', 'enRoute', 'arrived', 'started'],
  ['created', 'detailsSaved', 'paymentFailed', 'confirmed', 'noShow'],
];

/** Appends `bookings` booking streams of five events each; answers the number of events. */
export async function seedBookingLog(sql: Sql, bookings: number): Promise<number> {
  const stories = `ARRAY[${STORIES.map((s) => `ARRAY[${s.map((t) => `'${t}'`).join(',')}]`).join(',')}]`;
  await sql.unsafe(
    `WITH b AS (
       SELECT i, gen_random_uuid() AS id, 1 + i % $2 AS barber, i / $2 AS k FROM generate_series(0, $1 - 1) AS i
     ), s AS (
       SELECT b.*, (k % 5)::int AS story, date '2026-02-02' + (k / 10)::int AS day,
              to_char(time '08:00' + (k % 10) * interval '1 hour', 'HH24:MI') AS start_time,
              to_char(time '08:30' + (k % 10) * interval '1 hour', 'HH24:MI') AS end_time
         FROM b
     ), e AS (
       SELECT s.*, v, (${stories})[story + 1][v] AS type FROM s CROSS JOIN generate_series(1, ${SYNTHETIC_EVENTS_PER_BOOKING}) AS v
     )
     INSERT INTO events (stream_id, stream_version, type, data, recorded_at)
     SELECT '${BOOKING_STREAM_PREFIX}' || id, v, type,
            CASE type
              WHEN 'created' THEN jsonb_build_object(
                'bookingId', id, 'customerId', 1 + i % 500, 'barberId', barber, 'serviceId', barber,
                'date', to_char(day, 'YYYY-MM-DD'), 'startTime', start_time, 'endTime', end_time,
                'durationMinutes', 30, 'travelBuffer', 30, 'totalAmount', 3500,
                'platformFee', CASE WHEN i % 2 = 0 THEN 350 ELSE 0 END,
                'barberAmount', CASE WHEN i % 2 = 0 THEN 3150 ELSE 3500 END,
                'feeCollectionEnabled', i % 2 = 0, 'city', 'miami',
                'displayCity', CASE WHEN i % 3 = 0 THEN NULL ELSE 'Miami Beach' END,
                'zipcode', '33139', 'notes', 'Synthetic booking ' || i)
              WHEN 'detailsSaved' THEN jsonb_build_object(
                'customerPhone', '(305) 555-0199', 'customerAddress', i || ' Ocean Dr, Miami Beach',
                'apartmentUnit', CASE WHEN i % 2 = 0 THEN '4B' END, 'specialInstructions', CASE WHEN i % 4 = 0 THEN 'Ring twice' END)
              WHEN 'paid' THEN jsonb_build_object('paymentIntentId', 'pi_' || i, 'amount', 3500)
              WHEN 'paymentFailed' THEN jsonb_build_object('paymentIntentId', 'pi_' || i, 'message', 'Your card was declined.')
              WHEN 'cancelled' THEN jsonb_build_object('reason', 'Cancelled by customer', 'by', 'customer')
              WHEN 'refunded' THEN jsonb_build_object('refundId', 're_' || i, 'amount', 3500)
              WHEN 'notesUpdated' THEN jsonb_build_object('barberNotes', 'Gate code ' || i, 'estimatedTravelTime', i % 181)
              -- Far beyond every first date, on the same hour: never overlaps another booking of the barber.
              WHEN 'rescheduled' THEN jsonb_build_object('date', to_char(day + 400, 'YYYY-MM-DD'), 'startTime', start_time, 'endTime', end_time)
              ELSE '{}'::jsonb
            END,
            timestamptz '2026-01-01 12:00:00+00' + i * interval '1 second' + v * interval '1 minute' + (i % 997) * interval '1 microsecond'
       FROM e ORDER BY i, v`,
    [bookings, SYNTHETIC_BARBERS],
  );
  return bookings * SYNTHETIC_EVENTS_PER_BOOKING;
}

/**
 * Writes every booking stream's read models through the inline projection (writeBookingProjection),
 * a few hundred streams per transaction so that commits do not dominate. Each worker takes the streams of
 * its own barbers: two transactions never touch one barber's rows (barber_listings) in opposite orders.
 */
export async function projectEveryStream(
  sql: Sql,
  options: { concurrency?: number; streamsPerTransaction?: number } = {},
): Promise<void> {
  const { concurrency = 2, streamsPerTransaction = 500 } = options;
  const streams = await sql<{ id: string; barber: number }[]>`
    SELECT stream_id AS id, (data->>'barberId')::int AS barber FROM events
     WHERE stream_id LIKE ${`${BOOKING_STREAM_PREFIX}%`} AND stream_version = 1 ORDER BY stream_id`;
  const project = async (ids: string[]) => {
    for (let from = 0; from < ids.length; from += streamsPerTransaction) {
      await sql.begin(async (tx) => {
        const events = await tx.unsafe<StoredEvent[]>(
          `SELECT ${STORED_EVENT_COLUMNS} FROM events WHERE stream_id IN (SELECT json_array_elements_text($1::text::json))
            ORDER BY stream_id, stream_version`,
          [JSON.stringify(ids.slice(from, from + streamsPerTransaction))],
        );
        for (const stream of groupByStream(events)) await writeBookingProjection(tx, stream);
      });
    }
  };
  await Promise.all(
    Array.from({ length: concurrency }, (_, worker) =>
      project(streams.filter((s) => s.barber % concurrency === worker).map((s) => s.id)),
    ),
  );
}
