import { clockNow } from '@barber/backend/bookings/clock';
import type { WorkerDeps } from './deps';
import { repeatEvery, type Log, type Repeating } from './sweeps/repeat';
import { sweepIntents } from './sweeps/intents';
import { sweepRefundChecks } from './sweeps/refundChecks';
import { sweepRefunds } from './sweeps/refunds';
import { sweepReminders } from './sweeps/reminders';
import { sweepStripeEvents } from './sweeps/stripeEvents';
import { sweepNotices } from './sweeps/notices';

const SWEEP_INTERVAL_MS = 5 * 60_000;

type SweepDeps = Pick<WorkerDeps, 'sql' | 'queues' | 'clock'>;

/** One pass of every sweeper: the side effects Postgres says are owed are queued again where Redis lost them. */
export async function sweep(deps: SweepDeps, options: { now?: Date } = {}) {
  const at = { now: options.now ?? clockNow(deps) };
  return runEach({
    refunds: () => sweepRefunds(deps, at),
    refundChecks: () => sweepRefundChecks(deps, at),
    intents: () => sweepIntents(deps, at),
    reminders: () => sweepReminders(deps, at),
    stripeEvents: () => sweepStripeEvents(deps, at),
    notices: () => sweepNotices(deps, at),
  });
}

/**
 * Runs every step, one after another, whatever the others do: one that fails (Redis refusing a job, a query)
 * must not keep the reminders or the notices from being swept. Fails after the last, naming those that failed.
 */
export async function runEach<T extends Record<string, () => Promise<unknown>>>(
  steps: T,
): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: Record<string, unknown> = {};
  const failures: { name: string; error: unknown }[] = [];
  for (const [name, step] of Object.entries(steps)) {
    try {
      results[name] = await step();
    } catch (error) {
      failures.push({ name, error });
    }
  }
  if (failures.length > 0)
    throw new AggregateError(
      failures.map((f) => f.error),
      `${failures.map((f) => f.name).join(', ')} failed`,
    );
  return results as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

export type RunningSweeper = Repeating;

/**
 * Sweeps at once (Redis may have restarted empty while no worker ran) and then every `intervalMs`. A
 * timer rather than a BullMQ repeatable job: that would live in Redis, the very thing that may be lost.
 * Several worker processes may sweep at once: every request is idempotent.
 */
export function startSweeper(deps: SweepDeps, options: { intervalMs?: number; log: Log }): RunningSweeper {
  const { log } = options;
  return repeatEvery(
    'sweep',
    options.intervalMs ?? SWEEP_INTERVAL_MS,
    async () => {
      const counts = await sweep(deps); // not inside log.info?.(…): without info, its arguments are never evaluated
      log.info?.(counts, 'swept');
    },
    log,
  );
}
