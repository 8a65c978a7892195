import { REMINDER_JOB, REMINDER_LEAD_MS, reminderJobId, toInstant, type ReminderJob } from '@barber/shared';
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
