import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect';
import { createTestDatabase, type TestDatabase } from '../test/context';
import { executeCommand } from './command';
import { appendToStream, readAfter, readStream } from './store';
import { EventTailer } from './tailer';
import { START, type StoredEvent } from './types';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const ev = (type: string, n = 0) => ({ type, data: { n } });
/** A projection that writes nothing and answers the given id. */
const answerWith = (id: string) => (sql: Sql) => sql`answer AS (SELECT ${id}::text AS id)`;

describe('event store', () => {
  it('appends with the expected version and reads the stream back in order', async () => {
    await db.sql.begin((tx) => appendToStream(tx, 's-order', 0, [ev('a'), ev('b')]));
    await db.sql.begin((tx) => appendToStream(tx, 's-order', 2, [ev('c')]));
    const events = await readStream(db.sql, 's-order');
    expect(events.map((e) => [e.type, e.streamVersion])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('stores the data and metadata of one appended event and metadata as json objects, not as encoded strings', async () => {
    await appendToStream(db.sql, 's-json', 0, [{ type: 'a', data: { n: 1, text: 'x' } }], { actorRole: 'system' });
    const [row] = await db.sql<{ data: string; metadata: string }[]>`
      SELECT jsonb_typeof(data) AS data, jsonb_typeof(metadata) AS metadata FROM events WHERE stream_id = 's-json'`;
    expect(row).toEqual({ data: 'object', metadata: 'object' });
    const [event] = await readStream(db.sql, 's-json');
    expect([event!.data, event!.metadata]).toEqual([{ n: 1, text: 'x' }, { actorRole: 'system' }]);
  });

  it('keeps the indexes its readers and its rules use: the tail cursor as primary key, the stream version, the event id, the audience, refunds, refusals', async () => {
    const indexes = await db.sql<{ name: string; definition: string }[]>`
      SELECT indexname AS name, regexp_replace(indexdef, '^.* USING ', '') AS definition
        FROM pg_indexes WHERE tablename = 'events' ORDER BY indexname`;
    expect(indexes).toEqual([
      {
        name: 'events_audience',
        definition:
          "gin (((metadata -> 'audience'::text)) jsonb_path_ops) WITH (fastupdate='on', gin_pending_list_limit='1024')",
      },
      { name: 'events_event_id_unique', definition: 'btree (event_id)' },
      { name: 'events_pkey', definition: 'btree (transaction_id, global_position)' },
      // partial: only refusals of refunds enter it (the refund sweep asks of each booking owed, migration 039)
      { name: 'events_refund_failed', definition: "btree (stream_id) WHERE (type = 'refundFailed'::text)" },
      // partial: only refunds enter it (the sweeper's question to Stripe about unsettled ones, migration 030)
      { name: 'events_refunds', definition: "btree (recorded_at) WHERE (type = 'refunded'::text)" },
      { name: 'events_stream_version_unique', definition: 'btree (stream_id, stream_version)' },
    ]);
  });

  it('refuses an append at a stale version with VERSION_CONFLICT', async () => {
    await db.sql.begin((tx) => appendToStream(tx, 's-stale', 0, [ev('a')]));
    await expect(db.sql.begin((tx) => appendToStream(tx, 's-stale', 0, [ev('b')]))).rejects.toMatchObject({
      code: 'VERSION_CONFLICT',
      status: 409,
    });
  });

  it('lets exactly one of two concurrent writers at the same version win', async () => {
    await db.sql.begin((tx) => appendToStream(tx, 's-race', 0, [ev('created')]));
    // Both have read the stream before either appends, however long a connection takes to open:
    // a sleep instead of this barrier let a slow second connection read after the first commit.
    let arrived = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((r) => (bothRead = r));
    const results = await Promise.allSettled(
      [1, 2].map((n) =>
        db.sql.begin(async (tx) => {
          const history = await readStream(tx, 's-race');
          if (++arrived === 2) bothRead();
          await barrier;
          return appendToStream(tx, 's-race', history.length, [ev('changed', n)]);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(await readStream(db.sql, 's-race')).toHaveLength(2);
  });

  it('never lets a tailer skip an event whose transaction commits late', async () => {
    const seen: StoredEvent[] = [];
    const tailer = new EventTailer(db.sql, (batch) => void seen.push(...batch), { pollMs: 50 });
    await tailer.start();
    const mine = (e: StoredEvent) => e.streamId.startsWith('late-');

    // Writer A takes its global position first and holds its transaction open.
    let releaseA!: () => void;
    const aHolding = new Promise<void>((r) => (releaseA = r));
    let aAppended!: () => void;
    const aDidAppend = new Promise<void>((r) => (aAppended = r));
    const writerA = db.sql.begin(async (tx) => {
      await appendToStream(tx, 'late-a', 0, [ev('slow')]);
      aAppended();
      await aHolding;
    });
    await aDidAppend;
    // Writer B takes a later position and commits first.
    await db.sql.begin((tx) => appendToStream(tx, 'late-b', 0, [ev('fast')]));
    await tailer.wake();
    await new Promise((r) => setTimeout(r, 150));
    // B is held back while A is open: reading past it now would skip A for ever.
    expect(seen.filter(mine)).toHaveLength(0);

    releaseA();
    await writerA;
    await expect
      .poll(() => seen.filter(mine).map((e) => e.streamId), { timeout: 10_000 })
      .toEqual(['late-a', 'late-b']);
    const [a, b] = seen.filter(mine);
    expect(BigInt(a!.globalPosition) < BigInt(b!.globalPosition)).toBe(true);
    await tailer.stop();
  });

  it('reads the whole log from the start in commit-safe order', async () => {
    const all = await readAfter(db.sql, START, 10_000);
    const positions = all.map((e) => BigInt(e.globalPosition));
    expect(new Set(positions).size).toBe(positions.length);
    expect(all.length).toBeGreaterThanOrEqual(5);
  });

  it('returns the stored answer for a retried idempotent command and appends nothing new', async () => {
    let decisions = 0;
    const run = (streamId: string) =>
      executeCommand(db.sql, {
        streamId,
        idempotencyKey: 'create:user1:key-123',
        answer: (row) => ({ id: row.id as string }),
        decide: () => {
          decisions += 1;
          return { events: [ev('created')], project: answerWith(streamId) };
        },
      });
    const first = await run('idem-1');
    const retry = await run('idem-2');
    expect(retry).toEqual(first);
    expect(decisions).toBe(1);
    expect(await readStream(db.sql, 'idem-2')).toHaveLength(0);

    // Concurrent retries: one stream only.
    const racing = await Promise.all(
      ['r1', 'r2', 'r3'].map((s) =>
        executeCommand(db.sql, {
          streamId: `idem-race-${s}`,
          idempotencyKey: 'create:user1:race',
          answer: (row) => ({ id: row.id as string }),
          decide: () => ({ events: [ev('created')], project: answerWith(s) }),
        }),
      ),
    );
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    const [countRow] = await db.sql<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM events WHERE stream_id LIKE 'idem-race-%'`;
    expect(countRow!.count).toBe(1);
  });

  it('runs a command again after a deadlock or serialization failure, and appends once', async () => {
    // A projection that fails like a deadlock on its first run only (a sequence survives the rollback).
    await db.sql.unsafe(`
      CREATE SEQUENCE deadlock_once;
      CREATE FUNCTION deadlock_once() RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('deadlock_once') = 1 THEN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END IF;
        RETURN 1;
      END $$;`);
    let decisions = 0;
    const answer = await executeCommand(db.sql, {
      streamId: 'deadlock-1',
      answer: (row) => ({ id: row.id as string }),
      decide: () => {
        decisions += 1;
        return {
          events: [ev('created')],
          project: (sql: Sql) => sql`answer AS (SELECT 'deadlock-1'::text AS id, deadlock_once() AS once)`,
        };
      },
    });
    expect(answer).toEqual({ id: 'deadlock-1' });
    expect(decisions).toBe(2);
    expect(await readStream(db.sql, 'deadlock-1')).toHaveLength(1);
  });
});
