import type { SweepOptions } from '@barber/backend/jobs/ensureJob';
import { bookingsOwedRefund, ensureRefundRequested } from '@barber/backend/payments/refundRequests';
import type { WorkerDeps } from '../deps';
import { inBatches, tally } from './inBatches';

/**
 * Requests again the refund of every booking the read model shows cancelled, paid and not refunded a
 * minute after its last change (the event-log subscriber requests it at once; this catches a job that
 * Redis lost or that failed for good). A repeat is harmless: one job id, one Stripe idempotency key.
 */
export async function sweepRefunds(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: SweepOptions = {}) {
  const ids = await bookingsOwedRefund(deps.sql, options);
  return tally(await inBatches(ids, 20, (id) => ensureRefundRequested(deps.queues, id)));
}
