import { announceNotification } from '@barber/backend/notifications/live';
import { inAppNotificationJobSchema, type InAppNotificationJob } from '@barber/shared';
import { stillWanted } from '@barber/backend/notifications/dispatch';
import { markNoticeHandled } from '@barber/backend/notifications/outbox';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/** Stores one in-app notification; the source key makes a second store of the same cause a no-op. */
export async function storeInAppNotification(
  deps: Pick<WorkerDeps, 'sql'>,
  input: InAppNotificationJob,
): Promise<{ created: boolean }> {
  const n = inAppNotificationJobSchema.parse(input);
  const rows = await deps.sql<{ id: number }[]>`
    INSERT INTO notifications (user_id, kind, title, body, booking_id, source_key)
    VALUES (${n.userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.bookingId}, ${n.sourceKey})
    ON CONFLICT (source_key) DO NOTHING RETURNING id`;
  if (rows[0]) announceNotification(deps.sql, n.userId, rows[0].id);
  return { created: rows.length > 0 };
}

/** Job 'in-app' on the notifications queue: stored unless the user's or the platform's switches say no since. */
export async function inAppNotification(deps: WorkerDeps, job: Job): Promise<{ created: boolean }> {
  const data = inAppNotificationJobSchema.parse(job.data);
  const result = (await stillWanted(deps, data, 'inApp'))
    ? await storeInAppNotification(deps, data)
    : { created: false };
  await markNoticeHandled(deps.sql, job.id); // its outbox row (notifications/outbox.ts) is done with
  return result;
}
