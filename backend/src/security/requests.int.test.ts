import postgres from 'postgres';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_TAKEN } from '../accounts/commands';
import { loadConfig } from '../config';
import type { Sql } from '../db/connect';
import { requestPasswordReset } from '../platform/passwordReset';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD, type UserFixture } from '../test/fixtures';
import { passwordResetJobs } from '../test/queues';

// Issue 10's findings on accounts and requests, each reproduced as it was reported. No PUBLIC_URL and no
// TRUST_PROXY here: the defaults are what is under test.
const t = useTestApp();
let customer: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  customer = await createUser(t.db.sql, 'customer');
  admin = await createUser(t.db.sql, 'admin');
});

const settings = (patch: Parameters<typeof t.deps.settings.update>[0]) => t.deps.settings.update(patch);

const resetJobs = () => passwordResetJobs(t);

describe('reset-link poisoning (high)', () => {
  it('builds the emailed link from PUBLIC_URL, never from Host or X-Forwarded-Host', async () => {
    await settings({ rateLimitEnabled: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: `${customer.username}@example.com` },
      headers: {
        'x-requested-with': 'test',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(res.statusCode).toBe(200);
    const [job] = await resetJobs();
    expect(new URL(job!.resetUrl).origin).toBe(t.config.PUBLIC_URL);
    expect(t.config.PUBLIC_URL).toBe('http://localhost:3000'); // the development default
  });

  it('refuses to start in production without PUBLIC_URL', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-characters' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://barbers.example' }).PUBLIC_URL).toBe(
      'https://barbers.example',
    );
  });
});

describe('forged client addresses (medium)', () => {
  it('keys the request limit on the peer address: a made-up X-Forwarded-For does not reset it', async () => {
    await settings({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        url: '/api/fee-collection-status',
        remoteAddress: '203.0.113.20',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
    await settings({ rateLimitEnabled: false });
  });

  it('lifts a refusal at once when an administrator raises the limit, not at the end of the minute', async () => {
    await settings({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    const ask = () => t.app.inject({ url: '/api/fee-collection-status', remoteAddress: '203.0.113.21' });
    try {
      for (let i = 0; i < 10; i++) expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
      await settings({ maxRequestsPerMinute: 1000 });
      await vi.waitFor(async () => expect((await ask()).statusCode).toBe(200), { timeout: 3000, interval: 50 });
    } finally {
      await settings({ rateLimitEnabled: false });
    }
  });
});

describe('login limits (medium)', () => {
  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress,
      headers: { 'x-requested-with': 'test' },
    });

  it('checks at most maxLoginAttempts passwords of 40 sent at once', async () => {
    await settings({ rateLimitEnabled: true, maxLoginAttempts: 5, maxRequestsPerMinute: 1000 });
    const victim = await createUser(t.db.sql, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(victim.username, 'wrong-password', '203.0.113.30')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('does not let a stranger on one address lock the owner out', async () => {
    const victim = await createUser(t.db.sql, 'customer');
    for (let i = 0; i < 8; i++) await login(victim.username, 'wrong-password', '203.0.113.31');
    expect((await login(victim.username, 'wrong-password', '203.0.113.31')).statusCode).toBe(429);
    expect((await login(victim.username, PASSWORD, '198.51.100.77')).statusCode).toBe(200);
    await settings({ rateLimitEnabled: false });
  });
});

describe('the platform limit and administrators (medium)', () => {
  it('never blocks an administrator, so a limit set too low can be undone', async () => {
    const c = new Client(t.app);
    await c.login(admin.username, PASSWORD);
    await settings({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    for (let i = 0; i < 15; i++) expect((await c.get('/api/admin/settings')).status).toBe(200);
    expect((await c.request('PATCH', '/api/admin/settings', { maxRequestsPerMinute: 100 })).status).toBe(200);
    await settings({ rateLimitEnabled: false });
  });
});

describe('Origin: null (low)', () => {
  it('is refused with 403, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'null' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('account enumeration (low)', () => {
  it('answers the same at registration for a taken username and a taken email', async () => {
    const base = { password: 'long-enough-1', fullName: 'Some One' };
    const byName = await new Client(t.app).post('/api/register', {
      ...base,
      username: customer.username,
      email: 'fresh1@example.com',
    });
    const byEmail = await new Client(t.app).post('/api/register', {
      ...base,
      username: 'freshname1',
      email: `${customer.username}@example.com`,
    });
    expect(byName).toMatchObject({ status: 409, body: { message: REGISTRATION_TAKEN } });
    expect(byEmail).toMatchObject({ status: 409, body: { message: REGISTRATION_TAKEN } });
  });

  it('does the same database work at forgot-password for a known and an unknown email', async () => {
    let statements = 0;
    const counting = postgres(t.db.url, { max: 1, onnotice: () => {}, debug: () => statements++ }) as unknown as Sql;
    try {
      const deps = { ...t.deps, sql: counting };
      const base = 'https://barbers.example';
      await requestPasswordReset(deps, 'warm-up@example.com', base); // statements prepared once
      statements = 0;
      await requestPasswordReset(deps, 'nobody-here@example.com', base);
      const unknown = statements;
      statements = 0;
      await requestPasswordReset(deps, `${customer.username}@example.com`, base);
      expect(statements).toBe(unknown);
    } finally {
      await counting.end();
    }
  });
});

describe('password length (low)', () => {
  it('refuses a 900 KiB password at sign-in before hashing it', async () => {
    const res = await new Client(t.app).post('/api/login', {
      username: customer.username,
      password: 'x'.repeat(900 * 1024),
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('one password rule (passwordMinLength)', () => {
  it('is published to the forms and applied at registration, change, reset and admin set-password', async () => {
    await settings({ passwordMinLength: 12 });
    const message = 'Password must be at least 12 characters';
    expect((await new Client(t.app).get('/api/public-settings')).body).toMatchObject({ passwordMinLength: 12 });

    const reg = await new Client(t.app).post('/api/register', {
      username: 'ruleuser',
      email: 'rule@example.com',
      password: 'eleven-char',
      fullName: 'Rule User',
    });
    expect(reg).toMatchObject({ status: 400, body: { message } });

    const user = await createUser(t.db.sql, 'customer');
    const own = new Client(t.app);
    await own.login(user.username, PASSWORD);
    const change = await own.request('PUT', `/api/users/${user.id}/password`, {
      currentPassword: PASSWORD,
      newPassword: 'eleven-char',
    });
    expect(change).toMatchObject({ status: 400, body: { message } });

    const adminClient = new Client(t.app);
    await adminClient.login(admin.username, PASSWORD);
    const set = await adminClient.request('PUT', `/api/admin/users/${user.id}/password`, {
      newPassword: 'eleven-char',
    });
    expect(set).toMatchObject({ status: 400, body: { message } });

    await own.post('/api/forgot-password', { email: `${user.username}@example.com` });
    const job = (await resetJobs()).find((j) => j.userId === user.id)!;
    const token = new URL(job.resetUrl).searchParams.get('token')!;
    expect(await own.post('/api/reset-password', { token, newPassword: 'eleven-char' })).toMatchObject({
      status: 400,
      body: { message },
    });
    expect((await own.post('/api/reset-password', { token, newPassword: 'twelve-chars' })).status).toBe(200);
    await settings({ passwordMinLength: 8 });
  });
});
