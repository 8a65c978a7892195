import { randomUUID } from 'node:crypto';
import type { PendingQuery, Row } from 'postgres';
import type { Sql } from '../db/connect';
import { appendFragment, isUniqueViolation, readStream, versionConflictOr } from './store';
import { announceAppend } from './wakeups';
import type { EventMetadata, NewEvent, StoredEvent } from './types';

/** A piece of SQL built with the `postgres` driver's tagged template, composed into a command's statement. */
export type Fragment = PendingQuery<Row[]>;

interface Decision {
  events: NewEvent[];
  /**
   * The read-model writes and the answer, composed into the append's statement: CTEs that follow the
   * `appended` one, the last of them named `answer` (its first row is the command's answer). `stream`
   * is the whole stream as it is once the events are appended; `appended` is how many of its last events
   * this statement appends (0 when none; the whole stream when the statement starts it).
   */
  project: (db: Sql, stream: readonly StoredEvent[], appended: number) => Fragment;
  /**
   * The answer, when the decision knows it without reading it back (a new booking: its row and what its
   * command looked up): it is what the command answers and what the idempotency key stores, and the
   * statement's `answer` CTE then only has to give one row.
   */
  knownAnswer?: (stream: readonly StoredEvent[]) => Row;
}

export interface CommandOptions<R> {
  streamId: string;
  /** The stream is new (its id was just made): there is no history to read. */
  isNew?: boolean;
  metadata?: EventMetadata;
  /** Scoped by the caller (e.g. `booking-create:{userId}:{header}`); a retry returns the stored answer. */
  idempotencyKey?: string;
  /** The command's clock: the events' recordedAt. */
  now?: Date;
  decide: (history: StoredEvent[], db: Sql) => Promise<Decision> | Decision;
  /** The answer from the `answer` row; a retry with the same key maps the stored row the same way. */
  answer: (row: Row) => R;
}

/** Deadlocks and serialization failures are transient: the command runs again on fresh state. */
const TRANSIENT = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

/**
 * Runs one command: read the stream, decide, then ONE statement that appends the events at the
 * expected version, writes the read models, records the answer under the idempotency key and
 * answers. One statement is one transaction: all of it commits, or none of it. A competing writer
 * makes the append fail on the stream version (VERSION_CONFLICT); a deadlock is retried.
 */
export async function executeCommand<R>(sql: Sql, options: CommandOptions<R>): Promise<R> {
  const { idempotencyKey } = options;
  if (idempotencyKey) {
    const previous = await storedAnswer(sql, idempotencyKey, options.answer);
    if (previous !== undefined) return previous;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptCommand(sql, options);
    } catch (error) {
      // Two retries raced: the loser returns the winner's stored answer.
      if (idempotencyKey && isUniqueViolation(error, 'command_log_pkey')) {
        const previous = await storedAnswer(sql, idempotencyKey, options.answer);
        if (previous !== undefined) return previous;
      }
      if (attempt < ATTEMPTS && TRANSIENT.has((error as { code?: string }).code ?? '')) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        continue;
      }
      throw error;
    }
  }
}

async function attemptCommand<R>(sql: Sql, options: CommandOptions<R>): Promise<R> {
  const { streamId, idempotencyKey } = options;
  const history = options.isNew ? [] : await readStream(sql, streamId);
  const decision = await options.decide(history, sql);
  const events = decision.events.map((e) => ({ ...e, eventId: randomUUID() }));
  const recordedAt = options.now ?? new Date();
  const metadata = { ...options.metadata, ...(idempotencyKey ? { idempotencyKey } : {}) };
  const appended = events.length > 0;
  const stream = [
    ...history,
    ...events.map((e, i) => pendingEvent(streamId, history.length + i + 1, e, metadata, recordedAt)),
  ];
  const projection = decision.project(sql, stream, events.length);
  const known = decision.knownAnswer?.(stream);
  const log = !idempotencyKey
    ? sql``
    : known
      ? sql`, logged AS (INSERT INTO command_log (idempotency_key, stream_id, response)
                        VALUES (${idempotencyKey}, ${streamId}, ${sql.json(known as never)}))`
      : sql`, logged AS (INSERT INTO command_log (idempotency_key, stream_id, response)
                        SELECT ${idempotencyKey}, ${streamId}, to_jsonb(answer) FROM answer)`;
  const append = appended
    ? sql`appended AS (${appendFragment(sql, { streamId, expectedVersion: history.length, events, metadata, recordedAt })}),`
    : sql``;
  try {
    const [row] = await sql`WITH ${append} ${projection} ${log} SELECT * FROM answer`;
    if (!row) throw new Error(`Command on ${streamId} answered nothing`);
    if (appended) announceAppend(sql);
    return options.answer(known ?? row);
  } catch (error) {
    throw versionConflictOr(error, streamId, history.length);
  }
}

/** The event as the stream holds it once appended (its global position is known only to the log). */
function pendingEvent(
  streamId: string,
  streamVersion: number,
  event: NewEvent & { eventId: string },
  metadata: EventMetadata,
  recordedAt: Date,
): StoredEvent {
  return {
    globalPosition: 0n,
    transactionId: '0',
    streamId,
    streamVersion,
    eventId: event.eventId,
    type: event.type,
    data: event.data,
    metadata,
    recordedAt,
  };
}

/** The answer stored under an idempotency key, mapped as the first answer was. */
export async function storedAnswer<R>(sql: Sql, key: string, answer: (row: Row) => R): Promise<R | undefined> {
  const [row] = await sql<{ response: Row }[]>`SELECT response FROM command_log WHERE idempotency_key = ${key}`;
  return row ? answer(row.response) : undefined;
}
