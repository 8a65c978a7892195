import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { createUser, PASSWORD } from '../test/fixtures';
import { useTestInstances } from '../test/instances';
import { useLiveClients } from '../test/live';
import { Client } from '../test/client';
import { setBarberVerified } from '../admin/commands';
import { DEAF_AFTER_MS, HEARTBEAT_MS, type InvalidationBus } from '../platform/invalidation';
import { sessionKey } from './redisSessionStore';
import { RENEW_AFTER_MS } from './session';

/*
 * Two instances on one database and Redis, each caching sessions, users and settings in memory: whatever
 * ends a session or changes a role on A is seen by B on the very next request.
 */
const ctx = useTestInstances(2);
const openLive = useLiveClients();
const A = () => ctx.instances[0]!.app;
const B = () => ctx.instances[1]!.app;

const currentUser = (app: App, cookie: string) =>
  app.inject({ url: '/api/current-user', headers: { cookie } }).then((r) => r.statusCode);

/** Instance A's next Redis SCAN (the deletion of a user's sessions) fails. */
const failScanOnce = () =>
  vi.spyOn(ctx.instances[0]!.deps.redis, 'scan').mockRejectedValueOnce(new Error('Redis unreachable'));

async function signedIn(app: App, username: string, password = PASSWORD): Promise<Client> {
  const client = new Client(app);
  await client.login(username, password);
  return client;
}

describe('sessions cached on several instances', () => {
  it('refuses a cookie on B at once after a logout on A', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const a = await signedIn(A(), user.username);
    expect(await currentUser(B(), a.cookieHeader)).toBe(200); // B now holds the session in its cache
    const cookie = a.cookieHeader;
    expect((await a.post('/api/logout')).status).toBe(200);
    expect(await currentUser(B(), cookie)).toBe(401);
    expect(await currentUser(A(), cookie)).toBe(401);
  });

  it('ends the other sessions of a user on every instance when the password changes, keeping the caller’s', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const changer = await signedIn(A(), user.username);
    const other = await signedIn(A(), user.username);
    expect(await currentUser(B(), other.cookieHeader)).toBe(200);
    const changed = await changer.put('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-password',
    });
    expect(changed.status).toBe(200);
    expect(await currentUser(B(), other.cookieHeader)).toBe(401);
    expect(await currentUser(B(), changer.cookieHeader)).toBe(200);
  });

  it('ends the other sessions even when their deletion from Redis fails: the revocation is written with the password', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const changer = await signedIn(A(), user.username);
    const other = await signedIn(A(), user.username);
    expect(await currentUser(B(), other.cookieHeader)).toBe(200);
    const scan = failScanOnce();
    try {
      // the change is committed and holds: answered as done (the old password could not repeat it)
      expect(
        (await changer.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-password' }))
          .status,
      ).toBe(200);
    } finally {
      scan.mockRestore();
    }
    expect(
      await ctx.db.sql`SELECT 1 FROM users WHERE id = ${user.id} AND sessions_valid_after IS NOT NULL`,
    ).toHaveLength(1);
    expect(await currentUser(B(), other.cookieHeader)).toBe(401);
    expect(await currentUser(A(), other.cookieHeader)).toBe(401);
    expect(await currentUser(A(), changer.cookieHeader)).toBe(200);
  });

  it('answers a reset link and a two-factor enrolment as done when Redis fails after their commit', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const other = await signedIn(A(), user.username);
    const token = 'reset-token-for-the-failing-redis-test-0000';
    await ctx.db.sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
                     VALUES (${createHash('sha256').update(token).digest('hex')}, ${user.id}, now() + interval '1 hour')`;
    let scan = failScanOnce();
    try {
      expect(
        (await new Client(A()).post('/api/reset-password', { token, newPassword: 'reset-password-1' })).status,
      ).toBe(200);
    } finally {
      scan.mockRestore();
    }
    expect(await currentUser(A(), other.cookieHeader)).toBe(401);
    expect((await new Client(A()).login(user.username, 'reset-password-1')).status).toBe(200);

    // The recovery codes are shown once, in this answer: a 500 would lose them with two-factor sign-in on.
    const admin = await createUser(ctx.db.sql, 'admin');
    const enrolling = await signedIn(A(), admin.username);
    const setup = await enrolling.post('/api/auth/two-factor/setup');
    scan = failScanOnce();
    try {
      const confirmed = await enrolling.post('/api/auth/two-factor/confirm', {
        code: await generate({ secret: setup.body.secret }),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.recoveryCodes).toHaveLength(10);
    } finally {
      scan.mockRestore();
    }
    expect(await currentUser(A(), enrolling.cookieHeader)).toBe(200);
  });

  it('refuses a cookie on B at once after a password reset on A', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const a = await signedIn(A(), user.username);
    expect(await currentUser(B(), a.cookieHeader)).toBe(200);
    const token = 'reset-token-for-the-two-instance-test-000000';
    await ctx.db.sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
                     VALUES (${createHash('sha256').update(token).digest('hex')}, ${user.id}, now() + interval '1 hour')`;
    const reset = await new Client(A()).post('/api/reset-password', { token, newPassword: 'reset-password-1' });
    expect(reset.status).toBe(200);
    expect(await currentUser(B(), a.cookieHeader)).toBe(401);
  });

  it('answers /api/current-user on B with a profile changed on A, on the very next request', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const a = await signedIn(A(), user.username);
    const read = () => B().inject({ url: '/api/current-user', headers: { cookie: a.cookieHeader } });
    expect((await read()).json()).toMatchObject({ id: user.id, username: user.username }); // B holds its text
    const profile = { fullName: 'Renamed On A', email: `renamed-${user.id}@example.com`, phone: '305-555-0100' };
    expect((await a.put(`/api/users/${user.id}`, profile)).status).toBe(200);
    expect((await read()).json()).toMatchObject({ id: user.id, ...profile });
  });

  it('answers a committed change as done when announcing it fails, reports it, and serves it on the writer', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const a = await signedIn(A(), user.username);
    const redis = ctx.instances[0]!.deps.redis;
    const publish = redis.publish.bind(redis);
    // the announcements fail, the heartbeats still go out
    const failing = vi
      .spyOn(redis, 'publish')
      .mockImplementation(((channel: string, message: string) =>
        message.includes('"nonce"')
          ? Promise.reject(new Error('Redis unreachable'))
          : publish(channel, message)) as never);
    const warn = vi.fn();
    ctx.instances[0]!.deps.bus.reportTo({ warn });
    const profile = {
      fullName: 'Changed Unannounced',
      email: `unannounced-${user.id}@example.com`,
      phone: '305-555-0101',
    };
    try {
      expect((await a.put(`/api/users/${user.id}`, profile)).status).toBe(200);
    } finally {
      failing.mockRestore();
      ctx.instances[0]!.deps.bus.reportTo(A().log);
    }
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'user' }),
      expect.stringMatching(/not be announced/),
    );
    expect((await a.get('/api/current-user')).body).toMatchObject(profile);
  });

  it('serves a changed role on B at once after a barber is verified on A', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const [barber] = await ctx.db.sql<{ id: number }[]>`
      INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status)
      VALUES (${user.id}, 'Applicant', 2, '{miami}', false, 'pending') RETURNING id`;
    const b = await signedIn(B(), user.username);
    expect((await b.get('/api/barber-bookings')).status).toBe(403); // B caches the user as a customer
    await setBarberVerified(ctx.instances[0]!.deps, barber!.id, true);
    expect((await b.get('/api/barber-bookings')).status).toBe(200);
  });
});

describe('session writes', () => {
  it('writes nothing for a signed-in request, and rolls the expiry forward once it is RENEW_AFTER_MS old', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const a = await signedIn(A(), user.username);
    const id = decodeURIComponent(a.cookieHeader.slice('sid='.length)).split('.')[0]!;
    const key = sessionKey(ctx.config.REDIS_PREFIX, id);
    const redis = ctx.instances[0]!.deps.redis;
    const plain = await A().inject({ url: '/api/current-user', headers: { cookie: a.cookieHeader } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['set-cookie']).toBeUndefined();

    // The session as it would be RENEW_AFTER_MS + 1 min after its last write.
    const stored = JSON.parse((await redis.get(key))!) as { cookie: { expires: string; originalMaxAge: number } };
    const aged = Date.now() + stored.cookie.originalMaxAge - RENEW_AFTER_MS - 60_000;
    stored.cookie.expires = new Date(aged).toISOString();
    await redis.set(key, JSON.stringify(stored), 'PX', aged - Date.now());
    await ctx.instances[0]!.deps.bus.invalidate('session', [id]);

    const renewed = await B().inject({ url: '/api/current-user', headers: { cookie: a.cookieHeader } });
    expect(renewed.statusCode).toBe(200);
    const setCookie = String(renewed.headers['set-cookie']);
    expect(setCookie).toContain(a.cookieHeader);
    expect(Date.parse(/Expires=([^;]+)/i.exec(setCookie)![1]!)).toBeGreaterThan(aged + 60_000);
    expect(await redis.pttl(key)).toBeGreaterThan(aged - Date.now() + 60_000);
  });

  it('answers health checks without a session, and sets no cookie for a visitor', async () => {
    const health = await A().inject({ url: '/healthz', headers: { cookie: 'sid=forged.signature' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['set-cookie']).toBeUndefined();
    const visitor = await A().inject({ url: '/api/zipcode/33139/city' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });
});

describe('settings in memory', () => {
  it('sees a change made on A on B within 2 s, and B answers by it', async () => {
    const [a, b] = ctx.instances.map((i) => i.deps.settings);
    await a!.update({ maintenanceMode: true });
    const deadline = Date.now() + 2000;
    while (!b!.current().maintenanceMode && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(b!.current().maintenanceMode).toBe(true);
    expect((await B().inject({ url: '/api/zipcode/33139/city' })).statusCode).toBe(503);
    await a!.update({ maintenanceMode: false });
    const until = Date.now() + 2000;
    while (b!.current().maintenanceMode && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect((await B().inject({ url: '/api/zipcode/33139/city' })).statusCode).toBe(200);
  });
});

describe('an instance that stops hearing announcements', () => {
  /** The subscriber's socket: paused, the connection stays up and delivers nothing, as a stalled one would. */
  const subscriberSocket = (bus: InvalidationBus) =>
    (bus as unknown as { subscriber: { stream: { pause: () => void; resume: () => void } } }).subscriber.stream;

  it('stops serving its cached sessions within seconds, though the logout on A could not reach it, and caches again once it hears', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const a = await signedIn(A(), user.username);
    const cookie = a.cookieHeader;
    expect(await currentUser(B(), cookie)).toBe(200); // B holds the session (for up to a minute)
    const bus = ctx.instances[1]!.deps.bus;
    subscriberSocket(bus).pause();
    expect((await a.post('/api/logout')).status).toBe(200); // announced, but B does not hear it
    await vi.waitUntil(() => !bus.trusted(), { timeout: DEAF_AFTER_MS + 2 * HEARTBEAT_MS + 1000, interval: 50 });
    expect(await currentUser(B(), cookie)).toBe(401);

    subscriberSocket(bus).resume();
    await vi.waitUntil(() => bus.trusted(), { timeout: 2 * HEARTBEAT_MS + 1000, interval: 50 });
  });

  it('disconnects its sockets of a session ended on A while it could not hear, and keeps the others', async () => {
    const user = await createUser(ctx.db.sql, 'customer');
    const ending = await signedIn(A(), user.username);
    const staying = await signedIn(A(), user.username);
    const onB = ctx.instances[1]!.url;
    const doomed = await openLive(onB, ending).connect();
    const kept = await openLive(onB, staying).connect();
    let reason: string | undefined;
    doomed.socket.once('disconnect', (r) => (reason = r));
    const bus = ctx.instances[1]!.deps.bus;
    subscriberSocket(bus).pause();
    try {
      await vi.waitUntil(() => !bus.trusted(), { timeout: DEAF_AFTER_MS + 2 * HEARTBEAT_MS + 1000, interval: 50 });
      // Ended after B went deaf: no announcement and no forgetting can tell B, only its own look at Redis.
      expect((await ending.post('/api/logout')).status).toBe(200);
      await vi.waitUntil(() => reason !== undefined, { timeout: 2 * HEARTBEAT_MS + 1000, interval: 50 });
      expect(reason).toBe('io server disconnect');
      expect(kept.socket.connected).toBe(true);
    } finally {
      subscriberSocket(bus).resume();
    }
    await vi.waitUntil(() => bus.trusted(), { timeout: 2 * HEARTBEAT_MS + 1000, interval: 50 });
  });
});
