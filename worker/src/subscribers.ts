import { startBookingNotifier, type NotifierOptions } from '@barber/backend/src/notifications/subscriber';
import type { WorkerDeps } from './deps';

export interface RunningSubscribers {
  stop: () => Promise<void>;
}

/** The event-log subscribers the worker process runs beside its queues: booking notifications, reminders and refund requests. */
export async function startSubscribers(deps: WorkerDeps, options: NotifierOptions = {}): Promise<RunningSubscribers> {
  const notifier = await startBookingNotifier(deps, options);
  return { stop: () => notifier.stop() };
}
