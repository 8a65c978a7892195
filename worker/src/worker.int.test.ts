import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@barber/backend/test/app';
import { createUser } from '@barber/backend/test/fixtures';
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
    const data = {
      userId: user.id,
      kind: 'test',
      title: 'Hello',
      body: 'From the backend',
      bookingId: null,
      sourceKey: 'test-1',
    };
    const first = await t.deps.queues.notifications.add('in-app', data);
    const again = await t.deps.queues.notifications.add('in-app', data);
    // Polled rather than awaited through QueueEvents, which may miss a job that finishes before it listens.
    const queue = t.deps.queues.notifications;
    for (const job of [first, again])
      await expect.poll(() => queue.getJobState(job.id!), { timeout: 10_000 }).toBe('completed');
    const results = await Promise.all(
      [first, again].map(async (job) => (await queue.getJob(job.id!))!.returnvalue.created),
    );
    expect(results.sort()).toEqual([false, true]);
    const rows = await t.db.sql`SELECT title, body FROM notifications WHERE user_id = ${user.id}`;
    expect(rows).toEqual([{ title: 'Hello', body: 'From the backend' }]);
  });

  it('keeps a job with an unknown name as failed', async () => {
    const job = await t.deps.queues.notifications.add('no-such-job', {}, { attempts: 1 });
    await expect
      .poll(async () => (await job.getState?.()) ?? (await t.deps.queues.notifications.getJobState(job.id!)), {
        timeout: 5000,
      })
      .toBe('failed');
  });
});
