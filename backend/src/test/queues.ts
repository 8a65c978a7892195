import { PASSWORD_RESET_JOB, passwordResetJobSchema } from '@barber/shared';
import type { Queue } from 'bullmq';
import { vi } from 'vitest';
import { openResetUrl } from '../platform/resetLink';
import type { TestApp } from './app';

/** Every job of the queue, whatever its state: no worker runs beside the backend's tests. */
export function allJobs(queue: Queue) {
  return queue.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
}

/**
 * The password-reset emails queued, oldest first (as their outbox rows were written), with their links opened. The
 * request answers before its job is queued (passwordReset.ts): waits up to two seconds for every owed one.
 */
export async function passwordResetJobs(t: TestApp) {
  const order = (
    await t.db.sql<{ jobId: string }[]>`
      SELECT job_id AS "jobId" FROM notification_outbox WHERE name = ${PASSWORD_RESET_JOB} ORDER BY created_at, job_id`
  ).map((r) => r.jobId);
  const jobs = await vi.waitFor(
    async () => {
      const queued = await resetJobsQueued(t);
      if (order.some((id) => !queued.some((j) => j.id === id)))
        throw new Error('a password-reset job owed is not queued');
      return queued;
    },
    { timeout: 2_000, interval: 20 },
  );
  return jobs
    .sort((a, b) => order.indexOf(a.id!) - order.indexOf(b.id!))
    .map((j) => {
      const job = passwordResetJobSchema.parse(j.data);
      return { ...job, resetUrl: openResetUrl(t.config, job.sealedResetUrl)! };
    });
}

async function resetJobsQueued(t: TestApp) {
  return (await allJobs(t.deps.queues.notifications)).filter((j) => j.name === PASSWORD_RESET_JOB);
}
