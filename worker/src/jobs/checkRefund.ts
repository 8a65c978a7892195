import { recordFailedRefund, runPaymentCommand } from '@barber/backend/payments/record';
import { stripeClient } from '@barber/backend/payments/stripe';
import { SYSTEM_ACTOR, checkRefundJobSchema } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/**
 * Job 'check-refund' on 'refunds' (queued by the sweeper for a refund recorded pending and not heard of for a day):
 * asks Stripe where the refund stands and records what its update would have, under the same keys as the refund
 * job, so that a lost or never-subscribed refund update neither leaves a retried refund unannounced nor a failed one
 * counted as given back.
 */
export async function checkRefund(deps: WorkerDeps, job: Job): Promise<{ outcome: string }> {
  const { bookingId, refundId } = checkRefundJobSchema.parse(job.data);
  const stripe = stripeClient(deps.config);
  if (!stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY): the refund cannot be looked up');
  const refund = await stripe.refunds.retrieve(refundId);
  if (refund.status === 'succeeded') {
    await runPaymentCommand(
      deps,
      bookingId,
      { type: 'recordRefundSuccess', actor: SYSTEM_ACTOR, data: { refundId } },
      `refund-settled:${refundId}`,
    );
    return { outcome: 'succeeded' };
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await recordFailedRefund(deps, bookingId, refund, `refund-failed:${refundId}`);
    return { outcome: refund.status };
  }
  return { outcome: `still ${refund.status ?? 'pending'}` };
}
