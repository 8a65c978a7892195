import { randomUUID } from 'node:crypto';
import { AppError } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import { SAFE_POINT_SQL } from './safePoint';
import { announceLocally } from './wakeups';
import type { Cursor, EventMetadata, NewEvent, StoredEvent } from './types';

export { EVENTS_CHANNEL } from './wakeups';

const columns = `global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_id AS "streamId",
  stream_version AS "streamVersion", event_id AS "eventId", type, data, metadata, recorded_at AS "recordedAt"`;

export async function readStream(db: Sql | Tx, streamId: string): Promise<StoredEvent[]> {
  return db.unsafe<StoredEvent[]>(
    `SELECT ${columns} FROM events WHERE stream_id = $1 ORDER BY stream_version`,
    [streamId],
    {
      prepare: true, // read by every command: parse and plan once per connection
    },
  );
}

/** The version a stream is at (0 for one with no events): the expected version of its next append. */
export async function streamVersion(db: Sql | Tx, streamId: string): Promise<number> {
  const [row] = await db<{ version: number }[]>`
    SELECT coalesce(max(stream_version), 0)::int AS version FROM events WHERE stream_id = ${streamId}`;
  return row!.version;
}

/** An event with the id the store gave it. */
export type IdentifiedEvent = NewEvent & { eventId: string };

/**
 * The INSERT of events at the expected version, as the first CTE of a command's statement that also
 * writes the read models (`executeCommand`). Two writers at the same version collide on
 * UNIQUE(stream_id, stream_version). Tailers are woken after the commit (wakeups.ts), never by a NOTIFY
 * inside the transaction.
 */
export function appendFragment(db: Sql | Tx, append: Append) {
  const metadata = db.json((append.metadata ?? {}) as never);
  const recordedAt = append.recordedAt ?? new Date();
  const returning = db`RETURNING global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_version AS "streamVersion"`;
  if (append.events.length === 1) {
    // one event, the usual case: plain VALUES, no JSON array to unpack on the server
    const [e] = append.events as [IdentifiedEvent];
    return db`
      INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, recorded_at)
      VALUES (${append.streamId}, ${append.expectedVersion + 1}, ${e.eventId}, ${e.type}, ${db.json(e.data as never)}, ${metadata}, ${recordedAt})
      ${returning}`;
  }
  return db`
    INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, recorded_at)
    SELECT ${append.streamId}, ${append.expectedVersion}::int + e.i::int, (e.value->>'eventId')::uuid, e.value->>'type', e.value->'data',
           ${metadata}, ${recordedAt}
      FROM jsonb_array_elements(${db.json(append.events as never)}) WITH ORDINALITY AS e(value, i)
    ${returning}`;
}

export interface Append {
  streamId: string;
  expectedVersion: number;
  events: IdentifiedEvent[];
  metadata?: EventMetadata;
  /** The events' recordedAt: the command's clock. */
  recordedAt?: Date;
}

type Positions = Pick<StoredEvent, 'globalPosition' | 'transactionId' | 'streamVersion'>[];

/*
 * One event appended on its own, as one fixed statement prepared once per connection: the driver
 * neither composes fragments nor infers types (bench/analysis.md, session 8). The json travels as
 * text: a parameter the server describes as jsonb would be encoded by the driver a second time.
 */
const APPEND_ONE = `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, recorded_at)
  VALUES ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7)
  RETURNING global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_version AS "streamVersion"`;

/**
 * Appends events at the expected version in one statement (atomic by itself, or inside the caller's
 * transaction), and wakes this process's tailers; executeCommand also tells the other processes.
 */
export async function appendToStream(
  db: Sql | Tx,
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  metadata: EventMetadata = {},
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const withIds = events.map((e) => ({ type: e.type, data: e.data, eventId: randomUUID() }));
  const recordedAt = new Date();
  try {
    // only the positions come back: the rest of each event is what was sent
    const [first] = withIds as [IdentifiedEvent];
    const positions =
      withIds.length === 1
        ? await db.unsafe<Positions>(
            APPEND_ONE,
            [
              streamId,
              expectedVersion + 1,
              first.eventId,
              first.type,
              JSON.stringify(first.data),
              JSON.stringify(metadata),
              recordedAt,
            ],
            { prepare: true },
          )
        : ((await appendFragment(db, {
            streamId,
            expectedVersion,
            events: withIds,
            metadata,
            recordedAt,
          })) as unknown as Positions);
    announceLocally();
    // Fields copied by name, not spread: on Node 20 an object literal that spreads and then adds fields takes V8's
    // slow path, and the store append measured 5-8 % faster without the two spreads (bench/analysis.md, session 15).
    const stored: StoredEvent[] = [];
    for (const p of positions) {
      const event = withIds[p.streamVersion - expectedVersion - 1]!;
      stored.push({
        globalPosition: p.globalPosition,
        transactionId: p.transactionId,
        streamVersion: p.streamVersion,
        streamId,
        eventId: event.eventId,
        type: event.type,
        data: event.data,
        metadata,
        recordedAt,
      });
    }
    return stored.length > 1 ? stored.sort((a, b) => a.streamVersion - b.streamVersion) : stored;
  } catch (error) {
    throw versionConflictOr(error, streamId, expectedVersion);
  }
}

export const BOOKING_CHANGED_MESSAGE = 'This booking was changed by someone else. Reload and try again.';

/** A unique violation on (stream_id, stream_version) is another writer's append: VERSION_CONFLICT. */
export function versionConflictOr(error: unknown, streamId: string, expectedVersion: number): unknown {
  if (!isUniqueViolation(error, 'events_stream_version_unique')) return error;
  return new AppError('VERSION_CONFLICT', BOOKING_CHANGED_MESSAGE, {
    streamId,
    expectedVersion,
  });
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
    { prepare: true }, // read on every wake-up and poll: parse and plan once per connection
  );
}

/** One event by its id (the log keeps event ids unique), or undefined. */
export async function readEvent(db: Sql, eventId: string): Promise<StoredEvent | undefined> {
  const [event] = await db.unsafe<StoredEvent[]>(`SELECT ${columns} FROM events WHERE event_id = $1`, [eventId]);
  return event;
}

export function cursorOf(event: StoredEvent): Cursor {
  return { transactionId: event.transactionId, globalPosition: BigInt(event.globalPosition) };
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint_name === constraint);
}
