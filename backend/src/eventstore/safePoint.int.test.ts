import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connect } from '../db/connect';
import { withDatabase } from '../test/globalSetup';
import { createTestDatabase, type TestDatabase } from '../test/context';
import { appendToStream } from './store';
import { EventTailer, headCursor } from './tailer';
import type { StoredEvent } from './types';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const ev = (type: string) => ({ type, data: {} });

/** A tailer collecting what it reads, stopped after the test. */
async function startTailer(options: { delayWarningMs?: number } = {}) {
  const seen: StoredEvent[] = [];
  const tailer = new EventTailer(db.sql, (batch) => void seen.push(...batch), { pollMs: 50, ...options });
  await tailer.start();
  return { tailer, streams: () => seen.map((e) => e.streamId) };
}

/** Holds a transaction open, after it took a transaction id, until released. */
function holdOpenTransaction(
  begin: (body: (tx: { unsafe: (q: string) => Promise<unknown> }) => Promise<void>) => Promise<unknown>,
) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const isHolding = new Promise<void>((r) => (holding = r));
  const done = begin(async (tx) => {
    await tx.unsafe('SELECT pg_current_xact_id()');
    holding();
    await released;
  });
  return { isHolding, release: async () => (release(), await done) };
}

describe('safe point', () => {
  it('is not held back by a write transaction left open in another database of the same server', async () => {
    const base = inject('pgUrl');
    const otherName = `barber_other_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = connect(withDatabase(base, 'postgres'), { max: 1 });
    await admin.unsafe(`CREATE DATABASE ${otherName}`);
    const other = connect(withDatabase(base, otherName), { max: 1 });
    const { tailer, streams } = await startTailer();
    const open = holdOpenTransaction((body) => other.begin(body));
    try {
      await open.isHolding;
      // Taken after the other database's transaction: that one is older, and it stays open.
      await db.sql.begin((tx) => appendToStream(tx, `elsewhere-${otherName}`, 0, [ev('written')]));
      await expect.poll(streams, { timeout: 2000 }).toContain(`elsewhere-${otherName}`);
      const head = await headCursor(db.sql);
      expect(head).toEqual({ transactionId: expect.any(String), globalPosition: expect.any(BigInt) });
      const [last] = await db.sql<{ transactionId: string }[]>`
        SELECT transaction_id::text AS "transactionId" FROM events WHERE stream_id = ${`elsewhere-${otherName}`}`;
      expect(head.transactionId).toBe(last!.transactionId);
    } finally {
      await open.release();
      await tailer.stop();
      await other.end({ timeout: 1 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${otherName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('is held back by a transaction of this database, and reports the lag until it ends', async () => {
    const { tailer, streams } = await startTailer({ delayWarningMs: 100 });
    const open = holdOpenTransaction((body) => db.sql.begin(body));
    try {
      await open.isHolding;
      await db.sql.begin((tx) => appendToStream(tx, 'held-back', 0, [ev('written')]));
      await expect
        .poll(() => tailer.status(), { timeout: 3000 })
        .toMatchObject({
          delayed: true,
          behindEvents: 1,
          oldestBlockingXactAgeMs: expect.any(Number),
          consecutiveFailures: 0,
        });
      expect(streams()).not.toContain('held-back');

      await open.release();
      await expect.poll(streams, { timeout: 3000 }).toContain('held-back');
      await expect
        .poll(() => tailer.status(), { timeout: 3000 })
        .toMatchObject({ delayed: false, behindEvents: 0, oldestBlockingXactAgeMs: null });
    } finally {
      await open.release();
      await tailer.stop();
    }
  });

  it('gets moving again when a transaction left idle in this database is ended by the idle timeout', async () => {
    const stuckClient = connect(db.url, { max: 1, idleInTransactionTimeoutMs: 300 });
    const { tailer, streams } = await startTailer();
    try {
      // One connection, so a bare BEGIN is allowed (not sql.reserve(): porsager/postgres#1208 crashes on a
      // reserved connection the server ended). The transaction takes an id and is then left idle.
      await stuckClient`BEGIN`;
      const [{ pid }] = (await stuckClient`SELECT pg_backend_pid() AS pid`) as unknown as [{ pid: number }];
      await appendToStream(stuckClient, 'stuck-before', 0, [ev('never committed')]);
      await db.sql.begin((tx) => appendToStream(tx, 'stuck-after', 0, [ev('written')]));

      await expect.poll(streams, { timeout: 5000 }).toContain('stuck-after');
      expect(streams()).not.toContain('stuck-before');
      const [session] = await db.sql<
        { count: number }[]
      >`SELECT count(*)::int AS count FROM pg_stat_activity WHERE pid = ${pid}`;
      expect(session!.count).toBe(0);
    } finally {
      await tailer.stop();
      await stuckClient.end({ timeout: 1 });
    }
  });

  it('counts failed passes, logs each of them, and clears the count when a pass succeeds again', async () => {
    const logged: string[] = [];
    let failing = true;
    const tailer = new EventTailer(
      db.sql,
      () => {
        if (failing) throw new Error('handler down');
      },
      { pollMs: 50, log: { error: (_obj, msg) => void logged.push(msg ?? '') } },
    );
    await db.sql.begin((tx) => appendToStream(tx, 'fails-first', 0, [ev('written')]));
    await tailer.start();
    try {
      await expect.poll(() => tailer.status().consecutiveFailures, { timeout: 3000 }).toBeGreaterThan(1);
      expect(logged.length).toBeGreaterThan(1);
      expect(new Set(logged)).toEqual(new Set(['event tail pass failed; retrying']));
      failing = false;
      await expect.poll(() => tailer.status().consecutiveFailures, { timeout: 3000 }).toBe(0);
    } finally {
      await tailer.stop();
    }
  });
});
