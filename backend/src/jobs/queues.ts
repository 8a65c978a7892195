import type { Sql } from '../db/connect';
import { within } from '../lib/within';
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

/** How long a health check waits for an answer: the queues' Redis client waits for ever while Redis is away. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * Whether Postgres and the queues' Redis both answer, and Redis takes a write (a full Redis, or a read-only replica
 * after a failover, answers reads and refuses every job): a log subscriber that queues jobs fails on every event
 * while one of them is away, and none of those events is at fault (eventstore/subscription.ts parks only one that is).
 */
export async function storesAnswer(deps: { sql: Sql; queues: Pick<Queues, 'notifications'> }): Promise<boolean> {
  const check = async () => {
    await deps.sql`SELECT 1`;
    const redis = await deps.queues.notifications.backend.client;
    await redis.set(`${deps.queues.notifications.qualifiedName}:health`, String(Date.now())); // a write
  };
  try {
    await within(HEALTH_TIMEOUT_MS, check());
    return true;
  } catch {
    return false;
  }
}
