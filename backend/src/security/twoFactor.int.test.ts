import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { open, secretKey } from '../accounts/secretBox';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD, type UserFixture } from '../test/fixtures';

// Issue 10: "Require 2FA for admin accounts" was saved and read nowhere. Two-factor sign-in for
// administrators (TOTP, RFC 6238): enrolment from the profile, a code step at sign-in, single-use
// recovery codes, no replay, wrong codes limited like sign-ins, and the setting enforced.
const t = useTestApp();

/** The test's clock (deps.clock), moved by whole 30-second steps so each code is a new one. */
const BASE = Date.UTC(2026, 10, 23, 12, 0, 0);
let stepOffset = 0;
const nextStep = () => {
  stepOffset += 1;
};
const epoch = () => Math.floor((BASE + stepOffset * 30_000) / 1000);
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: epoch() + steps * 30 });
/** A 6-digit code that is not the secret's code anywhere in the accepted window. */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set([await codeOf(secret, -1), await codeOf(secret), await codeOf(secret, 1)]);
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

beforeEach(async () => {
  t.deps.clock = () => new Date(BASE + stepOffset * 30_000);
  await t.deps.settings.update({
    rateLimitEnabled: false,
    twoFactorEnabled: false,
    maxLoginAttempts: 5,
    loginCooldownMinutes: 15,
  });
});
afterEach(async () => {
  t.deps.clock = undefined;
  const keys = await t.deps.redis.keys(`${t.config.REDIS_PREFIX}:2fa:*`);
  if (keys.length) await t.deps.redis.del(...keys);
});

async function signedIn(user: UserFixture): Promise<Client> {
  const client = new Client(t.app);
  await client.login(user.username, PASSWORD);
  return client;
}

/** An administrator with two-factor sign-in on: their secret, recovery codes and a signed-in client. */
async function enrolledAdmin() {
  const admin = await createUser(t.db.sql, 'admin');
  const client = await signedIn(admin);
  const setup = await client.post('/api/auth/two-factor/setup');
  expect(setup.status).toBe(200);
  const confirm = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(setup.body.secret) });
  expect(confirm.status).toBe(200);
  nextStep();
  return { admin, client, secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

describe('enrolment from the administrator profile', () => {
  it('starts with a secret, an otpauth URI and a QR code, and is on only after a valid code', async () => {
    const admin = await createUser(t.db.sql, 'admin');
    const client = await signedIn(admin);
    expect((await client.get('/api/auth/two-factor')).body).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const setup = await client.post('/api/auth/two-factor/setup');
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Mobile Barber');
    expect(decodeURIComponent(uri.pathname)).toContain(admin.username);
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);

    // Started but not confirmed: sign-in asks nothing yet.
    await signedIn(admin);

    const wrong = await client.post('/api/auth/two-factor/confirm', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe('code');
    expect((await client.get('/api/auth/two-factor')).body.enabled).toBe(false);

    const confirm = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(secret) });
    expect(confirm.status).toBe(200);
    const codes: string[] = confirm.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await client.get('/api/auth/two-factor')).body).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });

    // Only hashes are stored.
    const stored = await t.db.sql<
      { codeHash: string }[]
    >`SELECT code_hash AS "codeHash" FROM user_recovery_codes WHERE user_id = ${admin.id}`;
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((c) => codeHash.includes(c.replace('-', '')))).toBe(false);
    }

    // A second set-up while it is on is refused; the secret stays.
    expect((await client.post('/api/auth/two-factor/setup')).status).toBe(409);
    const [row] = await t.db.sql<{ secret: string }[]>`SELECT secret FROM user_two_factor WHERE user_id = ${admin.id}`;
    expect(open(row!.secret, secretKey(t.config.SESSION_SECRET, 'two-factor-secret-v1'))).toBe(secret);
  });

  it("ends the administrator's other sessions, which were signed in with the password alone", async () => {
    const admin = await createUser(t.db.sql, 'admin');
    const here = await signedIn(admin);
    const elsewhere = await signedIn(admin);
    const setup = await here.post('/api/auth/two-factor/setup');
    expect((await here.post('/api/auth/two-factor/confirm', { code: await codeOf(setup.body.secret) })).status).toBe(
      200,
    );
    expect((await elsewhere.get('/api/current-user')).status).toBe(401);
    expect((await here.get('/api/current-user')).status).toBe(200);
  });

  it('is for administrators: customers and barbers cannot enrol, and sign in as before', async () => {
    await t.deps.settings.update({ twoFactorEnabled: true });
    for (const role of ['customer', 'barber'] as const) {
      const user = await createUser(t.db.sql, role);
      const client = new Client(t.app);
      const login = await client.post('/api/login', { username: user.username, password: PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.role).toBe(role);
      expect((await client.post('/api/auth/two-factor/setup')).status).toBe(403);
      expect((await client.get('/api/auth/two-factor')).status).toBe(403);
    }
    expect((await new Client(t.app).post('/api/auth/two-factor/setup')).status).toBe(401);
  });
});

describe('sign-in with two-factor on', () => {
  it('the right password signs no one in until a valid code is given', async () => {
    const { admin, secret } = await enrolledAdmin();
    const client = new Client(t.app);
    const login = await client.post('/api/login', { username: admin.username, password: PASSWORD });
    expect(login.status).toBe(202);
    expect(login.body).toEqual({ twoFactorRequired: true, message: expect.any(String) });
    expect(login.body.id).toBeUndefined();
    expect((await client.get('/api/current-user')).status).toBe(401);
    expect((await client.get('/api/admin/settings')).status).toBe(401);

    const wrong = await client.post('/api/login/two-factor', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect((await client.get('/api/current-user')).status).toBe(401);

    const done = await client.post('/api/login/two-factor', { code: await codeOf(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: admin.id, role: 'admin' });
    expect((await client.get('/api/current-user')).body.id).toBe(admin.id);
    expect((await client.get('/api/admin/settings')).status).toBe(200);
  });

  it('signs in with a code it has spent even when clearing the failure count in Redis fails', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const client = new Client(t.app);
    expect((await client.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    const del = vi.spyOn(t.deps.redis, 'del').mockRejectedValueOnce(new Error('Redis unreachable'));
    try {
      expect((await client.post('/api/login/two-factor', { code: recoveryCodes[0] })).status).toBe(200);
    } finally {
      del.mockRestore();
    }
    expect((await client.get('/api/current-user')).body.id).toBe(admin.id);
  });

  it('keeps the secret sealed in the database; one stored before sealing still signs in, and is sealed then', async () => {
    const { admin, secret } = await enrolledAdmin();
    const stored = async () =>
      (await t.db.sql<{ secret: string }[]>`SELECT secret FROM user_two_factor WHERE user_id = ${admin.id}`)[0]!.secret;
    expect(await stored()).toMatch(/^v1:/);
    expect(await stored()).not.toContain(secret);

    await t.db.sql`UPDATE user_two_factor SET secret = ${secret} WHERE user_id = ${admin.id}`;
    const client = new Client(t.app);
    expect((await client.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect((await client.post('/api/login/two-factor', { code: await codeOf(secret) })).status).toBe(200);
    expect(await stored()).toMatch(/^v1:/);
    expect(await stored()).not.toContain(secret);
  });

  it('the code step without the password step signs no one in', async () => {
    const { secret } = await enrolledAdmin();
    const client = new Client(t.app);
    const res = await client.post('/api/login/two-factor', { code: await codeOf(secret) });
    expect(res.status).toBe(401);
    expect((await client.get('/api/current-user')).status).toBe(401);
  });

  it('refuses a code used once already (replay within its window), and an older one after it', async () => {
    const { admin, secret } = await enrolledAdmin();
    const code = await codeOf(secret);
    const first = new Client(t.app);
    expect((await first.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect((await first.post('/api/login/two-factor', { code })).status).toBe(200);

    const replay = new Client(t.app);
    expect((await replay.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect((await replay.post('/api/login/two-factor', { code })).status).toBe(400);
    expect((await replay.post('/api/login/two-factor', { code: await codeOf(secret, -1) })).status).toBe(400);
    expect((await replay.get('/api/current-user')).status).toBe(401);

    nextStep();
    expect((await replay.post('/api/login/two-factor', { code: await codeOf(secret) })).status).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const { admin, client, recoveryCodes } = await enrolledAdmin();
    const first = new Client(t.app);
    expect((await first.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect((await first.post('/api/login/two-factor', { code: recoveryCodes[0]!.toUpperCase() })).status).toBe(200);
    expect((await first.get('/api/current-user')).body.id).toBe(admin.id);

    const again = new Client(t.app);
    expect((await again.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect((await again.post('/api/login/two-factor', { code: recoveryCodes[0] })).status).toBe(400);
    expect((await again.post('/api/login/two-factor', { code: recoveryCodes[1] })).status).toBe(200);
    expect((await again.get('/api/auth/two-factor')).body.recoveryCodesLeft).toBe(8);
    expect((await client.get('/api/current-user')).status).toBe(200);
  });

  it('counts wrong codes before checking them, like sign-ins: past maxLoginAttempts even the right code waits', async () => {
    await t.deps.settings.update({ maxLoginAttempts: 3 });
    const { admin, secret } = await enrolledAdmin();
    const client = new Client(t.app);
    expect((await client.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    const wrong = await wrongCode(secret);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/login/two-factor', { code: wrong })),
    );
    expect(statuses.map((r) => r.status).sort()).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
    const limited = await client.post('/api/login/two-factor', { code: await codeOf(secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    // A new password step does not reset the count of codes.
    const fresh = new Client(t.app);
    expect((await fresh.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect((await fresh.post('/api/login/two-factor', { code: await codeOf(secret) })).status).toBe(429);
  });

  it('turns off with a current code only; then the password alone signs in again', async () => {
    const { admin, client, secret } = await enrolledAdmin();
    expect((await client.post('/api/auth/two-factor/disable', { code: await wrongCode(secret) })).status).toBe(400);
    expect((await client.get('/api/auth/two-factor')).body.enabled).toBe(true);
    expect((await client.post('/api/auth/two-factor/disable', { code: await codeOf(secret) })).status).toBe(200);
    expect((await client.get('/api/auth/two-factor')).body).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    expect((await new Client(t.app).post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('lets an administrator finish signing in during maintenance and past the platform request limit', async () => {
    const { admin, secret } = await enrolledAdmin();
    await t.deps.settings.update({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    try {
      const address = '203.0.113.77';
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await t.app.inject({ url: '/api/current-user', remoteAddress: address })).statusCode);
      expect(statuses.at(-1)).toBe(429);
      await t.deps.settings.update({ maintenanceMode: true });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        payload: { username: admin.username, password: PASSWORD },
        headers: { 'x-requested-with': 'test' },
      });
      expect(login.statusCode).toBe(202);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const code = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        remoteAddress: address,
        payload: { code: await codeOf(secret) },
        headers: { 'x-requested-with': 'test', cookie },
      });
      expect(code.statusCode).toBe(200);
    } finally {
      await t.deps.settings.update({ maintenanceMode: false, rateLimitEnabled: false, maxRequestsPerMinute: 100 });
    }
  });

  it('a password change ends a sign-in waiting for its code', async () => {
    const { admin, client, secret } = await enrolledAdmin();
    const waiting = new Client(t.app);
    expect((await waiting.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    expect(
      (
        await client.put(`/api/users/${admin.id}/password`, {
          currentPassword: PASSWORD,
          newPassword: 'changed-pass-1',
        })
      ).status,
    ).toBe(200);
    expect((await waiting.post('/api/login/two-factor', { code: await codeOf(secret) })).status).toBe(401);
    expect((await waiting.get('/api/current-user')).status).toBe(401);
  });

  it('rejects a malformed code with 400 and changes nothing', async () => {
    const { admin } = await enrolledAdmin();
    const client = new Client(t.app);
    expect((await client.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(40) }, { code: '12<34>' }]) {
      expect((await client.post('/api/login/two-factor', body)).status).toBe(400);
    }
    expect((await client.get('/api/current-user')).status).toBe(401);
  });
});

describe('"Require 2FA for admin accounts"', () => {
  it('holds an administrator who has not enrolled out of the admin area until they enrol', async () => {
    const admin = await createUser(t.db.sql, 'admin');
    const client = await signedIn(admin);
    expect((await client.get('/api/admin/settings')).status).toBe(200);

    const on = await client.patch('/api/admin/settings', { twoFactorEnabled: true });
    expect(on.status).toBe(200);
    expect(on.body.twoFactorEnabled).toBe(true);

    const held = await client.get('/api/admin/settings');
    expect(held.status).toBe(403);
    expect(held.body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await client.get('/api/admin/barbers')).status).toBe(403);
    // Still signed in, and enrolment is open to them.
    expect((await client.get('/api/current-user')).status).toBe(200);
    expect((await client.get('/api/auth/two-factor')).body).toEqual({
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    });

    const setup = await client.post('/api/auth/two-factor/setup');
    expect((await client.post('/api/auth/two-factor/confirm', { code: await codeOf(setup.body.secret) })).status).toBe(
      200,
    );
    expect((await client.get('/api/admin/settings')).status).toBe(200);

    // And from now on sign-in asks for the code.
    nextStep();
    const next = new Client(t.app);
    expect((await next.post('/api/login', { username: admin.username, password: PASSWORD })).status).toBe(202);
  });

  it('lets an administrator who has not enrolled in when it is off', async () => {
    const admin = await createUser(t.db.sql, 'admin');
    const client = await signedIn(admin);
    expect((await client.get('/api/admin/settings')).status).toBe(200);
  });
});
