import { Worker, type Job, type Processor } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueName } from '@barber/backend/src/jobs/queues';
import type { WorkerDeps } from './deps';
import { inAppNotification } from './jobs/inAppNotification';

type Handler = (deps: WorkerDeps, job: Job) => Promise<unknown>;

/** Job name -> handler, per queue. A job with an unknown name fails loudly (kept in the failed set). */
export const handlers: Partial<Record<QueueName, Record<string, Handler>>> = {
  notifications: { 'in-app': inAppNotification },
};

export interface RunningWorkers {
  workers: Worker[];
  close: () => Promise<void>;
}

/** Starts one BullMQ worker per queue that has handlers. */
export function startWorkers(deps: WorkerDeps, options: { concurrency?: number } = {}): RunningWorkers {
  const connection = new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: null });
  const workers = Object.entries(handlers).map(([queue, byName]) => {
    const processor: Processor = async (job) => {
      const handler = byName?.[job.name];
      if (!handler) throw new Error(`No handler for job "${job.name}" on queue "${queue}"`);
      return handler(deps, job);
    };
    return new Worker(queue, processor, {
      connection,
      prefix: `${deps.config.REDIS_PREFIX}:bull`,
      concurrency: options.concurrency ?? 4,
    });
  });
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
