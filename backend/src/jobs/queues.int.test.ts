import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testRedis, type TestDatabase } from '../test/context';
import { createQueues, storesAnswer } from './queues';

/*
 * The health check the log subscribers ask before they blame an event (eventstore/subscription.ts): it must say no,
 * and soon, when Redis is away, although the queues' client (maxRetriesPerRequest null) waits for ever.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('storesAnswer', () => {
  it('says yes when Postgres and Redis answer and Redis takes a write', async () => {
    const { url, prefix } = testRedis();
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queues = createQueues(connection, prefix);
    try {
      expect(await storesAnswer({ sql: db.sql, queues })).toBe(true);
    } finally {
      await queues.close();
      connection.disconnect();
    }
  });

  it('says no within seconds when Redis is away, where the queue itself would wait for ever', async () => {
    const connection = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, lazyConnect: true });
    connection.on('error', () => {});
    const queues = createQueues(connection, 'away');
    vi.spyOn(console, 'error').mockImplementation(() => {}); // each queue says the refused connection, each attempt
    try {
      // without its own limit the check would wait as long as the queue, past the test's timeout
      expect(await storesAnswer({ sql: db.sql, queues })).toBe(false);
    } finally {
      connection.disconnect();
      vi.restoreAllMocks();
    }
  });
});
