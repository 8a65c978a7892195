import type { SweepOptions } from '@barber/backend/jobs/ensureJob';
import { pruneNoticeOutbox, requeueUnhandledNotices } from '@barber/backend/notifications/outbox';
import type { WorkerDeps } from '../deps';
import { tally } from './inBatches';

/**
 * Queues again every notification job the outbox still holds unhandled a minute after it was queued (a
 * job Redis lost, or one that failed for good), for a day. A repeat is harmless: the in-app notification
 * and the email log are keyed by the notice's source key. Rows older than a week are deleted.
 */
export async function sweepNotices(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: SweepOptions = {}) {
  const outcomes = tally(await requeueUnhandledNotices(deps, options));
  const pruned = await pruneNoticeOutbox(deps.sql, options);
  return pruned > 0 ? { ...outcomes, pruned } : outcomes;
}
