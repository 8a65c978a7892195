import type { TestApp } from '@barber/backend/test/app';
import type { Config } from '@barber/backend/config';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, expect } from 'vitest';
import type { WorkerDeps } from './deps';
import { startSubscribers, type RunningSubscribers } from './subscribers';
import { startWorkers, type RunningWorkers, type WorkerOptions } from './worker';

/** Subscribers that poll fast and log nothing: the tests look at what they did. */
export const subscriberOptions = { pollMs: 200, log: { error: () => {} } };

/** Short locks: a job whose worker died is found stalled and retried within about a second. */
export const FAST: WorkerOptions = { lockDuration: 1000, stalledInterval: 500 };

/** The app's environment for tests that read the worker's emails at a test SMTP server (Stripe unused). */
export const smtpEnv = (smtp: { url: string }): Partial<Config> => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://barbers.example',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
});

export interface WorkerStack {
  /** What the workers and subscribers run on: the app's deps, or a copy of them (`ownDeps`). */
  deps: WorkerDeps;
  /** A test may close them and start others here; the ones here at the end are closed. */
  workers: RunningWorkers;
  subscribers: RunningSubscribers | undefined;
}

/**
 * The worker running beside the test app for the file: the platform settings given, then the job
 * workers and the event-log subscribers; after the file, subscribers stopped, workers closed and
 * `close` (the file's test servers) run.
 */
export function useWorkerStack(
  t: TestApp,
  options: {
    settings: Parameters<TestApp['deps']['settings']['update']>[0];
    workers?: WorkerOptions;
    /** A copy of the app's deps, so that breaking the app's queues (the HTTP side) leaves the worker whole. */
    ownDeps?: boolean;
    close?: () => Promise<void>;
  },
): WorkerStack {
  const stack = {} as WorkerStack;
  beforeAll(async () => {
    await t.deps.settings.update(options.settings);
    stack.deps = options.ownDeps ? { ...t.deps } : t.deps;
    stack.workers = startWorkers(stack.deps, options.workers);
    stack.subscribers = await startSubscribers(stack.deps, subscriberOptions);
  });
  afterAll(async () => {
    await stack.subscribers?.stop();
    await stack.workers?.close();
    await options.close?.();
  });
  return stack;
}

/** Waits for the job to complete and returns it. */
export async function finished(queue: Queue, jobId: string, timeout = 10_000) {
  await expect.poll(() => queue.getJobState(jobId), { timeout }).toBe('completed');
  return (await queue.getJob(jobId))!;
}
