import type { WorkerDeps } from './deps';
import { sweepRefunds } from './sweeps/refunds';
import { sweepReminders } from './sweeps/reminders';

export const SWEEP_INTERVAL_MS = 5 * 60_000;

interface Log {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

/** One pass of every sweeper: the side effects Postgres says are owed are queued again where Redis lost them. */
export async function sweep(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: { now?: Date } = {}) {
  const refunds = await sweepRefunds(deps, options);
  const reminders = await sweepReminders(deps, options);
  return { refunds, reminders };
}

export interface RunningSweeper {
  stop: () => Promise<void>;
}

/**
 * Sweeps at once (Redis may have restarted empty while no worker ran) and then every `intervalMs`. A
 * timer rather than a BullMQ repeatable job: that would live in Redis, the very thing that may be lost.
 * Several worker processes may sweep at once: every request is idempotent.
 */
export function startSweeper(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: { intervalMs?: number; log?: Log } = {}): RunningSweeper {
  const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  const log = options.log ?? { error: (obj, msg) => console.error(msg, obj) };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = sweep(deps)
      .then((counts) => log.info?.(counts, 'swept'))
      .catch((error: unknown) => log.error({ err: error }, 'sweep failed; trying again at the next interval'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
