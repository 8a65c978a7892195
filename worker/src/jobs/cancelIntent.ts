import { clockNow } from '@barber/backend/bookings/clock';
import { findPaymentBooking } from '@barber/backend/payments/bookingRow';
import { cancelAtStripe, markIntentCanceled, openIntentOf } from '@barber/backend/payments/intentCancellations';
import { recordSucceededIntent } from '@barber/backend/payments/record';
import { isStripeRequestError, stripeClient } from '@barber/backend/payments/stripe';
import { cancelIntentJobSchema } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/** Stripe's refusal to cancel an intent that has succeeded, is processing or is cancelled already. */
const UNEXPECTED_STATE = 'payment_intent_unexpected_state';
/** Stripe's answer for an object this account does not have. */
const MISSING = 'resource_missing';

/**
 * Job 'cancel-payment-intent' on 'refunds' (job id `cancel-intent-{bookingId}`, queued from the event log by the
 * booking notifier when a booking paid by card is cancelled or expires unpaid, and again by the sweeper while its
 * intent is open): cancels the intent at Stripe, so that a checkout left open elsewhere cannot charge the card for a
 * booking that is gone. An intent paid meanwhile (its webhook not handled yet) is recorded as paid instead: the
 * booking is cancelled, so the notifier then refunds it.
 */
export async function cancelIntent(deps: WorkerDeps, job: Job): Promise<{ outcome: string; intentId?: string }> {
  const { bookingId } = cancelIntentJobSchema.parse(job.data);
  const booking = await findPaymentBooking(deps.sql, bookingId);
  if (!booking) return { outcome: 'ignored: booking not found' };
  if (booking.paid) return { outcome: 'ignored: paid' };
  if (booking.status !== 'cancelled') return { outcome: `ignored: booking is ${booking.status}` };
  const intentId = await openIntentOf(deps.sql, bookingId);
  if (!intentId) return { outcome: 'ignored: no open payment intent' };
  const stripe = stripeClient(deps.config);
  if (!stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY): the payment intent cannot be cancelled');

  const at = clockNow(deps);
  try {
    await cancelAtStripe(stripe, deps.sql, bookingId, intentId, at);
    return { outcome: 'canceled', intentId };
  } catch (error) {
    if (isStripeRequestError(error) && error.code === MISSING) {
      // Unknown to this Stripe account (made under other keys): nothing can charge it here; asking again never helps.
      await markIntentCanceled(deps.sql, bookingId, intentId, at);
      return { outcome: 'unknown to Stripe', intentId };
    }
    if (!(isStripeRequestError(error) && error.code === UNEXPECTED_STATE)) throw error;
  }
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (intent.status === 'canceled') {
    await markIntentCanceled(deps.sql, bookingId, intentId, at);
    return { outcome: 'canceled', intentId };
  }
  if (intent.status === 'succeeded') {
    await recordSucceededIntent(deps, bookingId, intent, `cancel-intent:${intentId}`);
    return { outcome: 'paid meanwhile: recorded', intentId };
  }
  // processing (a payment on its way): the sweeper asks again until it settles one way or the other
  return { outcome: `left: intent is ${intent.status}`, intentId };
}
