import { startBookingNotifier, type NotifierOptions } from '@barber/backend/notifications/subscriber';
import { startWaitlistNotifier } from '@barber/backend/waitlist/subscriber';
import type { WorkerDeps } from './deps';

export interface RunningSubscribers {
  stop: () => Promise<void>;
}

/** The event-log subscribers the worker process runs beside its queues: booking notifications, reminders and refund requests, and the waitlist. */
export async function startSubscribers(deps: WorkerDeps, options: NotifierOptions): Promise<RunningSubscribers> {
  const notifier = await startBookingNotifier(deps, options);
  // the waitlist (issue 13): tells waiting customers of freed slots, from a cursor of its own
  const waitlist = await startWaitlistNotifier(deps, {
    pollMs: options.pollMs,
    retryMs: options.retryMs,
    log: options.log,
  });
  return { stop: async () => void (await Promise.all([notifier.stop(), waitlist.stop()])) };
}
