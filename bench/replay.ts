import { performance } from 'node:perf_hooks';
import {
  groupByStream,
  readModelRowsOf,
  REPLAYED_EVENT_COLUMNS,
  type ReplayedEvent,
} from '../backend/src/bookings/readModelRows';
import { rebuildReadModels } from '../backend/src/bookings/rebuild';
import { projectEveryStream, seedBookingLog } from '../backend/src/bookings/syntheticLog';
import { connect, type Sql } from '../backend/src/db/connect';
import { freshDatabase, log, median, type BenchModule } from './kit';

/*
 * npm run rebuild at volume: 100,000 booking events (20,000 bookings of five events) written straight
 * into the log, their read models written by the inline projection (writeBookingProjection), then in
 * alternated rounds: the plain ordered read of the same events through the same driver and cursor
 * (the anchor), and the whole rebuild (read, fold, load aside, catch up, swap). After every rebuild the
 * tables must equal the projection's: row counts and md5 of every row in order.
 */
const BOOKINGS = 20_000;
const ROUNDS = 5;
const CURSOR_BATCH = 2000;

const rate = (events: number, ms: number) => (events / ms) * 1000;
const fmt = (v: number) => `${Math.round(v).toLocaleString('en-US')} events/s`;

async function plainRead(sql: Sql): Promise<number> {
  const reader = await sql.reserve();
  try {
    let n = 0;
    const cursor = reader
      .unsafe<ReplayedEvent[]>(
        `SELECT ${REPLAYED_EVENT_COLUMNS} FROM events WHERE stream_id LIKE 'booking-%' ORDER BY stream_id, stream_version`,
      )
      .cursor(CURSOR_BATCH);
    for await (const rows of cursor) n += rows.length;
    return n;
  } finally {
    reader.release();
  }
}

async function checksum(sql: Sql): Promise<string> {
  const [row] = await sql<{ sum: string }[]>`
    SELECT (SELECT count(*) || ':' || md5(string_agg(b::text, '|' ORDER BY b.id)) FROM bookings b) || ' / ' ||
           (SELECT count(*) || ':' || md5(string_agg(s::text, '|' ORDER BY s.booking_id)) FROM barber_schedule s) AS sum`;
  return row!.sum;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export const replayBench: BenchModule = {
  name: 'replay',
  run: async () => {
    const db = await freshDatabase('replay');
    // One connection reads, the others write (as npm run rebuild), one spare for the checks.
    const sql = connect(db.url, { max: 4 });
    try {
      const seeded = await timed(() => seedBookingLog(sql, BOOKINGS));
      const events = seeded.value;
      const projected = await timed(() => projectEveryStream(sql));
      log(`replay: ${events} events seeded in ${seeded.ms.toFixed(0)} ms, projected in ${projected.ms.toFixed(0)} ms`);
      await sql`VACUUM ANALYZE events`;
      const expected = await checksum(sql);

      // The pure part alone (type check, fold, rows), on events already in memory.
      const all = await sql.unsafe<ReplayedEvent[]>(
        `SELECT ${REPLAYED_EVENT_COLUMNS} FROM events ORDER BY stream_id, stream_version`,
      );
      const pure = await timed(async () => readModelRowsOf(groupByStream(all)));

      await plainRead(sql); // warm-up
      const anchors: number[] = [];
      const ours: number[] = [];
      const locks: number[] = [];
      const steps: { replay: number; triggers: number; catchUp: number; swap: number }[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const read = await timed(() => plainRead(sql));
        if (read.value !== events) throw new Error(`plain read saw ${read.value} of ${events} events`);
        anchors.push(rate(events, read.ms));
        const rebuilt = await timed(() => rebuildReadModels(sql, { batchSize: CURSOR_BATCH }));
        if (rebuilt.value.events !== events)
          throw new Error(`rebuild replayed ${rebuilt.value.events} of ${events} events`);
        const got = await checksum(sql);
        if (got !== expected) throw new Error(`rebuilt tables differ from the projection's: ${got} vs ${expected}`);
        ours.push(rate(events, rebuilt.ms));
        locks.push(rebuilt.value.lockedMs);
        steps.push(rebuilt.value.timings);
        log(
          `replay: round ${round}: rebuild ${fmt(ours.at(-1)!)} (${rebuilt.ms.toFixed(0)} ms: ${JSON.stringify(rebuilt.value.timings, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}, swap lock ${rebuilt.value.lockedMs.toFixed(0)} ms) vs plain read ${fmt(anchors.at(-1)!)}`,
        );
      }
      const ratio = median(ours) / median(anchors);
      const step = (key: keyof (typeof steps)[number]) => `${median(steps.map((s) => s[key])).toFixed(0)} ms`;
      return {
        rows: [
          {
            figure: 'Replay of 100,000 events (events/s)',
            ours: fmt(median(ours)),
            anchor: `plain ordered read of the same events, same driver and cursor: ${fmt(median(anchors))}`,
            ratio,
            goal: '≥ 0.25x',
            met: ratio >= 0.25,
            note: `median of ${ROUNDS} alternated rounds; rebuilt tables equal the projection's (${expected}); commands waited ${median(locks).toFixed(0)} ms for the swap`,
          },
        ],
        details: [
          `${BOOKINGS.toLocaleString('en-US')} bookings of five events each, inserted by one INSERT ... SELECT; the read models written by`,
          'the inline projection (`writeBookingProjection`, 500 streams a transaction) are the reference: after each rebuild, counts and',
          'md5 of every row of `bookings` and `barber_schedule` in order must equal them. The anchor reads the same columns the rebuild',
          `reads (stream, version, type, data, time), by the same cursor (${CURSOR_BATCH.toLocaleString('en-US')} rows a fetch) on a reserved connection.`,
          '',
          'The rebuild reads in one REPEATABLE READ snapshot, asking for the next batch while it folds the current one with the pure',
          '`bookingRowOf`, and loads the rows into copies of the tables aside by one COPY per table on two other connections (one',
          'statement, one commit each: committing every batch cost more than the whole fold); then gives the copies the live',
          'triggers, replays the streams changed meanwhile, and swaps the copies in under a lock.',
          `Median steps: replay ${step('replay')}, triggers ${step('triggers')}, catch-up ${step('catchUp')}, swap ${step('swap')} (commands wait only during the swap).`,
          `The pure fold alone (each event's type checked, fold, rows, held ranges; one cold run) takes ${pure.ms.toFixed(0)} ms for the ${events.toLocaleString('en-US')} events`,
          `(${fmt(rate(events, pure.ms))}); a CPU profile of the replay shows it, the driver's row parsing, garbage collection and the COPY`,
          'text about equally, with Postgres loading the copies on the other core meanwhile.',
        ].join('\n'),
      };
    } finally {
      await sql.end({ timeout: 2 });
      await db.drop();
    }
  },
};
