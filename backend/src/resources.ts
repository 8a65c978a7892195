import { Redis } from 'ioredis';
import type { Config } from './config';
import { connect } from './db/connect';
import { createQueues } from './jobs/queues';
import { InvalidationBus } from './platform/invalidation';
import type { Deps } from './plugins/deps';
import { SettingsStore } from './settings/store';

/**
 * A request's Redis command gives up after one reconnection attempt, or after a second without an answer
 * (a Redis that accepts connections but does not answer).
 */
export const FAIL_FAST = { maxRetriesPerRequest: 1, commandTimeout: 1000 } as const;

/** Opens the pools and clients one process shares; `close` ends them in reverse order. */
export function createDeps(config: Config): Deps & { close: () => Promise<void> } {
  const sql = connect(config.DATABASE_URL);
  // Sessions, limits and the bus fail fast while Redis is down (a request answers 503 instead of hanging);
  // BullMQ keeps a client of its own that waits and reconnects for ever (maxRetriesPerRequest null).
  const redis = new Redis(config.REDIS_URL, FAIL_FAST);
  const queueRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queues = createQueues(queueRedis, config.REDIS_PREFIX);
  const settings = new SettingsStore(sql);
  const bus = new InvalidationBus(redis, config.REDIS_PREFIX);
  return {
    config,
    sql,
    redis,
    queues,
    settings,
    bus,
    close: async () => {
      await bus.close();
      await queues.close();
      await redis.quit().catch(() => redis.disconnect());
      await queueRedis.quit().catch(() => queueRedis.disconnect());
      await sql.end({ timeout: 5 });
    },
  };
}
