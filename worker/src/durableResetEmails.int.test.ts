import { createUser } from '@barber/backend/test/fixtures';
import { Client } from '@barber/backend/test/client';
import { describe, expect, it } from 'vitest';
import { sweep } from './sweeper';
import { unreachableQueues, useMailingWorker } from './testkit';

/**
 * A password reset's email is owed by the outbox, written with the token: with Redis unreachable the request
 * still answers ok, the sweeper queues the email later, and the link is sealed wherever it waits (the outbox,
 * the job). A link that can no longer be used (another link of the account was used) is not sent.
 */
const { t, smtp } = await useMailingWorker({ rateLimitEnabled: false });

/** A sweep late enough that the jobs queued a moment ago count as settled. */
const sweepLater = () => sweep(t.deps, { now: new Date(Date.now() + 120_000) });
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Reset'));
const owed = (userId: number) =>
  t.db.sql<{ jobId: string; handled: boolean; data: string }[]>`
    SELECT job_id AS "jobId", handled_at IS NOT NULL AS handled, data::text AS data FROM notification_outbox
     WHERE name = 'password-reset' AND (data ->> 'userId')::int = ${userId} ORDER BY created_at`;
const asked = (email: string) => new Client(t.app).post('/api/forgot-password', { email });
/** The request made while every queue add fails, as with Redis unreachable. */
async function askedWhileRedisIsDown(email: string) {
  const live = t.deps.queues;
  t.deps.queues = unreachableQueues(t);
  try {
    return await asked(email);
  } finally {
    await t.deps.queues.close().catch(() => {});
    t.deps.queues = live;
  }
}

describe('password reset emails are never lost', () => {
  it('with Redis unreachable the request answers ok, and the sweeper queues the email later, sent once', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const email = `${user.username}@example.com`;
    expect((await askedWhileRedisIsDown(email)).status).toBe(200);
    const [row] = await owed(user.id);
    expect(row).toMatchObject({ handled: false });
    expect(row!.data).not.toContain('token='); // sealed, not the link

    expect((await sweepLater()).notices).toEqual({ queued: 1 });
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    const token = /token=([\w-]+)/.exec(mailsTo(email)[0]!.text)![1]!;
    expect((await new Client(t.app).post('/api/reset-password', { token, newPassword: 'after-outage-1' })).status).toBe(
      200,
    );
    await expect.poll(async () => (await owed(user.id))[0]!.handled, { timeout: 10_000 }).toBe(true);
    expect((await sweepLater()).notices).toEqual({});
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('does not send a link that died while its email was owed (another link of the account was used)', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const email = `${user.username}@example.com`;
    expect((await askedWhileRedisIsDown(email)).status).toBe(200); // owed, not queued
    expect((await asked(email)).status).toBe(200); // queued at once
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    const token = /token=([\w-]+)/.exec(mailsTo(email)[0]!.text)![1]!;
    expect((await new Client(t.app).post('/api/reset-password', { token, newPassword: 'newest-link-1' })).status).toBe(
      200,
    );
    expect((await sweepLater()).notices).toEqual({ queued: 1 }); // the older one, whose link died with the used one
    await expect.poll(async () => (await owed(user.id)).every((r) => r.handled), { timeout: 10_000 }).toBe(true);
    expect(mailsTo(email)).toHaveLength(1);
  });
});
