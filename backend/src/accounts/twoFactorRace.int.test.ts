import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { open, secretKey } from './secretBox';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';

// A review of write routes sent twice at once: confirming a two-factor set-up enabled whatever secret was
// waiting when it wrote, not the one its code was checked against. A set-up started again meanwhile (a
// second tab) put another secret in its place, and the confirm turned two-factor sign-in on with that one,
// whose QR code the user may never have scanned: locked out. Turning it off had the same gap.
const t = useTestApp();

/** The test's clock (deps.clock): codes are those of this instant. */
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(NOW / 1000) });

beforeEach(async () => {
  t.deps.clock = () => new Date(NOW);
  await t.deps.settings.update({ rateLimitEnabled: false, twoFactorEnabled: false });
});
afterEach(() => {
  t.deps.clock = undefined;
  vi.restoreAllMocks();
});

/**
 * Holds the next request whose code was just accepted, where it clears its failure count in Redis (the last
 * step of the check, before the write the code allows), until `release`. `reached` settles once it is held.
 */
function holdAfterCodeCheck(): { reached: Promise<void>; release: () => void } {
  const del = t.deps.redis.del.bind(t.deps.redis) as (...keys: string[]) => Promise<number>;
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  vi.spyOn(t.deps.redis, 'del').mockImplementation((async (...keys: string[]) => {
    if (!held && keys.length === 1 && String(keys[0]).includes(':2fa:fail:')) {
      held = true;
      reached();
      await released;
    }
    return del(...keys);
  }) as never);
  return { reached: reachedP, release };
}

async function signedInAdmin() {
  const admin = await createUser(t.db.sql, 'admin');
  const client = new Client(t.app);
  expect((await client.login(admin.username, PASSWORD)).status).toBe(200);
  return { admin, client };
}

const storedSecret = async (userId: number) => {
  const [row] = await t.db.sql<{ secret: string }[]>`SELECT secret FROM user_two_factor WHERE user_id = ${userId}`;
  return row && open(row.secret, secretKey(t.config.SESSION_SECRET, 'two-factor-secret-v1'));
};

describe('two-factor writes sent at once', () => {
  it('a confirm never turns on a secret other than the one its code was checked against', async () => {
    const { admin, client } = await signedInAdmin();
    const first = await client.post('/api/auth/two-factor/setup');
    expect(first.status).toBe(200);

    // Tab 1 confirms with a code of the first secret; once the code is taken, tab 2 starts the set-up again.
    const hold = holdAfterCodeCheck();
    const confirm = client.post('/api/auth/two-factor/confirm', { code: await codeOf(first.body.secret) });
    await hold.reached;
    const second = await client.post('/api/auth/two-factor/setup');
    expect(second.status).toBe(200);
    expect(second.body.secret).not.toBe(first.body.secret);
    hold.release();

    const answer = await confirm;
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/started again/) });
    // Not on with a secret the user may not hold: the second set-up waits for its own code.
    expect((await client.get('/api/auth/two-factor')).body.enabled).toBe(false);
    expect(await storedSecret(admin.id)).toBe(second.body.secret);
    expect(await t.db.sql`SELECT 1 FROM user_recovery_codes WHERE user_id = ${admin.id}`).toHaveLength(0);
    expect((await new Client(t.app).login(admin.username, PASSWORD)).status).toBe(200);

    const confirmed = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(second.body.secret) });
    expect(confirmed.status).toBe(200);
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('a confirm still turns on the secret it checked when nothing replaced it', async () => {
    const { admin, client } = await signedInAdmin();
    const setup = await client.post('/api/auth/two-factor/setup');
    const hold = holdAfterCodeCheck();
    const confirm = client.post('/api/auth/two-factor/confirm', { code: await codeOf(setup.body.secret) });
    await hold.reached;
    hold.release();
    expect((await confirm).status).toBe(200);
    expect(await storedSecret(admin.id)).toBe(setup.body.secret);
    expect((await client.get('/api/auth/two-factor')).body.enabled).toBe(true);
  });

  it('a disable checked against an enrolment does not turn off the one set up after it', async () => {
    const { admin, client } = await signedInAdmin();
    const first = await client.post('/api/auth/two-factor/setup');
    const enrolled = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(first.body.secret) });
    expect(enrolled.status).toBe(200);
    const [oldCode1, oldCode2] = enrolled.body.recoveryCodes as string[];

    // Tab 1 turns it off with a recovery code; once the code is taken, tab 2 turns it off too, sets it up
    // again and confirms the new secret.
    const hold = holdAfterCodeCheck();
    const disable = client.post('/api/auth/two-factor/disable', { code: oldCode1 });
    await hold.reached;
    expect((await client.post('/api/auth/two-factor/disable', { code: oldCode2 })).status).toBe(200);
    const second = await client.post('/api/auth/two-factor/setup');
    expect(second.status).toBe(200);
    const confirmed = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(second.body.secret) });
    expect(confirmed.status).toBe(200);
    hold.release();

    const answer = await disable;
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/set up again/) });
    // The new enrolment stays on, with its secret and all its recovery codes.
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await storedSecret(admin.id)).toBe(second.body.secret);
    const login = await new Client(t.app).post('/api/login', { username: admin.username, password: PASSWORD });
    expect(login.status).toBe(202);
  });

  it('two disables at once both answer that it is off', async () => {
    const { admin, client } = await signedInAdmin();
    const setup = await client.post('/api/auth/two-factor/setup');
    const enrolled = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(setup.body.secret) });
    const [code1, code2] = enrolled.body.recoveryCodes as string[];
    const hold = holdAfterCodeCheck();
    const disable = client.post('/api/auth/two-factor/disable', { code: code1 });
    await hold.reached;
    expect((await client.post('/api/auth/two-factor/disable', { code: code2 })).status).toBe(200);
    hold.release();
    expect((await disable).status).toBe(200);
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await storedSecret(admin.id)).toBeUndefined();
  });

  it('a disable still turns off the enrolment it checked when nothing replaced it', async () => {
    const { admin, client } = await signedInAdmin();
    const setup = await client.post('/api/auth/two-factor/setup');
    const enrolled = await client.post('/api/auth/two-factor/confirm', { code: await codeOf(setup.body.secret) });
    const hold = holdAfterCodeCheck();
    const disable = client.post('/api/auth/two-factor/disable', { code: enrolled.body.recoveryCodes[0] });
    await hold.reached;
    hold.release();
    expect((await disable).status).toBe(200);
    expect((await client.get('/api/auth/two-factor')).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await storedSecret(admin.id)).toBeUndefined();
    expect(await t.db.sql`SELECT 1 FROM user_recovery_codes WHERE user_id = ${admin.id}`).toHaveLength(0);
  });
});
