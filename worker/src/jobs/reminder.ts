import { clockNow } from '@barber/backend/bookings/clock';
import { toBookingEvent } from '@barber/backend/bookings/projections';
import { readStream } from '@barber/backend/eventstore/store';
import { noticeJobs } from '@barber/backend/notifications/dispatch';
import { reminderNotices } from '@barber/backend/notifications/messages';
import { loadParties } from '@barber/backend/notifications/people';
import { recordReminderSent, reminderSent } from '@barber/backend/notifications/reminders';
import { bookingStreamId, fold, reminderJobSchema, toInstant } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';
import { sendLoggedEmail } from './email';
import { storeInAppNotification } from './inAppNotification';

/**
 * Job 'reminder' on 'reminders' (job id `reminder-{bookingId}`, delayed to 24 h before the appointment,
 * or queued late by the sweeper after Redis lost it): reminds both sides, by in-app notification and by
 * email for those who want reminder emails. The booking is read again first: a cancelled, moved or
 * started booking is not reminded by a stale job. The notifications are stored and sent here rather
 * than queued, and `sent_reminders` is written last, so that Postgres alone says whether the reminder
 * went out: a rerun (retry, sweeper) sends nothing twice (the notification and email keys are unique).
 */
export async function reminder(deps: WorkerDeps, job: Job): Promise<{ outcome: string }> {
  const { bookingId, startsAt } = reminderJobSchema.parse(job.data);
  const state = fold((await readStream(deps.sql, bookingStreamId(bookingId))).map(toBookingEvent));
  if (!state.created) return { outcome: 'ignored: booking not found' };
  if (state.status !== 'confirmed') return { outcome: `ignored: booking is ${state.status}` };
  const startsAtInstant = toInstant(state.date, state.startTime);
  if (startsAtInstant.toISOString() !== startsAt) return { outcome: 'ignored: booking was moved' };
  const now = clockNow(deps);
  if (startsAtInstant.getTime() <= now.getTime()) return { outcome: 'ignored: the appointment has started' };
  if (await reminderSent(deps.sql, bookingId, startsAt)) return { outcome: 'ignored: already sent' };
  const parties = await loadParties(deps.sql, state);
  const jobs = await noticeJobs(deps, reminderNotices(state, parties, now), parties, {
    sourceKey: `reminder-${bookingId}-${Date.parse(startsAt)}`,
    bookingId,
  });
  // Each notice on its own: one address the mail server refuses must not keep the others from going out.
  // The job fails after trying them all, and its retry sends only the ones that did not go.
  const sent = await Promise.allSettled(
    jobs.map((notice) =>
      notice.name === 'in-app' ? storeInAppNotification(deps, notice.data) : sendLoggedEmail(deps, notice.data),
    ),
  );
  const failed = sent.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((f) => f.reason),
      `${failed.length} reminder notices failed`,
    );
  await recordReminderSent(deps.sql, bookingId, startsAt);
  return { outcome: 'reminded' };
}
