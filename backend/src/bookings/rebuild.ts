import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import { BOOKING_STREAM_PREFIX } from './projections';
import { groupByStream, readModelRowsOf, REPLAYED_EVENT_COLUMNS, type ReplayedEvent } from './readModelRows';
import {
  completeShadowTables,
  createShadowTables,
  dropShadowTables,
  indexShadowTables,
  liveSchema,
  READ_MODEL_TABLES,
  swapShadowTables,
  writeAside,
} from './shadowTables';
import { openShadowLoad } from './shadowLoad';

/*
 * Rebuilds `bookings` and `barber_schedule` from the event log without stopping the commands:
 *  1. under one REPEATABLE READ snapshot, stream every booking stream (one reserved connection reads by
 *     cursor) and load their rows into empty copies aside (one COPY per table on connections of their
 *     own, one batch in flight while the next is read and folded);
 *  2. give the copies the live tables' triggers, then replay again, still aside and unlocked, the streams
 *     that commands changed since the snapshot;
 *  3. lock the live tables, replay the streams committed since the second snapshot, and swap the copies in.
 * Only step 3 locks; a command that meanwhile touches the read models waits for it (at most the lock
 * timeout while the lock is queued, then the swap itself) and goes on against the new tables.
 */

const BATCH = 2000;
/** Only one rebuild at a time: the copies live in one schema. */
const REBUILD_LOCK = 'booking-read-model-rebuild';
const SWAP_LOCK_TIMEOUT = '500ms';
const SWAP_ATTEMPTS = 40;

export interface RebuildOptions {
  /** Events fetched per cursor round trip. */
  batchSize?: number;
  /** Called after each batch is handed to the writer, while the snapshot's cursor is open (tests pause here). */
  onBatch?: (progress: { streams: number; events: number }) => Promise<void> | void;
  /** Called holding the swap lock, before the last catch-up (tests start a command that must wait here). */
  onLocked?: () => Promise<void> | void;
}

export interface RebuildResult {
  /** Booking streams replayed, and the events they hold. */
  streams: number;
  events: number;
  /** Streams replayed again because commands changed them during the rebuild. */
  caughtUp: number;
  /** How long commands touching the read models had to wait (ms). */
  lockedMs: number;
  /** Tries the swap needed: it gives way, and tries again, when its lock waits longer than a moment. */
  swapAttempts: number;
  /** Milliseconds of each step: the snapshot's replay, the copies' triggers, the unlocked catch-up, the swap (lock wait included). */
  timings: { replay: number; triggers: number; catchUp: number; swap: number };
}

/** Events per stream replayed: a stream replayed again counts once, with its new length. */
type Tally = Map<string, number>;

type Reserved = Awaited<ReturnType<Sql['reserve']>>;

/** `sql` needs three connections or more: one reads the log, two load the copies. */
export async function rebuildReadModels(sql: Sql, options: RebuildOptions = {}): Promise<RebuildResult> {
  // Fewer would wait forever on the third reservation.
  if (sql.options.max < 3) throw new AppError('INTERNAL', 'The rebuild needs a pool of at least three connections.');
  const reader = await sql.reserve();
  const tally: Tally = new Map();
  let built = false;
  try {
    const [lock] = await reader<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(hashtext(${REBUILD_LOCK})) AS ok`;
    if (!lock!.ok) throw new AppError('CONFLICT', 'Another rebuild of the booking read models is running.');
    try {
      let mark = performance.now();
      const lap = () => -mark + (mark = performance.now());
      const schema = await liveSchema(sql);
      await createShadowTables(sql);
      await indexShadowTables(sql);
      const first = await replaySnapshot(reader, sql, tally, options);
      const replay = lap();
      await completeShadowTables(sql);
      const triggers = lap();
      const early = await sql.begin('isolation level repeatable read', async (tx) => {
        const [row] = await tx<{ snapshot: string }[]>`SELECT pg_current_snapshot()::text AS snapshot`;
        return { snapshot: row!.snapshot, streams: await catchUp(tx, first, tally) };
      });
      const caughtUp = lap();
      const swap = await swapIn(sql, schema, early.snapshot, tally, options);
      built = true;
      const events = [...tally.values()].reduce((a, b) => a + b, 0);
      return {
        streams: tally.size,
        events,
        caughtUp: early.streams + swap.streams,
        lockedMs: swap.lockedMs,
        swapAttempts: swap.attempts,
        timings: { replay, triggers, catchUp: caughtUp, swap: lap() },
      };
    } finally {
      if (!built) await dropShadowTables(sql).catch(() => {});
      await reader`SELECT pg_advisory_unlock(hashtext(${REBUILD_LOCK}))`;
    }
  } finally {
    reader.release();
  }
}

/**
 * Step 1: reads the log on the reserved connection, and loads the copies on two others, so that the
 * cursor never waits behind its own writes. Rows are computed while the previous batch is being
 * written. Answers the snapshot the rows were read in.
 */
async function replaySnapshot(reader: Reserved, sql: Sql, tally: Tally, options: RebuildOptions): Promise<string> {
  const load = await openShadowLoad(sql);
  await reader`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`;
  try {
    const [row] = await reader<{ snapshot: string }[]>`SELECT pg_current_snapshot()::text AS snapshot`;
    const cursor = reader
      .unsafe<ReplayedEvent[]>(
        `SELECT ${REPLAYED_EVENT_COLUMNS} FROM events WHERE stream_id LIKE $1 ORDER BY stream_id, stream_version`,
        [`${BOOKING_STREAM_PREFIX}%`],
      )
      .cursor(options.batchSize ?? BATCH);
    let writing: Promise<void> = Promise.resolve();
    let open: ReplayedEvent[] = [];
    let read = 0;
    const hand = async (streams: ReplayedEvent[][]) => {
      const rows = readModelRowsOf(streams);
      for (const s of streams) tally.set(s[0]!.streamId, s.length);
      await writing;
      writing = load.write(rows);
      writing.catch(() => {}); // awaited before the next write or at the end
    };
    for await (const events of fetchingAhead(cursor)) {
      read += events.length;
      const streams = groupByStream([...open, ...events]);
      // The last stream may go on in the next batch.
      open = streams.pop() ?? [];
      await hand(streams);
      await options.onBatch?.({ streams: tally.size, events: read });
    }
    if (open.length > 0) await hand([open]);
    await writing;
    await load.end();
    await reader`COMMIT`;
    return row!.snapshot;
  } catch (error) {
    load.abort();
    await reader`ROLLBACK`.catch(() => {});
    throw error;
  }
}

/** The batches of a cursor, each next one asked for as soon as one arrives: Postgres reads while Node folds. */
async function* fetchingAhead<T>(batches: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const batch = await next;
      if (batch.done) return;
      next = iterator.next();
      next.catch(() => {}); // awaited at the top of the loop
      yield batch.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Replays aside, again and whole, every booking stream with events the snapshot did not see. */
async function catchUp(tx: Tx, snapshot: string, tally: Tally): Promise<number> {
  const events = await tx.unsafe<ReplayedEvent[]>(
    `SELECT ${REPLAYED_EVENT_COLUMNS} FROM events
      WHERE stream_id IN (SELECT stream_id FROM events
                           WHERE transaction_id >= pg_snapshot_xmin($2::pg_snapshot)
                             AND NOT pg_visible_in_snapshot(transaction_id, $2::pg_snapshot)
                             AND stream_id LIKE $1)
      ORDER BY stream_id, stream_version`,
    [`${BOOKING_STREAM_PREFIX}%`, snapshot],
  );
  const streams = groupByStream(events);
  for (const s of streams) tally.set(s[0]!.streamId, s.length);
  await writeAside(tx, readModelRowsOf(streams), { replace: true });
  return streams.length;
}

/**
 * Step 3. A lock queued behind a command that itself waits on the other table would deadlock: the lock
 * gives up after a moment and the whole swap is tried again, so the command always wins.
 */
async function swapIn(sql: Sql, schema: string, snapshot: string, tally: Tally, options: RebuildOptions) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sql
        .begin(async (tx) => {
          await tx.unsafe(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT}'`);
          await tx.unsafe(
            `LOCK TABLE ${READ_MODEL_TABLES.map((t) => `${schema}.${t}`).join(', ')} IN ACCESS EXCLUSIVE MODE`,
          );
          const locked = performance.now();
          await options.onLocked?.();
          const streams = await catchUp(tx, snapshot, tally);
          await swapShadowTables(tx, schema);
          return { streams, locked };
        })
        .then(({ streams, locked }) => ({ streams, lockedMs: performance.now() - locked, attempts: attempt }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= SWAP_ATTEMPTS || (code !== '55P03' && code !== '40P01')) throw error;
      await sleep(50 * Math.min(attempt, 10));
    }
  }
}
