import { AppError } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import { SAFE_POINT_SQL } from './safePoint';
import type { Cursor, EventMetadata, NewEvent, StoredEvent } from './types';

export const EVENTS_CHANNEL = 'events';

const columns = `global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_id AS "streamId",
  stream_version AS "streamVersion", event_id AS "eventId", type, data, metadata, recorded_at AS "recordedAt"`;

export async function readStream(db: Sql | Tx, streamId: string): Promise<StoredEvent[]> {
  return db.unsafe<StoredEvent[]>(`SELECT ${columns} FROM events WHERE stream_id = $1 ORDER BY stream_version`, [streamId]);
}

/**
 * Appends events at the expected version inside the caller's transaction. Two writers at the same
 * version collide on UNIQUE(stream_id, stream_version): the loser gets VERSION_CONFLICT.
 * pg_notify is delivered on commit only, so tailers are never woken for uncommitted events.
 */
export async function appendToStream(
  tx: Tx,
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  metadata: EventMetadata = {},
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const stored: StoredEvent[] = [];
  try {
    for (const [i, event] of events.entries()) {
      const [row] = await tx.unsafe<StoredEvent[]>(
        `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
         VALUES ($1, $2, coalesce($3::uuid, gen_random_uuid()), $4, $5, $6) RETURNING ${columns}`,
        [streamId, expectedVersion + i + 1, event.eventId ?? null, event.type, event.data as never, metadata as never],
      );
      stored.push(row!);
    }
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_unique')) {
      throw new AppError('VERSION_CONFLICT', 'This booking was changed by someone else. Reload and try again.', {
        streamId,
        expectedVersion,
      });
    }
    throw error;
  }
  await tx`SELECT pg_notify(${EVENTS_CHANNEL}, ${stored.at(-1)!.globalPosition.toString()})`;
  return stored;
}

/**
 * Reads committed events after the cursor, in commit-safe order. Only rows whose writing transaction
 * is older than every transaction of this database still running are read (safePoint.ts), so a
 * transaction that took its position early but commits late is read when it commits, never skipped.
 */
export async function readAfter(db: Sql, cursor: Cursor, limit = 500): Promise<StoredEvent[]> {
  return db.unsafe<StoredEvent[]>(
    `SELECT ${columns} FROM events
      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        AND transaction_id < ${SAFE_POINT_SQL}
      ORDER BY transaction_id, global_position
      LIMIT $3`,
    [cursor.transactionId, cursor.globalPosition.toString(), limit],
  );
}

export function cursorOf(event: StoredEvent): Cursor {
  return { transactionId: event.transactionId, globalPosition: BigInt(event.globalPosition) };
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint_name === constraint);
}
