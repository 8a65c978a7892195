import { clockNow } from '@barber/backend/bookings/clock';
import { findPaymentBooking } from '@barber/backend/payments/bookingRow';
import { recordFailedRefund, recordMadeRefund, recordRefusedRefund } from '@barber/backend/payments/record';
import { isStripeRequestError, stripeClient, type Stripe } from '@barber/backend/payments/stripe';
import { AppError, refundJobSchema, todayLocal } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/**
 * Job 'refund' on 'refunds' (job id `refund-{bookingId}`, queued from the event log by the booking notifier
 * when a paid booking is cancelled, and again by the sweeper while one is owed): refunds what is left of the
 * payment at Stripe (all of it, unless part was refunded in Stripe's dashboard), under an idempotency key per
 * booking so that a retry never refunds twice, then appends `refunded` (a pending refund too, marked so: if it fails
 * later, its refund.failed webhook undoes it, and its update to succeeded appends `refundSucceeded`); a refund Stripe
 * answers failed appends `refundFailed`, and the booking stays owed; one Stripe refuses to make appends `refundFailed`
 * once a day, and the sweeper asks again the next day.
 */
export async function refund(deps: WorkerDeps, job: Job): Promise<{ outcome: string; refundId?: string }> {
  const { bookingId } = refundJobSchema.parse(job.data);
  const booking = await findPaymentBooking(deps.sql, bookingId);
  if (!booking) return { outcome: 'ignored: booking not found' };
  if (booking.refunded) return { outcome: 'ignored: already refunded' };
  if (!booking.paid || !booking.stripePaymentId) return { outcome: 'ignored: not paid' };
  if (booking.status !== 'cancelled') return { outcome: `ignored: booking is ${booking.status}` };
  const stripe = stripeClient(deps.config);
  if (!stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY): the refund cannot be made');

  let made: Stripe.Refund;
  try {
    made = await stripe.refunds.create(
      { payment_intent: booking.stripePaymentId, metadata: { bookingId } },
      { idempotencyKey: `refund-${bookingId}` },
    );
  } catch (error) {
    if (!isStripeRequestError(error)) throw error;
    // Nothing left to refund: it was refunded at Stripe (in its dashboard) and the webhook that would have told us
    // never came. Those refunds are what the booking is owed back, not a refusal to record every day for ever.
    if (
      error.code === 'charge_already_refunded' &&
      (await recordRefundsSeenAtStripe(deps, stripe, bookingId, booking.stripePaymentId))
    )
      return { outcome: 'already refunded at Stripe' };
    // Refused (a disputed charge): asking again under the same key gets the same answer until Stripe forgets the
    // key, a day. Thrown, it would be retried every sweep, for ever, unseen.
    await recordRefusedRefund(deps, bookingId, error, todayLocal(clockNow(deps)));
    return { outcome: `refused: ${error.code ?? error.message}` };
  }
  await deps.hooks?.afterRefundMade?.(made.id);
  if (made.status === 'failed' || made.status === 'canceled') {
    // Recorded once (the decider knows the refund id): the booking stays owed, and asking again under the same
    // key answers the same refund until Stripe forgets the key (a day), when a new refund is tried.
    await recordFailedRefund(deps, bookingId, made, `refund-failed:${made.id}`);
    return { outcome: `failed: ${made.failure_reason ?? made.status}`, refundId: made.id };
  }
  try {
    // No amount was asked: Stripe refunded everything left, after any partial refund made in its dashboard. One key
    // per refund: a new refund after a failed one (Stripe forgot the key) is recorded, not answered by the first.
    await recordMadeRefund(deps, bookingId, made, { complete: true }, `refund:${made.id}`);
  } catch (error) {
    // The charge.refunded webhook recorded this refund first, under the charge's id (its refunds could not be
    // listed): nothing left to do.
    if (!(
      error instanceof AppError &&
      error.code === 'INVALID_TRANSITION' &&
      (await findPaymentBooking(deps.sql, bookingId))?.refunded
    ))
      throw error;
  }
  return { outcome: 'refunded', refundId: made.id };
}

/**
 * Records the refunds Stripe lists for the booking's payment (oldest first; failed and cancelled ones gave nothing
 * back), each once under its own id, as the charge's webhook would have; answers whether the booking is refunded now.
 */
async function recordRefundsSeenAtStripe(
  deps: WorkerDeps,
  stripe: Stripe,
  bookingId: string,
  intentId: string,
): Promise<boolean> {
  const listed = await stripe.refunds
    .list({ payment_intent: intentId, limit: 100 })
    .autoPagingToArray({ limit: 10_000 });
  for (const made of listed.reverse()) {
    if (made.status === 'failed' || made.status === 'canceled') continue;
    await recordMadeRefund(deps, bookingId, made, { seenAtStripe: true }, `refund-seen:${made.id}`);
  }
  return (await findPaymentBooking(deps.sql, bookingId))?.refunded === true;
}
