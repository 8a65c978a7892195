import { ensureReminder, remindersOwed } from '@barber/backend/notifications/reminders';
import type { WorkerDeps } from '../deps';
import { inBatches, tally } from './inBatches';

/**
 * Rebuilds the reminder jobs from Postgres: every confirmed booking ahead whose reminder has not gone
 * out gets its delayed job (an existing one is kept), and one whose reminder time passed while its job
 * was lost is reminded now, late but once.
 */
export async function sweepReminders(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  const owed = await remindersOwed(deps.sql, now);
  return tally(await inBatches(owed, 50, (booking) => ensureReminder(deps.queues, booking, now.getTime())));
}
