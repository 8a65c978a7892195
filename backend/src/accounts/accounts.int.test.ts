import { ACCOUNT_CREATED_SIGN_IN_FAILED } from '@barber/shared';
import { describe, expect, it, vi } from 'vitest';
import { clearLoginFailures, REGISTRATION_TAKEN } from './commands';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { RedisSessionStore } from '../plugins/redisSessionStore';

const t = useTestApp();

const alice = {
  username: 'alice',
  email: 'alice@example.com',
  password: 'secret123',
  fullName: 'Alice Doe',
  phone: '305-555-0100',
  isBarber: false,
};

describe('accounts', () => {
  it('registers a customer, signs them in and answers the current user', async () => {
    const c = new Client(t.app);
    const reg = await c.post('/api/register', alice);
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ username: 'alice', role: 'customer', barberStatus: null, fullName: 'Alice Doe' });
    expect(reg.body).not.toHaveProperty('passwordHash');
    const me = await c.get('/api/current-user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('alice');
    const [row] = await t.db.sql<{ hash: string }[]>`SELECT password_hash AS hash FROM users WHERE username = 'alice'`;
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });

  it('answers 401 to the current-user call when signed out, and after logout', async () => {
    const c = new Client(t.app);
    expect((await c.get('/api/current-user')).status).toBe(401);
    await c.login('alice', 'secret123');
    expect((await c.get('/api/current-user')).status).toBe(200);
    expect((await c.post('/api/logout')).status).toBe(200);
    expect((await c.get('/api/current-user')).status).toBe(401);
  });

  it('refuses bad registrations with the specification messages and changes nothing', async () => {
    const c = new Client(t.app);
    const bad = await c.post('/api/register', {
      username: 'ab',
      email: 'nope',
      password: '123',
      fullName: 'A',
      isBarber: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const messages = bad.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Username must be at least 3 characters',
        'Please enter a valid email address',
        'Password must be at least 6 characters',
        'Full name must be at least 2 characters',
      ]),
    );
    const dup = await c.post('/api/register', { ...alice, email: 'other@example.com' });
    expect(dup).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: REGISTRATION_TAKEN } });
    const [countRow] = await t.db.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM users`;
    expect(countRow!.count).toBe(1);
  });

  it('says the account exists when the new session cannot be stored (Redis down after the commit)', async () => {
    const evalSpy = vi.spyOn(t.deps.redis, 'eval').mockRejectedValue(new Error('Redis unreachable'));
    let res;
    try {
      res = await new Client(t.app).post('/api/register', { ...alice, username: 'nosession', email: 'n@example.com' });
    } finally {
      evalSpy.mockRestore();
    }
    expect(res).toMatchObject({ status: 500, body: { code: 'INTERNAL', message: ACCOUNT_CREATED_SIGN_IN_FAILED } });
    expect(res.headers['set-cookie']).toBeUndefined();
    // The account holds: signing in with it works once Redis answers again.
    expect((await new Client(t.app).login('nosession', alice.password)).status).toBe(200);
  });

  it("says the account exists also when the caller's former session cannot be ended (signed in already, Redis down)", async () => {
    const c = new Client(t.app);
    await c.post('/api/register', { ...alice, username: 'former', email: 'former@example.com' });
    expect((await c.get('/api/current-user')).status).toBe(200); // the session is cached: no Redis read below
    const multiSpy = vi.spyOn(t.deps.redis, 'multi').mockImplementation(() => {
      throw new Error('Redis unreachable');
    });
    const evalSpy = vi.spyOn(t.deps.redis, 'eval').mockRejectedValue(new Error('Redis unreachable'));
    let res;
    try {
      res = await c.post('/api/register', { ...alice, username: 'second', email: 'second@example.com' });
    } finally {
      multiSpy.mockRestore();
      evalSpy.mockRestore();
    }
    expect(res).toMatchObject({ status: 500, body: { code: 'INTERNAL', message: ACCOUNT_CREATED_SIGN_IN_FAILED } });
    expect((await new Client(t.app).login('second', alice.password)).status).toBe(200);
  });

  it('enforces the platform minimum password length on sign-up', async () => {
    const res = await new Client(t.app).post('/api/register', {
      ...alice,
      username: 'shortpw',
      email: 's@example.com',
      password: 'abc123',
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters' } });
  });

  it('never lets a request that answers after a logout sign the user in again', async () => {
    const c = new Client(t.app);
    await c.login('alice', 'secret123');
    const cookie = c.cookieHeader;
    const sessionId = decodeURIComponent(cookie.slice('sid='.length)).split('.')[0]!;
    const stored = await t.deps.redis.get(`${t.config.REDIS_PREFIX}:sess:${sessionId}`);
    expect(stored).toContain('userId');
    await c.post('/api/logout');
    // A request that loaded the session before the logout saves it when it answers, afterwards.
    const store = new RedisSessionStore(t.deps.redis, t.config.REDIS_PREFIX, 3600);
    await new Promise<void>((resolve, reject) =>
      store.set(sessionId, JSON.parse(stored!), (err) => (err ? reject(err) : resolve())),
    );
    const late = await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie } });
    expect(late.statusCode).toBe(401);
  });

  it('regenerates the session id on sign-in', async () => {
    const c = new Client(t.app);
    await c.login('alice', 'secret123');
    const first = c.cookieHeader;
    await c.login('alice', 'secret123');
    expect(c.cookieHeader).not.toBe(first);
    // the old cookie no longer signs anyone in
    const stale = await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie: first } });
    expect(stale.statusCode).toBe(401);
  });

  it('keeps a session for the platform sessionTimeout, in the cookie and in Redis', async () => {
    await t.deps.settings.update({ sessionTimeout: 2 });
    const c = new Client(t.app);
    const res = await c.login('alice', 'secret123');
    const cookie = String(res.headers['set-cookie']);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 7200_000))).toBeLessThan(60_000);
    const sessionId = decodeURIComponent(c.cookieHeader.slice('sid='.length)).split('.')[0];
    const ttl = await t.deps.redis.ttl(`${t.config.REDIS_PREFIX}:sess:${sessionId}`);
    expect(ttl).toBeLessThanOrEqual(7200);
    expect(ttl).toBeGreaterThan(7000);
    await t.deps.settings.update({ sessionTimeout: 24 });
  });

  it('ends a session at once when the sessionTimeout is lowered below the time since its last request', async () => {
    await t.deps.settings.update({ sessionTimeout: 168 });
    const c = new Client(t.app);
    await c.login('alice', 'secret123');
    const current = () =>
      t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie: c.cookieHeader } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 3600_000); // two hours without a request
      await t.deps.settings.update({ sessionTimeout: 1 });
      expect((await current()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await t.deps.settings.update({ sessionTimeout: 24 });
    }
    // one used within the timeout lives on, rolled forward by the timeout in force
    const d = new Client(t.app);
    await d.login('alice', 'secret123');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie: d.cookieHeader } })).statusCode,
    ).toBe(200);
  });

  it('makes a barber applicant pending, then a barber at once when autoApproveBarbers is on', async () => {
    const applicant = (username: string) => ({ ...alice, username, email: `${username}@example.com`, isBarber: true });
    const c = new Client(t.app);
    const pending = await c.post('/api/register', applicant('bob'));
    expect(pending.body).toMatchObject({ role: 'customer', barberStatus: { verificationStatus: 'pending' } });
    await t.deps.settings.update({ autoApproveBarbers: true });
    const approved = await new Client(t.app).post('/api/register', applicant('carl'));
    expect(approved.body).toMatchObject({ role: 'barber', barberStatus: { verificationStatus: 'approved' } });
    await t.deps.settings.update({ autoApproveBarbers: false });
  });

  it('refuses sign-ups when registration is disabled', async () => {
    await t.deps.settings.update({ registrationEnabled: false });
    const res = await new Client(t.app).post('/api/register', {
      ...alice,
      username: 'dave',
      email: 'dave@example.com',
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    await t.deps.settings.update({ registrationEnabled: true });
  });

  it('locks a username after maxLoginAttempts failures, across the cooldown', async () => {
    const c = new Client(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/login', { username: 'alice', password: 'wrong' })).body.code).toBe('UNAUTHENTICATED');
    }
    const locked = await c.post('/api/login', { username: 'alice', password: 'secret123' });
    expect(locked).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    await clearLoginFailures(t.deps, 'alice');
    expect((await c.post('/api/login', { username: 'alice', password: 'secret123' })).status).toBe(200);
  });

  it('locks for the whole cooldown from the failure that reached the limit, however long the failures took', async () => {
    await t.deps.settings.update({ maxLoginAttempts: 5, loginCooldownMinutes: 15 });
    const c = new Client(t.app);
    const fail = () => c.post('/api/login', { username: 'alice', password: 'wrong' });
    for (let i = 0; i < 4; i++) expect((await fail()).body.code).toBe('UNAUTHENTICATED');
    // fourteen minutes of the fifteen have passed since the first failure
    const keys = await t.deps.redis.keys(`${t.config.REDIS_PREFIX}:login:*alice*`);
    for (const key of keys) await t.deps.redis.pexpire(key, 60_000);
    expect((await fail()).body.code).toBe('UNAUTHENTICATED'); // the fifth: the limit
    const locked = await c.post('/api/login', { username: 'alice', password: 'secret123' });
    expect(locked).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    await clearLoginFailures(t.deps, 'alice');
  });

  it('counts a wrong current password when changing it as a failed sign-in: a stolen session cannot guess the password', async () => {
    await t.deps.settings.update({ maxLoginAttempts: 5, loginCooldownMinutes: 15 });
    const c = new Client(t.app);
    await c.login('alice', 'secret123');
    const change = (currentPassword: string) =>
      c.put('/api/auth/change-password', { currentPassword, newPassword: 'another-secret' });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).body.code).toBe('VALIDATION_FAILED');
    const locked = await change('secret123');
    expect(locked).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(locked.body.message).toBe('Too many failed password attempts. Please try again in 15 minutes.');
    // the same limits as the sign-in: guesses here and there add up
    expect((await new Client(t.app).post('/api/login', { username: 'alice', password: 'secret123' })).status).toBe(429);
    await clearLoginFailures(t.deps, 'alice');
    expect((await change('secret123')).status).toBe(200);
    const back = await c.put('/api/auth/change-password', {
      currentPassword: 'another-secret',
      newPassword: 'secret123',
    });
    expect(back.status).toBe(200);
    await clearLoginFailures(t.deps, 'alice');
  });

  it('two password changes checked against the same password at once: one is made, the other refused (not both, the last winning)', async () => {
    const tabs = [new Client(t.app), new Client(t.app)];
    for (const tab of tabs) await tab.login('alice', 'secret123');
    const answers = await Promise.all(
      ['first-secret', 'second-secret'].map((newPassword, i) =>
        tabs[i]!.put('/api/auth/change-password', { currentPassword: 'secret123', newPassword }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const made = answers[0]!.status === 200 ? 'first-secret' : 'second-secret';
    expect(answers.find((a) => a.status === 400)!.body.message).toBe('Current password is incorrect');
    // the password is the one whose change was answered 200
    expect((await new Client(t.app).post('/api/login', { username: 'alice', password: made })).status).toBe(200);
    const back = new Client(t.app);
    await back.login('alice', made);
    expect(
      (await back.put('/api/auth/change-password', { currentPassword: made, newPassword: 'secret123' })).status,
    ).toBe(200);
    await clearLoginFailures(t.deps, 'alice');
  });

  it('signs in with the username as registration stored it: spaces around it (a phone autocomplete) are dropped', async () => {
    const res = await new Client(t.app).post('/api/login', { username: ' alice ', password: 'secret123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.username).toBe('alice');
  });

  it('refuses a state-changing request without the CSRF header or a same-origin Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'alice', password: 'secret123' },
    });
    expect(res.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'alice', password: 'secret123' },
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('lets a user update only their own profile', async () => {
    const alice1 = new Client(t.app);
    const me = (await alice1.login('alice', 'secret123')).body;
    const ok = await alice1.put(`/api/users/${me.id}`, {
      fullName: 'Alice Smith',
      email: 'alice@example.com',
      phone: '',
    });
    expect(ok).toMatchObject({ status: 200, body: { fullName: 'Alice Smith', phone: null } });
    const bob = new Client(t.app);
    await bob.login('bob', 'secret123');
    expect((await bob.put(`/api/users/${me.id}`, { fullName: 'Hacked', email: 'x@example.com' })).status).toBe(403);
    expect(
      (await new Client(t.app).put(`/api/users/${me.id}`, { fullName: 'Anon', email: 'x@example.com' })).status,
    ).toBe(401);
  });

  it('changes a password only with the current one', async () => {
    const c = new Client(t.app);
    const me = (await c.login('bob', 'secret123')).body;
    const wrong = await c.put(`/api/users/${me.id}/password`, { currentPassword: 'nope', newPassword: 'newsecret1' });
    expect(wrong.status).toBe(400);
    expect(
      (await c.put(`/api/users/${me.id}/password`, { currentPassword: 'secret123', newPassword: 'newsecret1' })).status,
    ).toBe(200);
    expect((await new Client(t.app).post('/api/login', { username: 'bob', password: 'newsecret1' })).status).toBe(200);
  });

  it('answers maintenance mode with 503 to everyone but admins', async () => {
    await t.deps.settings.update({ maintenanceMode: true });
    const c = new Client(t.app);
    await c.login('alice', 'secret123');
    const me = (await c.get('/api/current-user')).body;
    expect((await c.put(`/api/users/${me.id}`, { fullName: 'Alice', email: 'alice@example.com' })).body.code).toBe(
      'MAINTENANCE',
    );
    await t.deps.settings.update({ maintenanceMode: false });
  });
});
