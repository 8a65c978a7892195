import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@barber/backend/src/test/app';
import { createUser } from '@barber/backend/src/test/fixtures';
import { startWorkers, type RunningWorkers } from './worker';

const t = useTestApp();
let running: RunningWorkers;
beforeAll(() => {
  running = startWorkers(t.deps);
});
afterAll(async () => {
  await running.close();
});

describe('worker', () => {
  it('processes a job the backend enqueued, once even when delivered twice', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const data = { userId: user.id, kind: 'test', title: 'Hello', body: 'From the backend', bookingId: null, sourceKey: 'test-1' };
    const first = await t.deps.queues.notifications.add('in-app', data);
    const again = await t.deps.queues.notifications.add('in-app', data);
    const events = new QueueEvents('notifications', { connection: { url: t.config.REDIS_URL }, prefix: `${t.config.REDIS_PREFIX}:bull` });
    await events.waitUntilReady();
    const [r1, r2] = await Promise.all([first.waitUntilFinished(events, 10_000), again.waitUntilFinished(events, 10_000)]);
    await events.close();
    expect([r1.created, r2.created].sort()).toEqual([false, true]);
    const rows = await t.db.sql`SELECT title, body FROM notifications WHERE user_id = ${user.id}`;
    expect(rows).toEqual([{ title: 'Hello', body: 'From the backend' }]);
  });

  it('keeps a job with an unknown name as failed', async () => {
    const job = await t.deps.queues.notifications.add('no-such-job', {}, { attempts: 1 });
    await expect.poll(async () => (await job.getState?.()) ?? (await t.deps.queues.notifications.getJobState(job.id!)), { timeout: 5000 }).toBe('failed');
  });
});
