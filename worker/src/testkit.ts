import { bookableBarber, signedIn, type BookableBarber, type Person } from '@barber/backend/bookings/testkit';
import { intentIdOf, pendingBooking } from '@barber/backend/payments/testkit';
import { useTestApp, type TestApp } from '@barber/backend/test/app';
import { startSmtpServer, type TestSmtpServer } from '@barber/backend/test/smtp';
import type { StripeStub } from '@barber/backend/test/stripeStub';
import type { Config } from '@barber/backend/config';
import { createQueues, type Queues } from '@barber/backend/jobs/queues';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import type { WorkerDeps } from './deps';
import { startSubscribers, type RunningSubscribers } from './subscribers';
import { startWorkers, type RunningWorkers, type WorkerOptions } from './worker';

/** Subscribers that poll fast and log nothing: the tests look at what they did. */
export const subscriberOptions = { pollMs: 200, log: { error: () => {} } };

/** Short locks: a job whose worker died is found stalled and retried within about a second. */
export const FAST: WorkerOptions = { lockDuration: 1000, stalledInterval: 500 };

/** The app's environment for tests that read the worker's emails at a test SMTP server (Stripe unused). */
const smtpEnv = (smtp: { url: string }): Partial<Config> => ({
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
export interface WorkerStackOptions {
  settings: Parameters<TestApp['deps']['settings']['update']>[0];
  workers?: WorkerOptions;
  /** A copy of the app's deps, so that breaking the app's queues (the HTTP side) leaves the worker whole. */
  ownDeps?: boolean;
  close?: () => Promise<void>;
}

function useWorkerStack(t: TestApp, options: WorkerStackOptions): WorkerStack {
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

/**
 * A file's test app and the worker beside it, for tests that read the worker's emails: a test SMTP
 * server (closed after the file), the app on smtpEnv, and the worker stack on the settings given.
 */
export async function useMailingWorker(
  settings: WorkerStackOptions['settings'],
): Promise<{ t: TestApp; smtp: TestSmtpServer; stack: WorkerStack }> {
  const smtp = await startSmtpServer();
  const t = useTestApp({ env: smtpEnv(smtp) });
  const stack = useWorkerStack(t, { settings, close: () => smtp.close() });
  return { t, smtp, stack };
}

export interface PaidFlow extends WorkerStack {
  barber: BookableBarber;
  customer: Person;
  /** A pending booking of the customer's with saved details and its PaymentIntent at the stub. */
  checkout(): Promise<{ booking: Awaited<ReturnType<typeof pendingBooking>>; intentId: string }>;
}

/**
 * The paid flow through the worker: fee collection on, short locks (FAST), a bookable barber and a
 * signed-in customer made before the file's tests; the Stripe stub closed after them.
 */
export function usePaidFlow(t: TestApp, stub: StripeStub, options: { ownDeps?: boolean } = {}): PaidFlow {
  const flow = useWorkerStack(t, {
    settings: { rateLimitEnabled: false, feeCollectionEnabled: true },
    workers: FAST,
    ownDeps: options.ownDeps,
    close: () => stub.close(),
  }) as PaidFlow;
  beforeAll(async () => {
    flow.barber = await bookableBarber(t);
    flow.customer = await signedIn(t, 'customer');
  });
  flow.checkout = async () => {
    const booking = await pendingBooking(flow.barber, flow.customer);
    const res = await flow.customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { booking, intentId: intentIdOf(res.body.clientSecret) };
  };
  return flow;
}

/** Waits for the job to complete and returns it. */
export async function finished(queue: Queue, jobId: string, timeout = 10_000) {
  await expect.poll(() => queue.getJobState(jobId), { timeout }).toBe('completed');
  return (await queue.getJob(jobId))!;
}

/** Producers on a Redis connection that is closed: every add fails, as with Redis unreachable. */
export function unreachableQueues(t: TestApp): Queues {
  const closed = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
  closed.disconnect();
  const queues = createQueues(closed, t.config.REDIS_PREFIX);
  for (const queue of Object.values(queues)) if (typeof queue === 'object') queue.on('error', () => {});
  return queues;
}

/** Deletes the queue's keys: what Redis restarted without persistence leaves of it. */
export async function loseQueue(t: TestApp, name: string): Promise<void> {
  const keys = await t.deps.redis.keys(`${t.config.REDIS_PREFIX}:bull:${name}:*`);
  if (keys.length) await t.deps.redis.del(...keys);
}
