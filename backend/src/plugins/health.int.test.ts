import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../eventstore/store';
import { EventTailer } from '../eventstore/tailer';
import { createTestDatabase, testRedis, type TestDatabase } from '../test/context';
import depsPlugin, { type Deps } from './deps';
import healthPlugin from './health';

let db: TestDatabase;
let redis: Redis;
beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(testRedis().url, { lazyConnect: true });
});
afterAll(async () => {
  await redis.quit();
  await db.drop();
});

describe('/readyz and a live tail whose handler keeps failing', () => {
  it('reports the tail as failing with its failure count and last error, logs each failed pass with a growing wait, and recovers', async () => {
    const logged: { failures: number; retryInMs: number; msg: string }[] = [];
    let failing = true;
    const delivered: string[] = [];
    const tailer = new EventTailer(
      db.sql,
      (events) => {
        if (failing) throw new Error('push handler broke');
        delivered.push(...events.map((e) => e.streamId));
      },
      {
        pollMs: 20,
        log: {
          error: (obj, msg) =>
            void logged.push({ ...(obj as { failures: number; retryInMs: number }), msg: msg ?? '' }),
        },
      },
    );
    const app = Fastify();
    await app.register(depsPlugin, { sql: db.sql, redis, bus: { reportTo: () => {} } } as unknown as Deps);
    app.decorate('liveTail', tailer);
    await app.register(healthPlugin);
    await app.ready();
    await db.sql.begin((tx) => appendToStream(tx, 'readyz-failing', 0, [{ type: 'written', data: {} }]));
    await tailer.start();
    const readyz = async () => {
      const res = await app.inject({ url: '/readyz' });
      return { status: res.statusCode, body: res.json() };
    };
    try {
      await expect
        .poll(async () => (await readyz()).body.tail.consecutiveFailures, { timeout: 5000 })
        .toBeGreaterThanOrEqual(3);
      expect(await readyz()).toMatchObject({
        status: 200,
        body: {
          status: 'ok',
          postgres: 'ok',
          redis: 'ok',
          tail: { status: 'failing', consecutiveFailures: expect.any(Number), lastError: 'push handler broke' },
        },
      });
      // Every failed pass is logged, and each waits twice as long as the one before.
      expect(logged.slice(0, 3)).toEqual([
        {
          failures: 1,
          retryInMs: 20,
          msg: 'event tail pass failed; retrying',
          err: expect.any(Error),
          lagMs: expect.any(Number),
        },
        {
          failures: 2,
          retryInMs: 40,
          msg: 'event tail pass failed; retrying',
          err: expect.any(Error),
          lagMs: expect.any(Number),
        },
        {
          failures: 3,
          retryInMs: 80,
          msg: 'event tail pass failed; retrying',
          err: expect.any(Error),
          lagMs: expect.any(Number),
        },
      ]);
      expect(delivered).toEqual([]);

      failing = false;
      await expect
        .poll(readyz, { timeout: 5000 })
        .toMatchObject({ body: { tail: { status: 'ok', consecutiveFailures: 0, lastError: null } } });
      expect(delivered).toEqual(['readyz-failing']);
    } finally {
      await tailer.stop();
      await app.close();
    }
  });
});
