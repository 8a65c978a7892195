import { ensureReminder, remindersOwed } from '@barber/backend/notifications/reminders';
import type { WorkerDeps } from '../deps';
import { inBatches, tally } from './inBatches';

/**
 * Rebuilds the reminder jobs from Postgres: every confirmed booking whose reminder comes due within the
 * sweep's horizon and has not gone out gets its delayed job (an existing one is kept), and one whose
 * reminder time passed while its job was lost is reminded now, late but once. Reminders further ahead
 * are left to the sweeps of the hour before they are due.
 */
export async function sweepReminders(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  const owed = await remindersOwed(deps.sql, now);
  return tally(await inBatches(owed, 50, (booking) => ensureReminder(deps.queues, booking, now.getTime())));
}
