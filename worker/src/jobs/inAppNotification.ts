import { inAppNotificationJobSchema } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/** Stores one in-app notification; the source key makes a redelivered job a no-op. */
export async function inAppNotification(deps: WorkerDeps, job: Job): Promise<{ created: boolean }> {
  const n = inAppNotificationJobSchema.parse(job.data);
  const rows = await deps.sql`
    INSERT INTO notifications (user_id, kind, title, body, booking_id, source_key)
    VALUES (${n.userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.bookingId}, ${n.sourceKey})
    ON CONFLICT (source_key) DO NOTHING RETURNING id`;
  return { created: rows.length > 0 };
}
