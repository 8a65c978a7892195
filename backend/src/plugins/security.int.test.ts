import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createDeps } from '../resources';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';

const t = useTestApp();
let second: App;
let closeSecond: () => Promise<void>;
beforeAll(async () => {
  // A second backend instance on the same Postgres and Redis.
  const deps = createDeps(t.config);
  second = await buildApp(deps, { realtime: false });
  await second.ready();
  closeSecond = async () => {
    await second.close();
    await deps.close();
  };
});
afterAll(() => closeSecond());

describe('request limits and health', () => {
  it('answers /healthz, and /readyz with Postgres and Redis reachable', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  it('limits requests per minute across instances through Redis, with RATE_LIMITED', async () => {
    await t.deps.settings.update({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    await new Promise((r) => setTimeout(r, 1100)); // the second instance's settings cache expires
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.7' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another caller is not affected.
    expect((await second.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.8' })).statusCode).toBe(
      200,
    );
  });

  it('does not limit when rate limiting is switched off', async () => {
    await t.deps.settings.update({ rateLimitEnabled: false });
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 5; i++) {
      expect(
        (await second.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.7' })).statusCode,
      ).toBe(200);
    }
    expect((await new Client(t.app).get('/api/fee-collection-status')).status).toBe(200);
  });
});
