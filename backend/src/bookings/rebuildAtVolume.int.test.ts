import { bookingStreamId } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { readStream } from '../eventstore/store';
import { writeBookingProjection } from './projections';
import { rebuildReadModels } from './rebuild';
import { projectEveryStream, seedBookingLog } from './syntheticLog';
import { bookableBarber, bookingBody, signedIn, type Person } from './testkit';

/*
 * The rebuild at volume: 20,000 events read in 10 cursor batches, and commands running during it.
 * (The rebuild this replaced hung here: its cursor and its writes shared one transaction connection.)
 */

const t = useTestApp();
const BOOKINGS = 4000;
// Each test waits on a rebuild that must finish; a hang fails it instead of holding the file.
const REBUILD_TIMEOUT = 60_000;

async function snapshot() {
  const bookings = await t.db.sql`SELECT * FROM bookings ORDER BY id`;
  const schedule = await t.db
    .sql`SELECT booking_id, barber_id, during::text AS during FROM barber_schedule ORDER BY booking_id`;
  return { bookings: bookings.map((r) => ({ ...r })), schedule: schedule.map((r) => ({ ...r })) };
}

/** Every index, constraint, trigger and statistics object of the read models, by name and definition. */
async function shape() {
  const indexes = await t.db.sql`
    SELECT tablename, indexname, indexdef FROM pg_indexes WHERE tablename IN ('bookings', 'barber_schedule') ORDER BY indexname`;
  const constraints = await t.db.sql`
    SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid IN ('bookings'::regclass, 'barber_schedule'::regclass) ORDER BY conname`;
  const triggers = await t.db.sql`
    SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
     WHERE tgrelid IN ('bookings'::regclass, 'barber_schedule'::regclass) AND NOT tgisinternal ORDER BY tgname`;
  const statistics = await t.db.sql`
    SELECT stxname, pg_get_statisticsobjdef(oid) AS def FROM pg_statistic_ext
     WHERE stxrelid IN ('bookings'::regclass, 'barber_schedule'::regclass) ORDER BY stxname`;
  expect(statistics.length).toBeGreaterThan(0);
  return {
    indexes: indexes.map((r) => ({ ...r })),
    constraints: constraints.map((r) => ({ ...r })),
    triggers: triggers.map((r) => ({ ...r })),
    statistics: statistics.map((r) => ({ ...r })),
  };
}

async function listingVersions(): Promise<Map<number, bigint>> {
  const rows = await t.db.sql<
    { barber: number; version: bigint }[]
  >`SELECT barber_id AS barber, version FROM barber_listings`;
  return new Map(rows.map((r) => [r.barber, BigInt(r.version)]));
}

/** A confirmed (live) synthetic booking of the second story: cancelling it must take its schedule row away. */
async function liveConfirmedBooking(offset: number): Promise<string> {
  const [row] = await t.db.sql<{ id: string }[]>`
    SELECT id FROM bookings WHERE status = 'confirmed' AND barber_notes IS NOT NULL ORDER BY id OFFSET ${offset} LIMIT 1`;
  return row!.id;
}

/** An admin cancels a booking through the API (the barber's details dialog). */
async function cancelAsAdmin(admin: Person, bookingId: string) {
  const res = await admin.client.put(`/api/bookings/${bookingId}/update`, {
    status: 'cancelled',
    cancellationReason: 'Barber unavailable',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Until some session of this database waits on a lock. */
async function someoneWaitsOnALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('No command came to wait on the swap lock');
}

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  await seedBookingLog(t.db.sql, BOOKINGS);
  await projectEveryStream(t.db.sql);
}, 60_000);

describe('rebuilding the booking read models at volume', () => {
  it(
    'replays 20,000 events into exactly the rows, indexes, constraints and triggers the projection and migrations made',
    async () => {
      const before = await snapshot();
      const shapeBefore = await shape();
      expect(before.bookings).toHaveLength(BOOKINGS);
      expect(before.schedule.length).toBeGreaterThan(BOOKINGS / 3);
      await t.db.sql`UPDATE bookings SET status = 'pending', total_cents = 1 WHERE status = 'completed'`;
      await t.db.sql`DELETE FROM barber_schedule WHERE barber_id = 3`;
      await t.db.sql`DELETE FROM bookings WHERE status = 'no_show'`;
      const versions = await listingVersions();

      const result = await rebuildReadModels(t.db.sql);
      expect(result).toMatchObject({ streams: BOOKINGS, events: BOOKINGS * 5, caughtUp: 0 });
      expect(await snapshot()).toEqual(before);
      expect(await shape()).toEqual(shapeBefore);
      const [left] = await t.db.sql`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'booking_rebuild'`;
      expect(left!.n).toBe(0);
      // The held time of every barber changed under the listings' triggers: each listing is due a rebuild.
      const after = await listingVersions();
      const barbers = [...new Set(before.schedule.map((r) => r.barber_id as number))];
      expect(barbers.length).toBeGreaterThan(10);
      for (const barber of barbers)
        expect(after.get(barber)! > versions.get(barber)!, `listing of barber ${barber}`).toBe(true);
    },
    REBUILD_TIMEOUT,
  );

  it(
    'lets commands run while it reads the log, and keeps what they wrote',
    async () => {
      const barber = await bookableBarber(t);
      const customer = await signedIn(t, 'customer');
      const admin = await signedIn(t, 'admin');
      const cancelled = await liveConfirmedBooking(0);
      let expected: Awaited<ReturnType<typeof snapshot>> | undefined;
      let batchesSeen = 0;

      const result = await rebuildReadModels(t.db.sql, {
        onBatch: async ({ events }) => {
          batchesSeen += 1;
          if (batchesSeen !== 2) return;
          expect(events).toBeLessThan(BOOKINGS * 5);
          // Half way through the log: a new booking, and a cancellation that frees a held slot.
          const created = await customer.client.post('/api/bookings', bookingBody(barber, { startTime: '10:00' }));
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          await cancelAsAdmin(admin, cancelled);
          expected = await snapshot();
        },
      });

      expect(batchesSeen).toBeGreaterThan(2);
      expect(expected!.bookings).toHaveLength(BOOKINGS + 1);
      expect(expected!.schedule.some((r) => r.booking_id === cancelled)).toBe(false);
      expect(result.caughtUp).toBe(2);
      expect(await snapshot()).toEqual(expected);
    },
    REBUILD_TIMEOUT,
  );

  it(
    'gives way to a transaction that holds the tables, instead of queuing every command behind it',
    async () => {
      const before = await snapshot();
      const blocker = await t.db.sql.reserve();
      try {
        await blocker`BEGIN`;
        await blocker`UPDATE bookings SET notes = notes WHERE id = ${before.bookings[0]!.id as string}`;
        const rebuilding = rebuildReadModels(t.db.sql);
        rebuilding.catch(() => {});
        await someoneWaitsOnALock();
        // Longer than the swap's lock timeout: it must give up at least once meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await blocker`COMMIT`;
        const result = await rebuilding;
        expect(result.swapAttempts).toBeGreaterThan(1);
      } finally {
        blocker.release();
      }
      expect(await snapshot()).toEqual(before);
    },
    REBUILD_TIMEOUT,
  );

  it(
    'makes a command that comes during the swap wait for it, then write into the new tables',
    async () => {
      const admin = await signedIn(t, 'admin');
      const cancelled = await liveConfirmedBooking(1);
      let waiting: Promise<unknown> | undefined;

      await rebuildReadModels(t.db.sql, {
        onLocked: async () => {
          waiting = cancelAsAdmin(admin, cancelled);
          waiting.catch(() => {});
          await someoneWaitsOnALock();
        },
      });
      await waiting;

      const rebuilt = await snapshot();
      expect(rebuilt.bookings.find((b) => b.id === cancelled)).toMatchObject({
        status: 'cancelled',
        cancellation_reason: 'Barber unavailable',
      });
      expect(rebuilt.schedule.some((r) => r.booking_id === cancelled)).toBe(false);
      // Projecting its stream again changes nothing: the command's write was not lost with the old tables.
      await t.db.sql.begin(async (tx) => writeBookingProjection(tx, await readStream(tx, bookingStreamId(cancelled))));
      expect(await snapshot()).toEqual(rebuilt);
    },
    REBUILD_TIMEOUT,
  );
});
