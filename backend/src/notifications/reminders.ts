import { REMINDER_JOB, REMINDER_LEAD_MS, reminderJobId, toInstant, type ReminderJob } from '@barber/shared';
import type { Sql } from '../db/connect';
import type { Queues } from '../jobs/queues';

/**
 * (Re)schedules the booking's reminder as a delayed job 24 hours before the appointment (the instant
 * of its New York wall-clock start). One job id per booking: a reschedule replaces the job. When the
 * appointment is less than 24 hours away there is nothing to remind of.
 */
export async function scheduleReminder(
  queues: Pick<Queues, 'reminders'>,
  booking: { bookingId: string; date: string; startTime: string },
  now = Date.now(),
): Promise<{ delay: number } | null> {
  const startsAt = toInstant(booking.date, booking.startTime);
  await removeReminder(queues, booking.bookingId);
  const delay = startsAt.getTime() - REMINDER_LEAD_MS - now;
  if (delay <= 0) return null;
  const data: ReminderJob = { bookingId: booking.bookingId, startsAt: startsAt.toISOString() };
  await queues.reminders.add(REMINDER_JOB, data, { jobId: reminderJobId(booking.bookingId), delay });
  return { delay };
}

/** Removes the booking's reminder job, whatever its state (a reminder being sent now checks the booking itself). */
export async function removeReminder(queues: Pick<Queues, 'reminders'>, bookingId: string): Promise<void> {
  await queues.reminders.remove(reminderJobId(bookingId));
}

/** A confirmed booking still ahead whose reminder for its current start has not gone out. */
export interface OwedReminder {
  bookingId: string;
  date: string;
  startTime: string;
  /** Its reminder time has passed (after an outage): it goes out at once, late. */
  due: boolean;
}

/**
 * How far ahead a sweep looks for reminders: twelve times its five-minute interval. A reminder job Redis
 * lost is rebuilt by one of the sweeps of the hour before it is due, so a sweep reads the few hundred
 * bookings whose reminders come due in that hour, not the tens of thousands of confirmed bookings ahead
 * (and makes one Redis call for each).
 */
export const REMINDER_SWEEP_HORIZON_MS = 60 * 60_000;

/**
 * The reminders Postgres says are owed at `now` and due within the sweep's horizon: every confirmed
 * booking that starts later, has no `sent_reminders` row for its start, and (when its reminder time has
 * passed) was confirmed and last moved before that time, so that a booking made or moved within 24 hours
 * of its start is not reminded, exactly as `scheduleReminder` decides.
 */
export async function remindersOwed(sql: Sql, now: Date = new Date()): Promise<OwedReminder[]> {
  const lead = `${REMINDER_LEAD_MS} milliseconds`;
  const horizon = new Date(now.getTime() + REMINDER_LEAD_MS + REMINDER_SWEEP_HORIZON_MS);
  return sql<OwedReminder[]>`
    SELECT b.id AS "bookingId", b.date::text AS date, b.start_time AS "startTime", b.starts_at - ${lead}::interval <= ${now} AS due
      FROM bookings b
     WHERE b.status = 'confirmed' AND b.starts_at > ${now} AND b.starts_at <= ${horizon}
       AND NOT EXISTS (SELECT 1 FROM sent_reminders s WHERE s.booking_id = b.id AND s.starts_at = b.starts_at)
       AND (b.starts_at - ${lead}::interval > ${now}
            OR NOT EXISTS (SELECT 1 FROM events e
                            WHERE e.stream_id = 'booking-' || b.id AND e.type IN ('confirmed', 'rescheduled')
                              AND e.recorded_at > b.starts_at - ${lead}::interval))
     ORDER BY b.starts_at`;
}

/**
 * Makes sure the reminder job of an owed reminder exists: a job for the same appointment instant is
 * left as it is (one that finished without sending runs again); a missing job (Redis lost it) or one
 * for an older instant is replaced, delayed to the reminder time or, when that has passed, at once.
 */
export async function ensureReminder(
  queues: Pick<Queues, 'reminders'>,
  booking: Pick<OwedReminder, 'bookingId' | 'date' | 'startTime'>,
  now = Date.now(),
): Promise<'kept' | 'retried' | 'scheduled'> {
  const startsAt = toInstant(booking.date, booking.startTime);
  const id = reminderJobId(booking.bookingId);
  const delay = Math.max(0, startsAt.getTime() - REMINDER_LEAD_MS - now);
  const job = await queues.reminders.getJob(id);
  if (job && (job.data as ReminderJob).startsAt === startsAt.toISOString()) {
    // Not due yet: the job can only be waiting for its time (one state lookup fewer per booking).
    if (delay > 0) return 'kept';
    const state = await job.getState();
    if (state !== 'failed' && state !== 'completed') return 'kept';
    // Finished, yet Postgres has no record of the reminder going out (it failed for good, or Redis lost
    // the notifications it queued in an older version): it runs again, and the reminder job sends once.
    await job.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
    return 'retried';
  }
  if (job) await queues.reminders.remove(id);
  const data: ReminderJob = { bookingId: booking.bookingId, startsAt: startsAt.toISOString() };
  await queues.reminders.add(REMINDER_JOB, data, { jobId: id, delay });
  return 'scheduled';
}

/** Whether the reminder of this appointment instant went out. */
export async function reminderSent(sql: Sql, bookingId: string, startsAt: string): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM sent_reminders WHERE booking_id = ${bookingId} AND starts_at = ${startsAt}`;
  return Boolean(row);
}

/** Written once both sides' reminders are stored and emailed: from then on nothing sends it again. */
export async function recordReminderSent(sql: Sql, bookingId: string, startsAt: string): Promise<void> {
  await sql`INSERT INTO sent_reminders (booking_id, starts_at) VALUES (${bookingId}, ${startsAt}) ON CONFLICT DO NOTHING`;
}
