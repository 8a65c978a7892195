import { ZodError } from 'zod';
import type { Sql } from '../db/connect';
import { cursorOf, readStream } from './store';
import { EventTailer, headCursor, type TailStatus } from './tailer';
import type { Cursor, StoredEvent } from './types';

/** The longest wait before a failed subscription starts again from its saved cursor. */
const MAX_RETRY_MS = 60_000;

interface Log {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

/** What a handler gets besides the event: the streams of its batch, each read once. */
export interface BatchScope {
  stream: (streamId: string) => Promise<StoredEvent[]>;
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
 * doubles with each failure in a row (up to a minute), every failure logged.
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
          () => void (failures = 0),
          (error: unknown) => {
            failed = true;
            const retryInMs = retryIn();
            log.error(
              { err: error, subscription: name, failures, retryInMs },
              `${label} failed; retrying from the saved cursor`,
            );
            void tailer.stop();
            restartTimer = setTimeout(() => void run().catch(restartLater), retryInMs);
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
  return {
    get position() {
      return current?.position ?? { transactionId: '0', globalPosition: 0n };
    },
    status: () => current?.status(),
    stop: async () => {
      stopped = true;
      clearTimeout(restartTimer);
      await current?.stop();
      await inFlight;
    },
  };
}

async function handleBatch(sql: Sql, options: SubscriptionOptions, batch: StoredEvent[]): Promise<void> {
  const streams = new Map<string, Promise<StoredEvent[]>>();
  const scope: BatchScope = {
    stream: (streamId) => {
      let stream = streams.get(streamId);
      if (!stream) streams.set(streamId, (stream = readStream(sql, streamId)));
      return stream;
    },
  };
  let done: StoredEvent | undefined;
  try {
    for (const event of batch) {
      try {
        await options.handle(event, scope);
      } catch (error) {
        // An event that does not parse would stop the subscription for ever: it is skipped, loudly.
        if (!(error instanceof ZodError)) throw error;
        options.log.error(
          { err: error, eventId: event.eventId, type: event.type },
          `Skipped event ${event.eventId} (${event.type}): it does not parse`,
        );
      }
      done = event;
    }
  } finally {
    if (done) await saveCursor(sql, options.name, cursorOf(done));
  }
}

/* ---------- the persisted cursor ---------- */

async function startAtHead(sql: Sql, name: string): Promise<void> {
  const head = await headCursor(sql);
  await sql`INSERT INTO subscriptions (name, transaction_id, global_position)
            VALUES (${name}, ${head.transactionId}::xid8, ${head.globalPosition.toString()}) ON CONFLICT (name) DO NOTHING`;
}

export async function loadCursor(sql: Sql, name: string): Promise<Cursor> {
  const [row] = await sql<{ transactionId: string; globalPosition: bigint }[]>`
    SELECT transaction_id::text AS "transactionId", global_position AS "globalPosition" FROM subscriptions WHERE name = ${name}`;
  if (!row) throw new Error(`No subscription named ${name}`);
  return { transactionId: row.transactionId, globalPosition: BigInt(row.globalPosition) };
}

/** Moves the cursor forward only: a slow, replaced reader can never move it back. */
async function saveCursor(sql: Sql, name: string, cursor: Cursor): Promise<void> {
  await sql`UPDATE subscriptions SET transaction_id = ${cursor.transactionId}::xid8, global_position = ${cursor.globalPosition.toString()}, updated_at = now()
             WHERE name = ${name} AND (transaction_id, global_position) < (${cursor.transactionId}::xid8, ${cursor.globalPosition.toString()}::bigint)`;
}
