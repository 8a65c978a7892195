import { Redis } from 'ioredis';
import type { Config } from './config';
import { connect } from './db/connect';
import { createQueues } from './jobs/queues';
import { InvalidationBus } from './platform/invalidation';
import type { Deps } from './plugins/deps';
import { SettingsStore } from './settings/store';

/** Opens the pools and clients one process shares; `close` ends them in reverse order. */
export function createDeps(config: Config): Deps & { close: () => Promise<void> } {
  const sql = connect(config.DATABASE_URL);
  // BullMQ needs blocking commands to wait for ever: maxRetriesPerRequest null.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queues = createQueues(redis, config.REDIS_PREFIX);
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
      await sql.end({ timeout: 5 });
    },
  };
}
