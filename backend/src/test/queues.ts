import { PASSWORD_RESET_JOB, passwordResetJobSchema } from '@barber/shared';
import type { Queue } from 'bullmq';
import { openResetUrl } from '../platform/resetLink';
import type { TestApp } from './app';

/** Every job of the queue, whatever its state: no worker runs beside the backend's tests. */
export function allJobs(queue: Queue) {
  return queue.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
}

/** The password-reset emails queued, oldest first (as their outbox rows were written), with their links opened. */
export async function passwordResetJobs(t: TestApp) {
  const order = (
    await t.db.sql<{ jobId: string }[]>`
      SELECT job_id AS "jobId" FROM notification_outbox WHERE name = ${PASSWORD_RESET_JOB} ORDER BY created_at, job_id`
  ).map((r) => r.jobId);
  return (await allJobs(t.deps.queues.notifications))
    .filter((j) => j.name === PASSWORD_RESET_JOB)
    .sort((a, b) => order.indexOf(a.id!) - order.indexOf(b.id!))
    .map((j) => {
      const job = passwordResetJobSchema.parse(j.data);
      return { ...job, resetUrl: openResetUrl(t.config, job.sealedResetUrl)! };
    });
}
