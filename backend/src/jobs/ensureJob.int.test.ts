import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testRedis } from '../test/context';
import { ensureJob, ensureJobs } from './ensureJob';

/*
 * ensureJob against a real queue and worker: several worker processes sweep at once, so two of them may find the same
 * finished job and both retry it.
 */
const { url, prefix } = testRedis();
const NAME = 'ensure';
let connection: Redis;
/** This sweeper's queue, and another worker process's. */
let queue: Queue;
let other: Queue;
let worker: Worker;
/** How many times each job ran; a job whose data says `failFirst` fails for good the first time. */
const runs = new Map<string, number>();

beforeAll(async () => {
  connection = new Redis(url, { maxRetriesPerRequest: null });
  queue = new Queue(NAME, { connection, prefix });
  other = new Queue(NAME, { connection, prefix });
  worker = new Worker(
    NAME,
    async (job: Job<{ failFirst?: boolean }>) => {
      const n = (runs.get(job.id!) ?? 0) + 1;
      runs.set(job.id!, n);
      if (job.data.failFirst && n === 1) throw new Error('failed for good');
    },
    { connection, prefix },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await worker.close();
  await queue.obliterate({ force: true });
  await Promise.all([queue.close(), other.close()]);
  await connection.quit();
});

const stateOf = (id: string) => queue.getJobState(id);

/** A job that ran once and ended `state`. */
async function finishedJob(id: string, state: 'completed' | 'failed') {
  await queue.add('work', { failFirst: state === 'failed' }, { jobId: id });
  await expect.poll(() => stateOf(id), { timeout: 10_000 }).toBe(state);
  expect(runs.get(id)).toBe(1);
}

/** This sweeper's next getJob reads the job's state, and `meanwhile` runs before the state is answered. */
function beforeStateRead(meanwhile: (id: string) => Promise<unknown>) {
  const getJob = queue.getJob.bind(queue);
  vi.spyOn(queue, 'getJob').mockImplementationOnce(async (id: string) => {
    const job = (await getJob(id))!;
    const read = job.getState.bind(job);
    job.getState = async () => {
      const state = await read();
      await meanwhile(id);
      return state;
    };
    return job;
  });
}

const retryElsewhere = (state: 'completed' | 'failed') => async (id: string) =>
  (await other.getJob(id))!.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });

describe('ensureJob', () => {
  for (const state of ['completed', 'failed'] as const)
    it(`a job ${state} that another sweeper retried first is pending, and runs once more`, async () => {
      const id = `raced-${state}`;
      await finishedJob(id, state);
      beforeStateRead(retryElsewhere(state));
      const add = vi.fn(async () => {});

      expect(await ensureJob(queue, id, add)).toBe('pending');
      expect(add).not.toHaveBeenCalled();
      await expect.poll(() => stateOf(id), { timeout: 10_000 }).toBe('completed');
      expect(runs.get(id)).toBe(2);
    });

  it('two sweepers ensuring one finished job at once: one retries it, the other finds it pending; it runs once more', async () => {
    for (let round = 0; round < 5; round++) {
      const id = `both-${round}`;
      await finishedJob(id, 'completed');
      const outcomes = await Promise.all([ensureJob(queue, id, async () => {}), ensureJob(other, id, async () => {})]);
      expect(outcomes.sort()).toEqual(['pending', 'retried']);
      await expect.poll(() => stateOf(id), { timeout: 10_000 }).toBe('completed');
      expect(runs.get(id)).toBe(2);
    }
  });

  it('any other refusal of the retry still fails: a job removed meanwhile', async () => {
    const id = 'removed-meanwhile';
    await finishedJob(id, 'completed');
    beforeStateRead((jobId) => other.remove(jobId));
    await expect(ensureJob(queue, id, async () => {})).rejects.toThrow(/Missing key for job/);
  });
});

describe('ensureJobs', () => {
  it('queues the missing jobs, retries the finished ones and leaves the pending one', async () => {
    await finishedJob('page-completed', 'completed');
    await finishedJob('page-failed', 'failed');
    await worker.pause();
    try {
      await queue.add('work', {}, { jobId: 'page-waiting' });
      const ids = ['page-missing-1', 'page-waiting', 'page-completed', 'page-failed', 'page-missing-2'];
      const outcomes = await ensureJobs(
        queue,
        ids.map((jobId) => ({ name: 'work', data: {}, opts: { jobId } })),
      );
      expect(outcomes).toEqual(['queued', 'pending', 'retried', 'retried', 'queued']);
      expect(await Promise.all(ids.map(stateOf))).toEqual(ids.map(() => 'waiting'));
      // Again at once: every one of them is pending now, nothing is queued twice.
      const again = await ensureJobs(
        queue,
        ids.map((jobId) => ({ name: 'work', data: {}, opts: { jobId } })),
      );
      expect(again).toEqual(ids.map(() => 'pending'));
    } finally {
      worker.resume();
    }
    for (const id of ['page-missing-1', 'page-waiting', 'page-missing-2'])
      await expect.poll(() => runs.get(id), { timeout: 10_000 }).toBe(1);
    for (const id of ['page-completed', 'page-failed'])
      await expect.poll(() => runs.get(id), { timeout: 10_000 }).toBe(2);
  });
});
