import { requeueUnhandledNotices } from '@barber/backend/notifications/outbox';
import type { WorkerDeps } from '../deps';
import { tally } from './inBatches';

/**
 * Queues again every notification job the outbox still holds unhandled a minute after it was queued (a
 * job Redis lost, or one that failed for good), for a day. A repeat is harmless: the in-app notification
 * and the email log are keyed by the notice's source key.
 */
export async function sweepNotices(
  deps: Pick<WorkerDeps, 'sql' | 'queues'>,
  options: { now?: Date; settleMs?: number } = {},
) {
  return tally(await requeueUnhandledNotices(deps, options));
}
