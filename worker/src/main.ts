import { loadConfig } from '@barber/backend/config';
import { isMainModule, shutDownOnSignal } from '@barber/backend/lib/shutdown';
import { createDeps } from '@barber/backend/resources';
import { pino } from 'pino';
import { startSubscribers } from './subscribers';
import { startSweeper } from './sweeper';
import { startCheckoutExpiry } from './sweeps/expiredCheckouts';
import { startWorkers } from './worker';

/** The worker process: `node --import tsx worker/src/main.ts` (npm start runs it beside the backend). */
export async function startWorkerProcess() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'worker' });
  const deps = createDeps(config);
  deps.bus.reportTo(log.child({ component: 'invalidation' }));
  const running = startWorkers({ ...deps, log: log.child({ component: 'jobs' }) });
  for (const w of running.workers) {
    w.on('failed', (job, err) =>
      log.warn({ queue: w.name, job: job?.id, name: job?.name, err: err.message }, 'job failed'),
    );
    w.on('error', (err) => log.error({ err }, 'worker error'));
  }
  const subscribers = await startSubscribers(deps, { log: log.child({ subscriber: 'booking-notifications' }) });
  const sweeper = startSweeper(deps, { log: log.child({ sweeper: 'side-effects' }) });
  const checkoutExpiry = startCheckoutExpiry(deps, { log: log.child({ sweeper: 'checkout-expiry' }) });
  log.info({ queues: running.workers.map((w) => w.name) }, 'worker started');
  return {
    log,
    shutdown: async () => {
      // Stops reading the event log, finishes the jobs in hand, takes no new ones.
      await sweeper.stop();
      await checkoutExpiry.stop();
      await subscribers.stop();
      await running.close();
      await deps.close();
    },
  };
}

if (isMainModule(import.meta.url)) {
  const { log, shutdown } = await startWorkerProcess();
  // A job still running at the deadline is abandoned by the exit: its lock lapses, it stalls and is retried.
  shutDownOnSignal(log, shutdown);
}
