import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

/** Queue names shared by the backend (producer) and the worker (consumer). */
export const QUEUE_NAMES = ['stripe-events', 'notifications', 'reminders', 'refunds'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

export type Queues = Record<QueueName, Queue> & { close: () => Promise<void> };

/** BullMQ producers. The connection must allow blocking commands: maxRetriesPerRequest null. */
export function createQueues(connection: Redis, prefix: string): Queues {
  const entries = QUEUE_NAMES.map(
    (name) => [name, new Queue(name, { connection, prefix: `${prefix}:bull`, defaultJobOptions })] as const,
  );
  const queues = Object.fromEntries(entries) as Record<QueueName, Queue>;
  return {
    ...queues,
    close: async () => {
      await Promise.all(entries.map(([, q]) => q.close()));
    },
  };
}
