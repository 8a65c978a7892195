import type { Queue } from 'bullmq';

/** What a sweeper did for a side effect Postgres says is still owed. */
export type EnsureOutcome = 'queued' | 'retried' | 'pending';

/**
 * Makes sure the job `jobId` will run: one that is missing (Redis lost it) is queued again by `add`, one
 * that finished (failed for good, or completed without its effect being recorded) runs again with its
 * attempts reset; one waiting or running is left alone. Every job this is used for is idempotent.
 */
export async function ensureJob(queue: Queue, jobId: string, add: () => Promise<unknown>): Promise<EnsureOutcome> {
  const job = await queue.getJob(jobId);
  const state = job ? await job.getState() : 'unknown';
  if (state === 'failed' || state === 'completed') {
    await job!.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
    return 'retried';
  }
  if (job && state !== 'unknown') return 'pending';
  await add();
  return 'queued';
}

/** ensureJob for each item, one after the other (a sweep keeps Redis busy, not flooded). */
export async function ensureJobs<T>(
  queue: Queue,
  items: readonly T[],
  jobIdOf: (item: T) => string,
  add: (item: T) => Promise<unknown>,
): Promise<EnsureOutcome[]> {
  const outcomes: EnsureOutcome[] = [];
  for (const item of items) outcomes.push(await ensureJob(queue, jobIdOf(item), () => add(item)));
  return outcomes;
}

/** A sweeper's pass over Postgres: the instant it runs at, how long a job's first request is given, how many rows. */
export interface SweepOptions {
  now?: Date;
  /** How long the event-log subscriber (or the webhook) has to queue the job itself first: a minute. */
  settleMs?: number;
  /** At most this many rows a pass: 500. */
  limit?: number;
}

/** Rows changed before this instant are the sweeper's: the first request has had its chance. */
export function settledBefore(options: SweepOptions): Date {
  return new Date((options.now ?? new Date()).getTime() - (options.settleMs ?? 60_000));
}

export const sweepLimit = (options: SweepOptions): number => options.limit ?? 500;
