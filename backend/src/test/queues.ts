import { PASSWORD_RESET_JOB, passwordResetJobSchema } from '@barber/shared';
import type { Queue } from 'bullmq';
import type { TestApp } from './app';

/** Every job of the queue, whatever its state: no worker runs beside the backend's tests. */
export function allJobs(queue: Queue) {
  return queue.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
}

/** The password-reset emails queued, oldest first. */
export async function passwordResetJobs(t: TestApp) {
  return (await allJobs(t.deps.queues.notifications))
    .filter((j) => j.name === PASSWORD_RESET_JOB)
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((j) => passwordResetJobSchema.parse(j.data));
}
