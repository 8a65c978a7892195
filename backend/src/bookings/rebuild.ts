import type { Sql } from '../db/connect';
import type { StoredEvent } from '../eventstore/types';
import { BOOKING_STREAM_PREFIX, writeBookingProjection } from './projections';

const BATCH = 1000;

/**
 * Rebuilds the booking read models from the event log in one transaction: empties `bookings` and
 * `barber_schedule`, then writes every booking stream through the same projection the commands use.
 * A command that appends meanwhile waits on the tables' lock and then projects its whole stream again,
 * so nothing it wrote is lost.
 */
export async function rebuildReadModels(sql: Sql): Promise<{ streams: number; events: number }> {
  return sql.begin(async (tx) => {
    await tx`TRUNCATE bookings, barber_schedule`;
    let streams = 0;
    let events = 0;
    let current: StoredEvent[] = [];
    const flush = async () => {
      if (current.length === 0) return;
      await writeBookingProjection(tx, current);
      streams += 1;
      current = [];
    };
    const cursor = tx
      .unsafe<StoredEvent[]>(
        `SELECT global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_id AS "streamId",
                stream_version AS "streamVersion", event_id AS "eventId", type, data, metadata, recorded_at AS "recordedAt"
           FROM events WHERE stream_id LIKE $1 ORDER BY stream_id, stream_version`,
        [`${BOOKING_STREAM_PREFIX}%`],
      )
      .cursor(BATCH);
    for await (const rows of cursor) {
      for (const event of rows) {
        if (current.length > 0 && current[0]!.streamId !== event.streamId) await flush();
        current.push(event);
        events += 1;
      }
    }
    await flush();
    return { streams, events };
  }) as Promise<{ streams: number; events: number }>;
}
