import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/context';
import { appendToStream } from './store';
import { startSubscription, type RunningSubscription } from './subscription';
import { subscriptionLag } from './subscriptionLag';

/*
 * A handler that fails on one event, again and again while the database answers, is the event's fault (a bug it sets
 * off, a newer backend's type): it is set aside and every event behind it is handled; tried again until it goes
 * through. A handler that fails because what it needs is away parks nothing: it waits, in order.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const quiet = { error: () => {}, info: () => {} };

const until = (check: () => Promise<boolean> | boolean, what: string) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`waiting for ${what}`);
    },
    { timeout: 10_000, interval: 20 },
  );

describe('a subscription whose handler fails on one event', () => {
  let running: RunningSubscription | undefined;
  afterAll(async () => running?.stop());

  it('sets it aside after a few failures, handles the events behind it, and handles it once it goes through', async () => {
    const handled: string[] = [];
    let broken = true;
    running = await startSubscription(db.sql, {
      name: 'parking',
      label: 'test subscriber',
      log: quiet,
      pollMs: 20,
      retryMs: 5,
      parkAfter: 3,
      parkedRetryMs: 1_000, // after the first look at the parked row (a retry before it would count a fourth attempt),
      handle: async (event, scope) => {
        if (event.streamId === 'poison-1' && broken) throw new Error('a bug this event sets off');
        handled.push(`${event.streamId}${scope.late ? ' (late)' : ''}`);
      },
    });
    await appendToStream(db.sql, 'poison-1', 0, [{ type: 'written', data: {} }]);
    await appendToStream(db.sql, 'after-1', 0, [{ type: 'written', data: {} }]);

    await until(() => handled.includes('after-1'), 'the event behind the failing one');
    const parked = await db.sql`SELECT error, attempts FROM parked_events WHERE subscription = 'parking'`;
    expect(parked).toEqual([{ error: 'a bug this event sets off', attempts: 3 }]);
    expect(await subscriptionLag(db.sql, 'parking', 60_000)).toMatchObject({ behindEvents: 1 });

    broken = false; // the fix ships
    await until(() => handled.includes('poison-1 (late)'), 'the parked event, tried again (and said to be late)');
    await until(
      async () => (await db.sql`SELECT 1 FROM parked_events WHERE subscription = 'parking'`).length === 0,
      'the parked row to go',
    );
    expect(handled).toEqual(['after-1', 'poison-1 (late)']);
    expect(await subscriptionLag(db.sql, 'parking', 60_000)).toMatchObject({ behindEvents: 0 });
    await running.stop();
    running = undefined;
  });

  it('parks nothing while what the handler needs does not answer, nor for a failure on the tail of it: the events wait, in order', async () => {
    const handled: string[] = [];
    let away = true;
    let tail = 1; // the outage's last gasp: one more failure once everything answers again
    running = await startSubscription(db.sql, {
      name: 'outage',
      label: 'test subscriber',
      log: quiet,
      pollMs: 20,
      retryMs: 5,
      parkAfter: 2,
      parkedRetryMs: 50,
      healthy: async () => !away,
      handle: async (event) => {
        if (away) throw new Error('Redis is away');
        if (tail-- > 0) throw new Error('connection reset');
        handled.push(event.streamId);
      },
    });
    await appendToStream(db.sql, 'waits-1', 0, [{ type: 'written', data: {} }]);
    await appendToStream(db.sql, 'waits-2', 0, [{ type: 'written', data: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await db.sql`SELECT 1 FROM parked_events WHERE subscription = 'outage'`).toEqual([]);
    expect(handled).toEqual([]);

    away = false;
    await until(() => handled.length === 2, 'both events once back');
    expect(handled).toEqual(['waits-1', 'waits-2']);
    expect(await db.sql`SELECT 1 FROM parked_events WHERE subscription = 'outage'`).toEqual([]);
  });
});
