import { ErrorCode, type Queue } from 'bullmq';

/** What a sweeper did for a side effect Postgres says is still owed. */
export type EnsureOutcome = 'queued' | 'retried' | 'pending';

/**
 * Makes sure the job `jobId` will run: one that is missing (Redis lost it) is queued again by `add`, one
 * that finished (failed for good, or completed without its effect being recorded) runs again with its
 * attempts reset; one waiting or running is left alone. Every job this is used for is idempotent.
 * Another sweeper (a second worker process) may retry the same finished job first: this one then finds it
 * no longer in the state it read, and it is pending.
 */
export async function ensureJob(queue: Queue, jobId: string, add: () => Promise<unknown>): Promise<EnsureOutcome> {
  const job = await queue.getJob(jobId);
  const state = job ? await job.getState() : 'unknown';
  if (state === 'failed' || state === 'completed') {
    try {
      await job!.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch (error) {
      if (movedMeanwhile(error)) return 'pending';
      throw error;
    }
    return 'retried';
  }
  if (job && state !== 'unknown') return 'pending';
  await add();
  return 'queued';
}

/** BullMQ's answer to a retry of a job no longer in the finished state it was read in (script reprocessJob: -3). */
const movedMeanwhile = (error: unknown): boolean =>
  error instanceof Error && (error as Error & { code?: unknown }).code === ErrorCode.JobNotInState;

/** A job as `queue.add` takes it, its id given: what a sweeper queues again for a row Postgres keeps. */
export interface OwedJob {
  name: string;
  data: unknown;
  opts: { jobId: string };
}

/**
 * ensureJob for each job of a page of rows, in a few requests to Redis: whether each is missing or finished (one
 * cheap script each, sent together), the missing ones queued by one `addBulk`, the finished ones retried (ensureJob).
 * A repeat is harmless: `add` keeps a job whose id is taken, and a retry of a job moved meanwhile is 'pending'.
 */
export async function ensureJobs(queue: Queue, jobs: readonly OwedJob[]): Promise<EnsureOutcome[]> {
  // -1: no such job (Redis lost it); 1, 2: completed, failed; 0: waiting, delayed or running
  const states = await Promise.all(jobs.map((job) => queue.backend.isFinished(job.opts.jobId)));
  const missing = jobs.filter((_, i) => states[i] === -1);
  if (missing.length) await queue.addBulk(missing);
  return Promise.all(
    jobs.map(async (job, i): Promise<EnsureOutcome> => {
      if (states[i] === -1) return 'queued';
      if (states[i] === 0) return 'pending';
      return ensureJob(queue, job.opts.jobId, () => queue.add(job.name, job.data, job.opts));
    }),
  );
}

/** Where a sweeper's pass over rows ordered by (time, key) is: the last row read, its time as Postgres wrote it. */
export interface SweepCursor {
  /** The row's timestamptz as text (`::text`): as a Date it would lose its microseconds, and the row be read again. */
  at: string;
  key: string;
}

/** Before every row. */
const START: SweepCursor = { at: '-infinity', key: '' };

/**
 * A sweeper's pass over every row owed, by pages of `sweepLimit` rows after the last one read (a keyset on (time, key):
 * rows that stay owed, their jobs waiting in Redis, hide none behind them), each page ensured by `ensurePage`, until a
 * short page or, a page done, `budgetMs` used up: a backlog after an outage drains in one pass, or a few.
 */
export async function ensurePaged<Row extends SweepCursor>(
  options: SweepOptions,
  page: (after: SweepCursor, limit: number) => Promise<Row[]>,
  ensurePage: (rows: Row[]) => Promise<EnsureOutcome[]>,
): Promise<EnsureOutcome[]> {
  const limit = sweepLimit(options);
  const until = performance.now() + (options.budgetMs ?? 60_000);
  const outcomes: EnsureOutcome[] = [];
  let after = START;
  for (;;) {
    const rows = await page(after, limit);
    if (rows.length) outcomes.push(...(await ensurePage(rows)));
    if (rows.length < limit || performance.now() >= until) return outcomes;
    const { at, key } = rows[rows.length - 1]!;
    after = { at, key };
  }
}

/** A sweeper's pass over Postgres: the instant it runs at, how long a job's first request is given, how many rows. */
export interface SweepOptions {
  now?: Date;
  /** How long the event-log subscriber (or the webhook) has to queue the job itself first: a minute. */
  settleMs?: number;
  /** At most this many rows a pass (a page, for the passes that page): 500. */
  limit?: number;
  /** How long a paging pass reads more pages (ensurePaged): a minute. */
  budgetMs?: number;
}

/** Rows changed before this instant are the sweeper's: the first request has had its chance. */
export function settledBefore(options: SweepOptions): Date {
  return new Date((options.now ?? new Date()).getTime() - (options.settleMs ?? 60_000));
}

export const sweepLimit = (options: SweepOptions): number => options.limit ?? 500;
