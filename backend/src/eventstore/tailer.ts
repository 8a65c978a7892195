import type { Sql } from '../db/connect';
import { cursorOf, EVENTS_CHANNEL, readAfter } from './store';
import { START, type Cursor, type StoredEvent } from './types';

export type EventHandler = (events: StoredEvent[]) => void | Promise<void>;

/** The cursor of the newest event a tailer may safely read now: live subscribers start here. */
export async function headCursor(sql: Sql): Promise<Cursor> {
  const [row] = await sql<{ transactionId: string; globalPosition: bigint }[]>`
    SELECT transaction_id::text AS "transactionId", global_position AS "globalPosition" FROM events
     WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;
  return row ? { transactionId: row.transactionId, globalPosition: BigInt(row.globalPosition) } : START;
}

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

  constructor(
    private readonly sql: Sql,
    private readonly handler: EventHandler,
    options: { from?: Cursor; pollMs?: number } = {},
  ) {
    this.cursor = options.from ?? START;
    this.pollMs = options.pollMs ?? 1000;
  }

  private readonly pollMs: number;

  get position(): Cursor {
    return this.cursor;
  }

  async start(): Promise<void> {
    // A failed read is retried by the next wake-up or poll; it must never crash the process.
    const listener = await this.sql.listen(EVENTS_CHANNEL, () => void this.onNotify());
    this.unlisten = listener.unlisten;
    this.schedule();
    await this.wake().catch(() => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.().catch(() => {});
  }

  /**
   * A notification means an event was committed, but it stays invisible to the safe cursor while an
   * older transaction anywhere in the cluster is still open. When a wake-up reads nothing, look again
   * a few times soon after, rather than leaving it to the slow poll.
   */
  private async onNotify(): Promise<void> {
    for (const delayMs of [0, 10, 30, 80, 200]) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (this.stopped) return;
      const read = await this.wake().catch(() => 0);
      if (read > 0) return;
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
        do {
          batch = await readAfter(this.sql, this.cursor);
          if (batch.length === 0) break;
          await this.handler(batch);
          this.cursor = cursorOf(batch.at(-1)!);
          read += batch.length;
        } while (batch.length > 0 && !this.stopped);
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
    return read;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.wake()
        .catch(() => {})
        .finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref();
  }
}
