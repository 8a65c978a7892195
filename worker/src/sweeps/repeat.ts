/** What the periodic passes log through: the worker's pino logger (tests pass a quiet one). */
export interface Log {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

export interface Repeating {
  /** Stops the timer and waits for a pass that is running. */
  stop: () => Promise<void>;
}

/**
 * Runs `pass` at once and then `intervalMs` after each pass ends (never two at a time). A timer, not a
 * BullMQ repeatable job: that would live in Redis, which these passes exist to make up for. A failed
 * pass is logged and tried again at the next interval.
 */
export function repeatEvery(name: string, intervalMs: number, pass: () => Promise<void>, log: Log): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = pass()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed; trying again at the next interval`))
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
