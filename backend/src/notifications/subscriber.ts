import { fold, isLiveStatus, type BookingEvent, type BookingState } from '@barber/shared';
import { ZodError } from 'zod';
import { isBookingStream, toBookingEvent } from '../bookings/projections';
import type { Sql } from '../db/connect';
import { cursorOf, readStream } from '../eventstore/store';
import { EventTailer, headCursor, type TailStatus } from '../eventstore/tailer';
import type { Cursor, StoredEvent } from '../eventstore/types';
import { dispatchNotices, type NotifyDeps } from './dispatch';
import { noticesFor } from './messages';
import { loadParties } from './people';
import { removeReminder, scheduleReminder } from './reminders';
import { owesRefund, requestRefund } from '../payments/refundRequests';

/** The longest wait before a failed subscriber starts again from its saved cursor. */
const MAX_RETRY_MS = 60_000;

export const BOOKING_NOTIFIER = 'booking-notifications';

export type NotifierDeps = NotifyDeps & { sql: Sql };

interface Log {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

export interface NotifierOptions {
  /** The subscription's name in the subscriptions table. */
  name?: string;
  pollMs?: number;
  /** Wait before reading again after a failure (Redis or Postgres away). */
  retryMs?: number;
  /** The process's logger (pino): every failure is logged through it. */
  log: Log;
}

export interface RunningNotifier {
  readonly position: Cursor;
  /** Its tailer's lag (undefined before the first start). */
  status: () => TailStatus | undefined;
  stop: () => Promise<void>;
}

/**
 * The booking-event subscriber the worker runs: follows the event log from a cursor persisted in the
 * `subscriptions` table and turns booking events into notification jobs (in-app and email), reminder
 * jobs and refund jobs (a paid booking cancelled, or a payment on a cancelled one: the refund's durable
 * path, which no crash between a command's commit and an enqueue can lose). The cursor is saved after
 * the jobs are queued: a crash in between handles the events again, which queues nothing new (job ids
 * and source keys derive from the event id). A new subscription starts at the head of the log, so
 * history is never announced (the worker's sweeper covers what came before).
 */
export async function startBookingNotifier(deps: NotifierDeps, options: NotifierOptions): Promise<RunningNotifier> {
  const name = options.name ?? BOOKING_NOTIFIER;
  const { log } = options;
  const retryMs = options.retryMs ?? 2000;
  let stopped = false;
  let current: EventTailer | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  // Failures in a row: each restart waits twice as long as the last (retryMs up to MAX_RETRY_MS).
  let failures = 0;
  const retryIn = () => Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures++, 20));

  const run = async () => {
    if (stopped) return;
    const from = await loadCursor(deps.sql, name);
    let failed = false;
    const tailer = new EventTailer(
      deps.sql,
      (batch) => {
        // The tailer keeps no state worth keeping after a failure: a fresh one restarts from the saved cursor.
        if (failed || stopped) return;
        const work = handleBatch(deps, name, batch, log).then(
          () => void (failures = 0),
          (error: unknown) => {
            failed = true;
            const retryInMs = retryIn();
            log.error({ err: error, subscription: name, failures, retryInMs }, 'notification subscriber failed; retrying from the saved cursor');
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
    log.error({ err: error, subscription: name, failures, retryInMs }, 'notification subscriber could not start; retrying');
    if (!stopped) restartTimer = setTimeout(() => void run().catch(restartLater), retryInMs);
  };

  await initCursor(deps.sql, name);
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

async function handleBatch(deps: NotifierDeps, name: string, batch: StoredEvent[], log: Log): Promise<void> {
  const histories = new Map<string, StoredEvent[]>();
  let done: StoredEvent | undefined;
  try {
    for (const event of batch) {
      if (isBookingStream(event.streamId) && HANDLED.has(event.type)) {
        let history = histories.get(event.streamId);
        if (!history) histories.set(event.streamId, (history = await readStream(deps.sql, event.streamId)));
        try {
          await handleEvent(deps, event, history);
        } catch (error) {
          if (!(error instanceof SkipEvent)) throw error;
          log.error({ err: error.cause, eventId: event.eventId, type: event.type }, error.message);
        }
      }
      done = event;
    }
  } finally {
    if (done) await saveCursor(deps.sql, name, cursorOf(done));
  }
}

const HANDLED: ReadonlySet<string> = new Set<BookingEvent['type']>([
  'created', 'paid', 'confirmed', 'paymentFailed', 'enRoute', 'arrived', 'completed', 'cancelled', 'noShow', 'rescheduled', 'refunded', 'expired', 'etaUpdated',
]);

async function handleEvent(deps: NotifierDeps, event: StoredEvent, history: StoredEvent[]): Promise<void> {
  let bookingEvent: BookingEvent;
  let state: BookingState;
  try {
    bookingEvent = toBookingEvent(event);
    state = fold(history.filter((e) => e.streamVersion <= event.streamVersion).map(toBookingEvent));
  } catch (error) {
    // An event that does not parse would stop the subscriber for ever: it is skipped, loudly.
    if (error instanceof ZodError) throw new SkipEvent(event, error);
    throw error;
  }
  if (!state.created) return;
  if ((bookingEvent.type === 'cancelled' || bookingEvent.type === 'paid') && owesRefund(state)) await requestRefund(deps.queues, state.bookingId);
  const parties = await loadParties(deps.sql, state);
  const notices = noticesFor(bookingEvent, state, parties, event.metadata.actorRole);
  await dispatchNotices(deps, notices, parties, { sourceKey: event.eventId, bookingId: state.bookingId });

  switch (bookingEvent.type) {
    case 'confirmed':
      await scheduleReminder(deps.queues, state);
      break;
    case 'rescheduled':
      if (state.status !== 'pending' && isLiveStatus(state.status)) await scheduleReminder(deps.queues, state);
      break;
    case 'cancelled':
    case 'expired':
    case 'noShow':
    case 'completed':
      await removeReminder(deps.queues, state.bookingId);
      break;
    default:
      break;
  }
}

class SkipEvent extends Error {
  constructor(event: StoredEvent, cause: unknown) {
    super(`Skipped booking event ${event.eventId} (${event.type}): it does not parse`, { cause });
  }
}

/* ---------- the persisted cursor ---------- */

async function initCursor(sql: Sql, name: string): Promise<void> {
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
