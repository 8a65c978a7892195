import { createHash } from 'node:crypto';
import { EMAIL_JOB } from '@barber/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD, signedInClient, type UserFixture } from '../test/fixtures';
import { allJobs, passwordResetJobs } from '../test/queues';
import { lockResetsOf } from './resetLink';

const t = useTestApp({ env: { PUBLIC_URL: 'https://barbers.example' } });
let user: UserFixture;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  user = await createUser(t.db.sql, 'customer');
});

const resetJobs = () => passwordResetJobs(t);
const tokenOf = (resetUrl: string) => new URL(resetUrl).searchParams.get('token')!;

describe('fee collection status', () => {
  it('is off without Stripe keys even though the setting is on', async () => {
    expect((await t.deps.settings.get()).feeCollectionEnabled).toBe(true);
    expect((await new Client(t.app).get('/api/fee-collection-status')).body).toEqual({ feeCollectionEnabled: false });
  });
});

describe('address suggestions', () => {
  it('answers nothing below 3 characters of input', async () => {
    const c = new Client(t.app);
    expect((await c.get('/api/address-suggestions?input=12&city=miami&zipcode=33139')).body).toEqual({
      suggestions: [],
    });
    expect((await c.get('/api/address-suggestions')).body).toEqual({ suggestions: [] });
  });

  it('completes the typed street with the city and ZIP, falling back to Hollywood 33020', async () => {
    const c = new Client(t.app);
    const withZip = await c.get('/api/address-suggestions?input=123%20Main%20St&city=miami&zipcode=33139');
    expect(withZip.body).toEqual({ suggestions: ['123 Main St, Miami Beach, FL 33139'] });
    const fallback = await c.get('/api/address-suggestions?input=123%20Main%20St&zipcode=00000');
    expect(fallback.body).toEqual({ suggestions: ['123 Main St, Hollywood, FL 33020'] });
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the address exists, and queues an email only when it does', async () => {
    const c = new Client(t.app);
    const unknown = await c.post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(unknown).toMatchObject({ status: 200, body: { ok: true } });
    expect(await resetJobs()).toEqual([]);
    const known = await c.post('/api/forgot-password', { email: `${user.username.toUpperCase()}@example.com` });
    expect(known).toMatchObject({ status: 200, body: { ok: true } });
    const jobs = await resetJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ userId: user.id, email: `${user.username}@example.com` });
    expect(jobs[0]!.resetUrl).toMatch(/^https:\/\/barbers\.example\/reset-password\?token=[\w-]{43}$/);
    // only the hash is stored
    const [row] = await t.db.sql<
      { tokenHash: string }[]
    >`SELECT token_hash AS "tokenHash" FROM password_resets WHERE user_id = ${user.id}`;
    expect(row!.tokenHash).toBe(createHash('sha256').update(tokenOf(jobs[0]!.resetUrl)).digest('hex'));
    expect((await c.post('/api/forgot-password', { email: 'not-an-email' })).status).toBe(400);
  });

  it('sets the password once with the token from the email, and signs the user out everywhere', async () => {
    const signedIn = new Client(t.app);
    await signedIn.login(user.username, PASSWORD);
    const [job] = (await resetJobs()).slice(-1);
    const token = tokenOf(job!.resetUrl);
    const c = new Client(t.app);
    expect((await c.post('/api/reset-password', { token, newPassword: 'short' })).status).toBe(400);
    const ok = await c.post('/api/reset-password', { token, newPassword: 'resetpass1' });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    await new Client(t.app).login(user.username, 'resetpass1');
    expect((await signedIn.get('/api/current-user')).status).toBe(401);

    const again = await c.post('/api/reset-password', { token, newPassword: 'resetpass2' });
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/invalid or has expired/) },
    });
    await new Client(t.app).login(user.username, 'resetpass1');
  });

  it('refuses an expired token and an unknown one', async () => {
    await new Client(t.app).post('/api/forgot-password', { email: `${user.username}@example.com` });
    const [job] = (await resetJobs()).slice(-1);
    const token = tokenOf(job!.resetUrl);
    await t.db
      .sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND used_at IS NULL`;
    const c = new Client(t.app);
    expect((await c.post('/api/reset-password', { token, newPassword: 'expired123' })).status).toBe(400);
    expect((await c.post('/api/reset-password', { token: 'a'.repeat(43), newPassword: 'unknown123' })).status).toBe(
      400,
    );
    await new Client(t.app).login(user.username, 'resetpass1');
  });

  it('keeps to three links when the requests come all at once', async () => {
    const other = await createUser(t.db.sql, 'customer');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        new Client(t.app).post('/api/forgot-password', { email: `${other.username}@example.com` }),
      ),
    );
    const [live] = await t.db.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM password_resets WHERE user_id = ${other.id} AND used_at IS NULL`;
    expect(live!.count).toBe(3);
  });

  it('sends at most three live links an account, each good until one is used: a stranger can neither flood nor kill them', async () => {
    const c = new Client(t.app);
    const before = (await resetJobs()).length;
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/forgot-password', { email: `${user.username}@example.com` })).status).toBe(200);
    const links = (await resetJobs()).slice(before);
    expect(links).toHaveLength(3);
    expect(
      (await c.post('/api/reset-password', { token: tokenOf(links[0]!.resetUrl), newPassword: 'older1234' })).status,
    ).toBe(200);
    // the others die with it
    expect(
      (await c.post('/api/reset-password', { token: tokenOf(links[2]!.resetUrl), newPassword: 'newer1234' })).status,
    ).toBe(400);
    // and, none live any more, a new one is sent
    await c.post('/api/forgot-password', { email: `${user.username}@example.com` });
    expect(await resetJobs()).toHaveLength(before + 4);
  });

  it('ends the links sent to an old address when the email changes, and keeps them when only the name does', async () => {
    const owner = await createUser(t.db.sql, 'customer');
    const self = await signedInClient(t.app, owner);
    const c = new Client(t.app);
    const before = (await resetJobs()).length;
    const profile = (email: string) => ({ fullName: 'Owner Renamed', email, phone: '' });
    const liveLinks = async () =>
      (
        await t.db.sql<{ count: number }[]>`
          SELECT count(*)::int AS count FROM password_resets WHERE user_id = ${owner.id} AND used_at IS NULL`
      )[0]!.count;

    await c.post('/api/forgot-password', { email: `${owner.username}@example.com` });
    const renamed = await self.put(`/api/users/${owner.id}`, profile(`${owner.username.toUpperCase()}@example.com`));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await c.post('/api/forgot-password', { email: `${owner.username}@example.com` });
    expect(await liveLinks()).toBe(2);

    const moved = await self.put(`/api/users/${owner.id}`, profile(`moved-${owner.username}@example.com`));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await liveLinks()).toBe(0);
    const links = (await resetJobs()).slice(before);
    expect(links).toHaveLength(2);
    for (const link of links)
      expect(
        (await c.post('/api/reset-password', { token: tokenOf(link.resetUrl), newPassword: 'taken12345' })).status,
      ).toBe(400);
    await new Client(t.app).login(owner.username, PASSWORD);
  });

  it('tells the old address when the email changes (outbox and queue), and nobody when only the case or the name does', async () => {
    const owner = await createUser(t.db.sql, 'customer');
    const self = await signedInClient(t.app, owner);
    const oldEmail = `${owner.username}@example.com`;
    const told = async () =>
      (await allJobs(t.deps.queues.notifications)).filter(
        (j) => j.name === EMAIL_JOB && String(j.id).startsWith(`email-changed-${owner.id}-`),
      );
    const profile = (email: string) => ({ fullName: 'Owner Renamed', email, phone: '' });

    expect((await self.put(`/api/users/${owner.id}`, profile(oldEmail.toUpperCase()))).status).toBe(200);
    expect(await told()).toEqual([]);

    const moved = await self.put(`/api/users/${owner.id}`, profile(`elsewhere-${owner.username}@example.com`));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [job] = await told();
    expect(job?.data).toMatchObject({
      userId: null, // to the old address itself, not the account's address now
      to: oldEmail.toUpperCase(),
      subject: 'Your email address was changed',
      text: expect.stringContaining(`was changed from this address to elsewhere-${owner.username}@example.com`),
    });
    const [row] = await t.db.sql`SELECT name, data->>'to' AS to FROM notification_outbox WHERE job_id = ${job!.id!}`;
    expect(row).toEqual({ name: EMAIL_JOB, to: oldEmail.toUpperCase() });
  });

  it('ends a link being made for the old address while the email changes: the change waits for it, no deadlock', async () => {
    const owner = await createUser(t.db.sql, 'customer');
    const self = await signedInClient(t.app, owner);
    const oldEmail = `${owner.username}@example.com`;
    let moving: ReturnType<typeof self.put> | undefined;
    // A reset request's transaction (passwordReset.ts) that found the account by its old address and has not
    // committed its link yet when the change arrives.
    await t.db.sql.begin(async (tx) => {
      await lockResetsOf(tx, oldEmail);
      const [found] = await tx<{ id: number }[]>`SELECT id FROM users WHERE lower(email) = lower(${oldEmail})`;
      moving = self.put(`/api/users/${owner.id}`, {
        fullName: 'Owner Moved',
        email: `moved-${owner.username}@example.com`,
        phone: '',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The link's foreign key locks the user's row (KEY SHARE): it must not wait for the change while the change
      // waits for this lock (a deadlock, and a 500 for one of the two).
      await tx`INSERT INTO password_resets (token_hash, user_id, expires_at)
               VALUES (${`race-${owner.id}`}, ${found!.id}, now() + interval '1 hour')`;
    });
    expect((await moving!).status).toBe(200);
    const [open] = await t.db.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM password_resets WHERE user_id = ${owner.id} AND used_at IS NULL`;
    expect(open!.count).toBe(0);
  });
});

describe('forgot password, the time it takes', () => {
  it('answers without waiting for the queue (its round trips would tell an address with an account by the time taken)', async () => {
    const add = vi.spyOn(t.deps.queues.notifications, 'add').mockImplementation(() => new Promise(() => {}));
    try {
      const answer = new Client(t.app).post('/api/forgot-password', { email: `${user.username}@example.com` });
      const late = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000));
      expect(await Promise.race([answer.then((r) => r.status), late])).toBe(200);
      expect(add).toHaveBeenCalledOnce();
    } finally {
      add.mockRestore();
    }
  });
});
