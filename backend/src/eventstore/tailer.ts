import type { Sql } from '../db/connect';
import { BLOCKER_STARTED_SQL, SAFE_POINT_SQL } from './safePoint';
import { cursorOf, EVENTS_CHANNEL, readAfter } from './store';
import { onLocalAppend } from './wakeups';
import { START, type Cursor, type StoredEvent } from './types';

export type EventHandler = (events: StoredEvent[]) => void | Promise<void>;

/** The newest event a tailer may safely read now: live subscribers start here. */
export async function headCursor(sql: Sql): Promise<Cursor> {
  const [row] = await sql.unsafe<{ transactionId: string; globalPosition: bigint }[]>(`
    SELECT transaction_id::text AS "transactionId", global_position AS "globalPosition" FROM events
     WHERE transaction_id < ${SAFE_POINT_SQL}
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`);
  return row ? { transactionId: row.transactionId, globalPosition: BigInt(row.globalPosition) } : START;
}

/** How far behind the log a tailer is (`/readyz`, the admin dashboard). */
export interface TailStatus {
  /** Time since the tailer last saw that it had read every committed event; about one poll when healthy. */
  lagMs: number;
  /** lagMs is past the warning threshold: pushes, emails or reminders are late. */
  delayed: boolean;
  /** Committed events it could not read yet at its last look (counted up to BEHIND_COUNTED). */
  behindEvents: number;
  /** Age of the open transaction of this database that holds those events back, when one does and is visible. */
  oldestBlockingXactAgeMs: number | null;
  /** Passes that failed in a row (Postgres away, a handler that throws); 0 when the last pass succeeded. */
  consecutiveFailures: number;
  /** The last failure's message while failures go on, else null. */
  lastError: string | null;
}

export interface TailLog {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

export const BEHIND_COUNTED = 10_000;
const DEFAULT_DELAY_WARNING_MS = 5_000;
/** The longest wait between two passes after failures (the wait doubles from one poll up to this). */
const MAX_FAILURE_BACKOFF_MS = 30_000;
/** Events read per query; a full batch is followed by another read. */
export const TAIL_BATCH = 500;
/** After a notification whose read found nothing, the next reads (the slow poll covers the rest). */
const RETRY_DELAYS_MS = [10, 30, 80, 200];

/**
 * Follows the event log by its safe cursor. Woken by LISTEN/NOTIFY; a slow poll covers a lost
 * notification and events held back behind a transaction that was still open.
 */
export class EventTailer {
  private cursor: Cursor;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = false;
  private notified = false;
  private chasing = false;
  private interruptPause: (() => void) | undefined;
  private readonly pollMs: number;
  private readonly delayWarningMs: number;
  private readonly log: TailLog | undefined;
  private caughtUpAt = Date.now();
  private behind = { events: 0, blockerStartedAt: null as Date | null };
  private failures = 0;
  private lastError: string | null = null;
  /** After a failed pass, no automatic pass (poll, notification) runs before this time (Date.now()). */
  private retryAt = 0;
  private readonly maxBackoffMs: number;
  /** The lag check runs once per poll, not on every wake-up: it stays off the push's hot path. */
  private checkDue = true;

  constructor(
    private readonly sql: Sql,
    private readonly handler: EventHandler,
    options: { from?: Cursor; pollMs?: number; delayWarningMs?: number; maxBackoffMs?: number; log?: TailLog } = {},
  ) {
    this.cursor = options.from ?? START;
    this.pollMs = options.pollMs ?? 1000;
    this.delayWarningMs = options.delayWarningMs ?? DEFAULT_DELAY_WARNING_MS;
    this.log = options.log;
    this.maxBackoffMs = options.maxBackoffMs ?? MAX_FAILURE_BACKOFF_MS;
  }

  get position(): Cursor {
    return this.cursor;
  }

  status(now = Date.now()): TailStatus {
    const lagMs = Math.max(0, now - this.caughtUpAt);
    const { blockerStartedAt } = this.behind;
    return {
      lagMs,
      delayed: lagMs > this.delayWarningMs,
      behindEvents: this.behind.events,
      oldestBlockingXactAgeMs: blockerStartedAt ? Math.max(0, now - blockerStartedAt.getTime()) : null,
      consecutiveFailures: this.failures,
      lastError: this.lastError,
    };
  }

  async start(): Promise<void> {
    const listener = await this.sql.listen(EVENTS_CHANNEL, () => void this.onNotify());
    const local = onLocalAppend(() => void this.onNotify());
    this.unlisten = async () => {
      local();
      await listener.unlisten();
    };
    this.schedule();
    await this.wakeLogged();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // Stopping goes on when the connection is already gone (shutdown after an outage); said, not thrown.
    await this.unlisten?.().catch((error: unknown) =>
      this.log?.error({ err: error }, 'event tail could not unlisten at stop'),
    );
  }

  /**
   * A notification means an event was committed, but it stays invisible to the safe cursor while an
   * older transaction of this database is still open. When a read finds nothing, look again a few
   * times soon after, rather than leaving it to the slow poll. One chase at a time: notifications that
   * arrive during it only ask it for one more read (under load, one read serves many appends).
   */
  private async onNotify(): Promise<void> {
    this.notified = true;
    if (this.chasing) {
      this.interruptPause?.(); // a chase waiting after a miss reads at once: this may be the event it waits for
      return;
    }
    this.chasing = true;
    try {
      let misses = 0;
      while (this.notified && !this.stopped) {
        this.notified = false;
        if ((await this.wakeLogged()) > 0) {
          misses = 0;
          continue;
        }
        if (misses === RETRY_DELAYS_MS.length) break;
        this.notified = true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RETRY_DELAYS_MS[misses++]);
          this.interruptPause = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.interruptPause = undefined;
      }
    } finally {
      this.chasing = false;
    }
  }

  /** Reads until caught up; a wake-up during a read triggers one more pass. Answers how many events it read. */
  async wake(): Promise<number> {
    if (this.stopped) return 0;
    if (this.running) {
      this.again = true;
      return 0; // the running pass reads once more; a later retry costs one cheap query
    }
    this.running = true;
    let read = 0;
    try {
      do {
        this.again = false;
        let batch: StoredEvent[];
        // A short batch is everything the safe point let through: reading again would find nothing,
        // and what commits later wakes this tailer again (one query per wake-up under load, not two).
        do {
          batch = await readAfter(this.sql, this.cursor, TAIL_BATCH);
          if (batch.length === 0) break;
          await this.handler(batch);
          this.cursor = cursorOf(batch.at(-1)!);
          read += batch.length;
        } while (batch.length === TAIL_BATCH && !this.stopped);
      } while (this.again && !this.stopped);
      if (this.checkDue) {
        await this.checkBehind();
        this.checkDue = false;
      }
      if (this.failures > 0) this.log?.info?.({ failures: this.failures }, 'event tail reads again');
      this.failures = 0;
      this.lastError = null;
      this.retryAt = 0;
    } finally {
      this.running = false;
    }
    return read;
  }

  /**
   * After reading all it safely could: are committed events still waiting past the cursor? None: the
   * tailer is caught up. Some: an open transaction of this database holds them back.
   */
  private async checkBehind(): Promise<void> {
    const [row] = await this.sql.unsafe<{ behind: number; blockerStartedAt: Date | null }[]>(
      `SELECT b.behind, CASE WHEN b.behind > 0 THEN ${BLOCKER_STARTED_SQL} END AS "blockerStartedAt"
         FROM (SELECT count(*)::int AS behind FROM (
                 SELECT 1 FROM events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) LIMIT ${BEHIND_COUNTED}) AS e) AS b`,
      [this.cursor.transactionId, this.cursor.globalPosition.toString()],
      { prepare: true },
    );
    this.behind = { events: row!.behind, blockerStartedAt: row!.blockerStartedAt };
    if (row!.behind === 0) this.caughtUpAt = Date.now();
  }

  /**
   * The automatic passes (poll, notification). A failed pass (a read, or a handler that throws) must
   * never crash the process, nor pass unseen: each one is logged, counted in `status()` (and so in
   * /readyz), and the next pass waits twice as long as the last, from one poll up to maxBackoffMs, so a
   * handler that fails forever neither floods the log nor hammers the database.
   */
  private async wakeLogged(): Promise<number> {
    if (Date.now() < this.retryAt) return 0;
    try {
      return await this.wake();
    } catch (error) {
      this.failures += 1;
      this.lastError = error instanceof Error ? error.message : String(error);
      const retryInMs = Math.min(this.maxBackoffMs, this.pollMs * 2 ** Math.min(this.failures - 1, 20));
      this.retryAt = Date.now() + retryInMs;
      this.log?.error(
        { err: error, failures: this.failures, retryInMs, lagMs: this.status().lagMs },
        'event tail pass failed; retrying',
      );
      return 0;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.checkDue = true;
        void this.wakeLogged().finally(() => this.schedule());
      },
      Math.max(this.pollMs, this.retryAt - Date.now()),
    );
    this.timer.unref();
  }
}
