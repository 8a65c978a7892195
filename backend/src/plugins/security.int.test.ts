import { describe, expect, it, vi } from 'vitest';
import { useSecondApp, useTestApp } from '../test/app';
import { Client } from '../test/client';

const t = useTestApp();
// A second backend instance on the same Postgres and Redis.
const second = useSecondApp(t);
describe('request limits and health', () => {
  it('answers /healthz, and /readyz with Postgres and Redis reachable', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  it('limits requests per minute across instances through Redis, with RATE_LIMITED', async () => {
    await t.deps.settings.update({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    // The second instance hears of the change through Postgres' NOTIFY.
    await vi.waitUntil(() => second.app.deps.settings.current().maxRequestsPerMinute === 10, { timeout: 5000 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? t.app : second.app;
      const res = await app.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.7' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another caller is not affected.
    expect(
      (await second.app.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.8' })).statusCode,
    ).toBe(200);
  });

  it('does not limit when rate limiting is switched off', async () => {
    await t.deps.settings.update({ rateLimitEnabled: false });
    await vi.waitUntil(() => !second.app.deps.settings.current().rateLimitEnabled, { timeout: 5000 });
    for (let i = 0; i < 5; i++) {
      expect(
        (await second.app.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.7' })).statusCode,
      ).toBe(200);
    }
    expect((await new Client(t.app).get('/api/fee-collection-status')).status).toBe(200);
  });
});

describe('the order of the API guards', () => {
  // They run before the body is read or checked: a refused request costs no parsing, and says why it was refused.
  it('answers MAINTENANCE, not a validation error, to a bad body during maintenance', async () => {
    await t.deps.settings.update({ maintenanceMode: true });
    try {
      const res = await new Client(t.app).post('/api/register', { username: '' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'MAINTENANCE' });
    } finally {
      await t.deps.settings.update({ maintenanceMode: false });
    }
    expect((await new Client(t.app).post('/api/register', { username: '' })).status).toBe(400);
  });

  it('refuses a cross-site write as FORBIDDEN before its body is checked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example', cookie: 'sid=forged.signature' },
      payload: { username: '' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
