import { toBookingEvent } from '@barber/backend/src/bookings/projections';
import { readStream } from '@barber/backend/src/eventstore/store';
import { dispatchNotices } from '@barber/backend/src/notifications/dispatch';
import { reminderNotices } from '@barber/backend/src/notifications/messages';
import { loadParties } from '@barber/backend/src/notifications/people';
import { bookingStreamId, fold, reminderJobSchema, toInstant } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/**
 * Job 'reminder' on 'reminders' (job id `reminder-{bookingId}`, delayed to 24 h before the appointment):
 * reminds both sides, by in-app notification and by email for those who want reminder emails. The
 * booking is read again first: a cancelled or moved booking is not reminded by a stale job.
 */
export async function reminder(deps: WorkerDeps, job: Job): Promise<{ outcome: string }> {
  const { bookingId, startsAt } = reminderJobSchema.parse(job.data);
  const state = fold((await readStream(deps.sql, bookingStreamId(bookingId))).map(toBookingEvent));
  if (!state.created) return { outcome: 'ignored: booking not found' };
  if (state.status !== 'confirmed') return { outcome: `ignored: booking is ${state.status}` };
  if (toInstant(state.date, state.startTime).toISOString() !== startsAt) return { outcome: 'ignored: booking was moved' };
  const parties = await loadParties(deps.sql, state);
  await dispatchNotices(deps, reminderNotices(state, parties), parties, { sourceKey: `reminder-${bookingId}-${Date.parse(startsAt)}`, bookingId });
  return { outcome: 'reminded' };
}
