import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import type { Deps } from '../plugins/deps';
import { createDeps } from '../resources';
import { createTestDatabase, testConfig, type TestDatabase } from './context';

export interface TestApp {
  app: App;
  deps: Deps;
  db: TestDatabase;
  config: Config;
}

/**
 * An app on a database and Redis prefix of this test file's own, built before the file's tests and
 * closed after them. Rate limiting is left as the settings say; tests that make many requests turn it off.
 */
export function useTestApp(options: { realtime?: boolean; listen?: boolean; env?: Partial<Config> } = {}): TestApp {
  const ctx = {} as TestApp;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    ctx.config = testConfig(ctx.db, options.env);
    const deps = createDeps(ctx.config);
    ctx.deps = deps;
    ctx.app = await buildApp(deps, { realtime: options.realtime ?? false });
    if (options.listen) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    else await ctx.app.ready();
    (ctx as TestApp & { closeDeps: () => Promise<void> }).closeDeps = deps.close;
  });
  afterAll(async () => {
    await ctx.app?.close();
    const keys = (await ctx.deps?.redis.keys(`${ctx.config.REDIS_PREFIX}:*`).catch(() => [])) ?? [];
    if (keys.length) await ctx.deps.redis.del(...keys);
    await (ctx as TestApp & { closeDeps?: () => Promise<void> }).closeDeps?.();
    await ctx.db?.drop();
  });
  return ctx;
}

/**
 * A second backend instance on the same database and Redis as `t`, built after it (before this file's tests)
 * and closed after them. `prepare` may add test-only hooks and routes before it is ready.
 */
export function useSecondApp(t: TestApp, prepare?: (app: App) => void): { readonly app: App } {
  const ctx = {} as { app: App; close: () => Promise<void> };
  beforeAll(async () => {
    const deps = createDeps(t.config);
    ctx.app = await buildApp(deps, { realtime: false });
    prepare?.(ctx.app);
    await ctx.app.ready();
    ctx.close = async () => {
      await ctx.app.close();
      await deps.close();
    };
  });
  afterAll(() => ctx.close?.());
  return ctx;
}
