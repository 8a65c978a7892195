import { ZodError } from 'zod';
import type { Sql, Tx } from '../db/connect';
import { cursorOf, readEvent, readStream } from './store';
import { EventTailer, headCursor, type TailStatus } from './tailer';
import type { Cursor, StoredEvent } from './types';

/** The longest wait before a failed subscription starts again from its saved cursor. */
const MAX_RETRY_MS = 60_000;
/** Failures in a row on one event, the database answering each time, before the event is set aside. */
const PARK_AFTER_FAILURES = 5;
/** How often the events set aside are tried again. */
const PARKED_RETRY_MS = 5 * 60_000;

interface Log {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

/** What a handler gets besides the event: the streams of its batch, each read once. */
interface BatchScope {
  stream: (streamId: string) => Promise<StoredEvent[]>;
  /** The event was parked and is tried again: later events may have been handled before it. */
  late: boolean;
}

export interface SubscriptionOptions {
  /** The subscription's name in the `subscriptions` table. */
  name: string;
  /** What the logs call it, e.g. "notification subscriber". */
  label: string;
  /** Handles one event; a ZodError (an event that does not parse) skips the event, loudly. */
  handle: (event: StoredEvent, scope: BatchScope) => Promise<void>;
  pollMs?: number;
  /** Wait before reading again after a failure (Redis or Postgres away); doubles with each failure in a row. */
  retryMs?: number;
  /** The process's logger (pino): every failure is logged through it. */
  log: Log;
  /** Failures in a row on one event before it is parked (PARK_AFTER_FAILURES). */
  parkAfter?: number;
  /** How often parked events are tried again (PARKED_RETRY_MS). */
  parkedRetryMs?: number;
  /**
   * Whether what the handler needs answers (Postgres by default; a subscriber that queues jobs adds Redis): an event
   * that fails while it does not is not at fault, and is never parked for it.
   */
  healthy?: () => Promise<boolean>;
}

export interface RunningSubscription {
  readonly position: Cursor;
  /** Its tailer's lag (undefined before the first start). */
  status: () => TailStatus | undefined;
  stop: () => Promise<void>;
}

/**
 * A durable subscription to the event log: follows it from a cursor persisted in `subscriptions`, saved
 * after each batch is handled (a crash in between handles those events again: handlers must be
 * idempotent). A new subscription starts at the head of the log, so history is never handled. A handler
 * that fails stops the batch; the subscription starts again from the saved cursor after a wait that
 * doubles with each failure in a row (up to a minute), every failure logged. An event that fails
 * `parkAfter` times in a row while the database (and whatever `healthy` checks) answers is the cause, not
 * an outage: it is parked (`parked_events`), the cursor moves past it so that every later event is handled,
 * and it is tried again every `parkedRetryMs` until it goes through. One bad event held every notice of the
 * platform behind it, for as long as it took to ship a fix.
 */
export async function startSubscription(sql: Sql, options: SubscriptionOptions): Promise<RunningSubscription> {
  const { name, label, log } = options;
  const retryMs = options.retryMs ?? 2000;
  let stopped = false;
  let current: EventTailer | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let failures = 0;
  const retryIn = () => Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures++, 20));
  const parkAfter = options.parkAfter ?? PARK_AFTER_FAILURES;
  const healthy = options.healthy ?? (() => answers(sql));
  let streak: { eventId: string; count: number } | undefined;

  const afterFailure = async (error: unknown) => {
    const event = error instanceof EventFailed ? error.event : undefined;
    const cause = error instanceof EventFailed ? error.cause : error;
    // only failures while everything answers count: one on an outage's tail must not park an event failed for it
    const counted = event !== undefined && !stopped && (await healthy());
    streak =
      counted && event
        ? { eventId: event.eventId, count: streak?.eventId === event.eventId ? streak.count + 1 : 1 }
        : undefined;
    if (event && streak && streak.count >= parkAfter) {
      try {
        await park(sql, name, event, cause, streak.count);
        log.error(
          { err: cause, subscription: name, eventId: event.eventId, type: event.type, attempts: streak.count },
          `${label} set event ${event.eventId} (${event.type}) aside after ${streak.count} failures; it is tried again every few minutes`,
        );
        streak = undefined;
        failures = 0;
        restartTimer = setTimeout(() => void run().catch(restartLater), 0);
        return;
      } catch (parkError) {
        log.error({ err: parkError, subscription: name }, `${label} could not set a failing event aside`);
      }
    }
    const retryInMs = retryIn();
    log.error(
      { err: cause, subscription: name, failures, retryInMs },
      `${label} failed; retrying from the saved cursor`,
    );
    restartTimer = setTimeout(() => void run().catch(restartLater), retryInMs);
  };

  const run = async () => {
    if (stopped) return;
    const from = await loadCursor(sql, name);
    let failed = false;
    const tailer = new EventTailer(
      sql,
      (batch) => {
        // The tailer keeps no state worth keeping after a failure: a fresh one restarts from the saved cursor.
        if (failed || stopped) return;
        const work = handleBatch(sql, options, batch).then(
          () => {
            failures = 0;
            streak = undefined;
          },
          (error: unknown) => {
            failed = true;
            void tailer.stop();
            return afterFailure(error);
          },
        );
        inFlight = work;
        return work;
      },
      { from, pollMs: options.pollMs, log },
    );
    current = tailer;
    await tailer.start();
  };
  const restartLater = (error: unknown) => {
    const retryInMs = retryIn();
    log.error({ err: error, subscription: name, failures, retryInMs }, `${label} could not start; retrying`);
    if (!stopped) restartTimer = setTimeout(() => void run().catch(restartLater), retryInMs);
  };

  await startAtHead(sql, name);
  await run();
  let retrying: Promise<void> = Promise.resolve();
  const parkedTimer = setInterval(() => {
    retrying = retrying
      .then(() => retryParked(sql, options))
      .catch((error: unknown) => {
        log.error({ err: error, subscription: name }, `${label} could not try its parked events again`);
      });
  }, options.parkedRetryMs ?? PARKED_RETRY_MS);
  parkedTimer.unref();
  return {
    get position() {
      return current?.position ?? { transactionId: '0', globalPosition: 0n };
    },
    status: () => current?.status(),
    stop: async () => {
      stopped = true;
      clearTimeout(restartTimer);
      clearInterval(parkedTimer);
      await current?.stop();
      await inFlight;
      await retrying;
    },
  };
}

/** A handler's failure on one event (a ZodError excepted: that event is skipped). */
class EventFailed extends Error {
  constructor(
    readonly event: StoredEvent,
    cause: unknown,
  ) {
    super(`handling event ${event.eventId} (${event.type}) failed`, { cause });
  }
}

async function answers(sql: Sql): Promise<boolean> {
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

function batchScope(sql: Sql, late = false): BatchScope {
  const streams = new Map<string, Promise<StoredEvent[]>>();
  return {
    late,
    stream: (streamId) => {
      let stream = streams.get(streamId);
      if (!stream) streams.set(streamId, (stream = readStream(sql, streamId)));
      return stream;
    },
  };
}

async function handleBatch(sql: Sql, options: SubscriptionOptions, batch: StoredEvent[]): Promise<void> {
  const scope = batchScope(sql);
  let done: StoredEvent | undefined;
  try {
    for (const event of batch) {
      const failure = await handleOne(options, event, scope);
      if (failure) throw new EventFailed(event, failure.error);
      done = event;
    }
  } finally {
    if (done) await saveCursor(sql, options.name, cursorOf(done));
  }
}

/** Handles one event: undefined when done with (handled, or skipped because it does not parse), else its failure. */
async function handleOne(
  options: SubscriptionOptions,
  event: StoredEvent,
  scope: BatchScope,
): Promise<{ error: unknown } | undefined> {
  try {
    await options.handle(event, scope);
  } catch (error) {
    // An event that does not parse would fail for ever, whatever is fixed: it is skipped, loudly.
    if (!(error instanceof ZodError)) return { error };
    options.log.error(
      { err: error, eventId: event.eventId, type: event.type },
      `Skipped event ${event.eventId} (${event.type}): it does not parse`,
    );
  }
  return undefined;
}

/* ---------- events set aside ---------- */

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Parks an event and moves the cursor past it, in one transaction. */
async function park(sql: Sql, name: string, event: StoredEvent, cause: unknown, attempts: number): Promise<void> {
  const error = messageOf(cause);
  const cursor = cursorOf(event);
  await sql.begin(async (tx) => {
    await tx`INSERT INTO parked_events (subscription, event_id, global_position, recorded_at, error, attempts)
             VALUES (${name}, ${event.eventId}, ${cursor.globalPosition.toString()}, ${event.recordedAt}, ${error}, ${attempts})
             ON CONFLICT (subscription, event_id) DO NOTHING`;
    await saveCursor(tx, name, cursor);
  });
}

/** Tries the parked events of a subscription again, oldest first: one handled (or gone) is unparked. */
async function retryParked(sql: Sql, options: SubscriptionOptions): Promise<void> {
  const parked = await sql<{ eventId: string }[]>`
    SELECT event_id AS "eventId" FROM parked_events WHERE subscription = ${options.name} ORDER BY global_position LIMIT 1000`;
  for (const { eventId } of parked) {
    const event = await readEvent(sql, eventId);
    const failure = event ? await handleOne(options, event, batchScope(sql, true)) : undefined;
    if (!failure) {
      await sql`DELETE FROM parked_events WHERE subscription = ${options.name} AND event_id = ${eventId}`;
      options.log.info?.({ subscription: options.name, eventId }, `${options.label} handled parked event ${eventId}`);
    } else {
      await sql`UPDATE parked_events SET attempts = attempts + 1, error = ${messageOf(failure.error)}, tried_at = now()
                 WHERE subscription = ${options.name} AND event_id = ${eventId}`;
    }
  }
}

/* ---------- the persisted cursor ---------- */

async function startAtHead(sql: Sql, name: string): Promise<void> {
  const head = await headCursor(sql);
  await sql`INSERT INTO subscriptions (name, transaction_id, global_position)
            VALUES (${name}, ${head.transactionId}::xid8, ${head.globalPosition.toString()}) ON CONFLICT (name) DO NOTHING`;
}

async function loadCursor(sql: Sql, name: string): Promise<Cursor> {
  const [row] = await sql<{ transactionId: string; globalPosition: bigint }[]>`
    SELECT transaction_id::text AS "transactionId", global_position AS "globalPosition" FROM subscriptions WHERE name = ${name}`;
  if (!row) throw new Error(`No subscription named ${name}`);
  return { transactionId: row.transactionId, globalPosition: BigInt(row.globalPosition) };
}

/** Moves the cursor forward only: a slow, replaced reader can never move it back. */
async function saveCursor(sql: Sql | Tx, name: string, cursor: Cursor): Promise<void> {
  await sql`UPDATE subscriptions SET transaction_id = ${cursor.transactionId}::xid8, global_position = ${cursor.globalPosition.toString()}, updated_at = now()
             WHERE name = ${name} AND (transaction_id, global_position) < (${cursor.transactionId}::xid8, ${cursor.globalPosition.toString()}::bigint)`;
}
