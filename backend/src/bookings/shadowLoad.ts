import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { Sql } from '../db/connect';
import type { ReadModelRows, ScheduleRow } from './readModelRows';
import { SHADOW_SCHEMA } from './shadowTables';

/*
 * The bulk load of the copies aside: one COPY ... FROM STDIN per table for the whole replay, each on a
 * connection of its own, fed batch by batch (COPY is Postgres' cheapest way in, and a single statement
 * commits once). Values are written in COPY's text format, as the driver would send them as parameters.
 */

type Reserved = Awaited<ReturnType<Sql['reserve']>>;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;

/** One value in COPY's text format. */
function copyText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return '\\N';
    default:
      if (value === null) return '\\N';
      if (value instanceof Date) return value.toISOString();
      return copyText(JSON.stringify(value));
  }
}

const lines = <R>(rows: readonly R[], cells: (row: R) => unknown[]) =>
  rows.map((r) => `${cells(r).map(copyText).join('\t')}\n`).join('');

/** The held time as a range literal: tstzrange(from, to, '[)') in text. */
const during = (r: ScheduleRow) => `[${r.from.toISOString()},${r.to.toISOString()})`;

class CopyIn {
  private stream: Writable | undefined;
  private done: Promise<void> | undefined;

  constructor(
    private readonly connection: Reserved,
    private readonly table: string,
  ) {}

  async write(columns: readonly string[], text: string): Promise<void> {
    if (!this.stream) {
      const list = columns.map((c) => `"${c}"`).join(', ');
      this.stream = await this.connection.unsafe(`COPY ${SHADOW_SCHEMA}.${this.table} (${list}) FROM STDIN`).writable();
      this.done = finished(this.stream);
      this.done.catch(() => {}); // awaited by end(); a failure also fails the next write
    }
    if (!this.stream.write(text)) await Promise.race([once(this.stream, 'drain'), this.done]);
  }

  async end(): Promise<void> {
    if (!this.stream) return;
    this.stream.end();
    await this.done;
  }
}

export interface ShadowLoad {
  write: (rows: ReadModelRows) => Promise<void>;
  /** Ends both COPY statements (their rows are then committed) and gives the connections back. */
  end: () => Promise<void>;
  /** Gives the connections back after a failure; the COPY statements roll back with them. */
  abort: () => void;
}

export async function openShadowLoad(sql: Sql): Promise<ShadowLoad> {
  const connections = [await sql.reserve(), await sql.reserve()] as const;
  const bookings = new CopyIn(connections[0], 'bookings');
  const schedule = new CopyIn(connections[1], 'barber_schedule');
  let released = false;
  // once: a failed end() has given them back before the caller's abort()
  const release = () => {
    if (!released) connections.forEach((c) => c.release());
    released = true;
  };
  return {
    write: async (rows) => {
      if (rows.bookings.length === 0) return;
      // The row's keys are the columns the projection's INSERT names: any other column takes its default.
      const columns = Object.keys(rows.bookings[0]!);
      await Promise.all([
        bookings.write(
          columns,
          lines(rows.bookings, (r) => columns.map((c) => r[c as keyof typeof r])),
        ),
        rows.schedule.length === 0
          ? null
          : schedule.write(
              ['booking_id', 'barber_id', 'during'],
              lines(rows.schedule, (r) => [r.booking_id, r.barber_id, during(r)]),
            ),
      ]);
    },
    end: async () => {
      try {
        await Promise.all([bookings.end(), schedule.end()]);
      } finally {
        release();
      }
    },
    abort: release,
  };
}
