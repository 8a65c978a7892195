import { pathToFileURL } from 'node:url';

/** How long a graceful shutdown may take; below docker-compose.yml's stop_grace_period (30 s), which then SIGKILLs. */
export const SHUTDOWN_DEADLINE_MS = 25_000;

/**
 * Arms the deadline of a graceful shutdown: if the process is still running `ms` later (a connection or a job that
 * never ends), it logs and exits with code 1. The timer is unref'd: it never keeps a process alive by itself.
 */
export function armShutdownDeadline(
  log: { error: (details: object, message: string) => void },
  { ms = SHUTDOWN_DEADLINE_MS, exit = (code: number): void => process.exit(code) } = {},
): NodeJS.Timeout {
  return setTimeout(() => {
    log.error({ deadlineMs: ms }, 'shutdown did not finish before its deadline: exiting');
    exit(1);
  }, ms).unref();
}

/** Whether `moduleUrl` (a module's `import.meta.url`) is the file node was started with (`node --import tsx <file>`). */
export function isMainModule(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
}

/** On SIGINT or SIGTERM: the deadline armed, then the graceful `shutdown`, then exit 0. */
export function shutDownOnSignal(
  log: Parameters<typeof armShutdownDeadline>[0],
  shutdown: (signal: string) => Promise<void>,
): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      armShutdownDeadline(log);
      void shutdown(signal).then(() => process.exit(0));
    });
}
