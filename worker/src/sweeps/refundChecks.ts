import type { SweepOptions } from '@barber/backend/jobs/ensureJob';
import { requestRefundCheck, unsettledRefunds } from '@barber/backend/payments/refundChecks';
import type { WorkerDeps } from '../deps';
import { inBatches } from './inBatches';

/** Asks Stripe, once a day, about every refund that no update has settled for a day (pending, or a retry of a failed one). */
export async function sweepRefundChecks(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: SweepOptions = {}) {
  const now = options.now ?? new Date();
  const refunds = await unsettledRefunds(deps.sql, { ...options, now });
  await inBatches(refunds, 20, (refund) => requestRefundCheck(deps.queues, refund, now));
  return refunds.length ? { asked: refunds.length } : {};
}
