import { clockNow } from '@barber/backend/bookings/clock';
import { recordRefundOutcome } from '@barber/backend/payments/record';
import { markRefundChecked } from '@barber/backend/payments/refundChecks';
import { isStripeRequestError, stripeClient, type Stripe } from '@barber/backend/payments/stripe';
import { checkRefundJobSchema, todayLocal } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/**
 * Job 'check-refund' on 'refunds' (queued by the sweeper for a refund unsettled and not heard of for a day):
 * asks Stripe where the refund stands and records what its update would have, under the same keys as the refund
 * job, so that a lost or never-subscribed refund update neither leaves a retried refund unannounced nor a failed one
 * counted as given back.
 */
export async function checkRefund(deps: WorkerDeps, job: Job): Promise<{ outcome: string }> {
  const { bookingId, refundId, day } = checkRefundJobSchema.parse(job.data);
  const stripe = stripeClient(deps.config);
  if (!stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY): the refund cannot be looked up');
  const outcome = await askAndRecord(deps, stripe, bookingId, refundId);
  await markRefundChecked(deps.sql, refundId, day ?? todayLocal(clockNow(deps)));
  return { outcome };
}

async function askAndRecord(deps: WorkerDeps, stripe: Stripe, bookingId: string, refundId: string): Promise<string> {
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.retrieve(refundId);
  } catch (error) {
    // a refund recorded under an id Stripe never gave (a charge's running total, from an older webhook): nothing to ask
    if (isStripeRequestError(error) && error.code === 'resource_missing') return 'unknown to Stripe';
    throw error;
  }
  // one key per refund and outcome (a failure's is the refund job's own, so it is recorded once either way)
  const key = refund.status === 'succeeded' ? `refund-settled:${refundId}` : `refund-failed:${refundId}`;
  const recorded = recordRefundOutcome(deps, bookingId, refund, key);
  if (!recorded) return `still ${refund.status ?? 'pending'}`;
  await recorded;
  return String(refund.status);
}
