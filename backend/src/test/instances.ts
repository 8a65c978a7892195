import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import type { Deps } from '../plugins/deps';
import realtimePlugin, { type RealtimeOptions } from '../realtime/socket';
import { createDeps } from '../resources';
import { createTestDatabase, testConfig, type TestDatabase } from './context';

export interface TestInstance {
  app: App;
  deps: Deps;
  /** http://127.0.0.1:{port} */
  url: string;
}

export interface TestInstances {
  db: TestDatabase;
  config: Config;
  instances: TestInstance[];
}

/**
 * Several backend instances as production runs them: each its own process resources (pools, Redis
 * client, tailer, Socket.IO server) and port, all on this test file's one database and Redis prefix.
 */
export function useTestInstances(count = 2, realtime: RealtimeOptions = {}): TestInstances {
  const ctx = { instances: [] } as unknown as TestInstances;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    ctx.config = testConfig(ctx.db);
    for (let i = 0; i < count; i++) {
      const deps = createDeps(ctx.config);
      const app = await buildApp(deps, { realtime: false });
      await app.register(realtimePlugin, realtime);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      ctx.instances.push({ app, deps, url: `http://127.0.0.1:${address.port}` });
      closers.push(async () => {
        await app.close();
        await deps.close();
      });
    }
  });
  afterAll(async () => {
    const redis = ctx.instances[0]?.deps.redis;
    const keys = (await redis?.keys(`${ctx.config.REDIS_PREFIX}:*`).catch(() => [])) ?? [];
    if (keys.length) await redis!.del(...keys);
    for (const close of closers) await close();
    await ctx.db?.drop();
  });
  return ctx;
}
