import { Worker, type Job, type Processor } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueName } from '@barber/backend/jobs/queues';
import { CANCEL_INTENT_JOB, CHECK_REFUND_JOB } from '@barber/shared';
import type { WorkerDeps } from './deps';
import { cancelIntent } from './jobs/cancelIntent';
import { checkRefund } from './jobs/checkRefund';
import { email } from './jobs/email';
import { inAppNotification } from './jobs/inAppNotification';
import { passwordReset } from './jobs/passwordReset';
import { refund } from './jobs/refund';
import { reminder } from './jobs/reminder';
import { stripeEvent } from './jobs/stripeEvent';

type Handler = (deps: WorkerDeps, job: Job) => Promise<unknown>;

/** Job name -> handler, per queue. A job with an unknown name fails loudly (kept in the failed set). */
export const handlers: Partial<Record<QueueName, Record<string, Handler>>> = {
  notifications: { 'in-app': inAppNotification, email, 'password-reset': passwordReset },
  'stripe-events': { 'stripe-event': stripeEvent },
  refunds: { refund, [CANCEL_INTENT_JOB]: cancelIntent, [CHECK_REFUND_JOB]: checkRefund },
  reminders: { reminder },
};

export interface RunningWorkers {
  workers: Worker[];
  /** Finishes the jobs in hand and stops; `force` abandons them (as a crash would: they stall and are retried). */
  close: (force?: boolean) => Promise<void>;
}

export interface WorkerOptions {
  concurrency?: number;
  /** How long a job's lock lasts without renewal, and how often stalled jobs are looked for (ms; tests shorten them). */
  lockDuration?: number;
  stalledInterval?: number;
}

/** Starts one BullMQ worker per queue that has handlers. */
export function startWorkers(deps: WorkerDeps, options: WorkerOptions = {}): RunningWorkers {
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
      ...(options.lockDuration ? { lockDuration: options.lockDuration } : {}),
      ...(options.stalledInterval ? { stalledInterval: options.stalledInterval } : {}),
    });
  });
  return {
    workers,
    close: async (force = false) => {
      await Promise.all(workers.map((w) => w.close(force)));
      if (force) connection.disconnect();
      else await connection.quit().catch(() => connection.disconnect());
    },
  };
}
