import { findBookingByPaymentIntent } from '@barber/backend/payments/bookingRow';
import {
  bookingIdOfIntent,
  recordRefundOutcome,
  recordMadeRefund,
  recordSucceededIntent,
  runPaymentCommand,
} from '@barber/backend/payments/record';
import { stripeClient, type Stripe } from '@barber/backend/payments/stripe';
import { markStripeEventHandled } from '@barber/backend/payments/stripeInbox';
import { AppError, SYSTEM_ACTOR, stripeEventJobSchema, type BookingView, type StripeEventJob } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

export type StripeEventResult =
  { outcome: 'applied'; bookingId: string; status?: string } | { outcome: 'ignored'; reason: string };

/**
 * Job 'stripe-event' on 'stripe-events' (job id = Stripe event id). Every booking command runs under
 * the idempotency key `stripe:{event id}`: a redelivered or retried event returns the stored answer and
 * appends nothing, and the decider makes out-of-order events harmless (a failure after a success is
 * stale, a second success of the same intent is no change).
 */
export async function stripeEvent(deps: WorkerDeps, job: Job): Promise<StripeEventResult> {
  const event = stripeEventJobSchema.parse(job.data);
  const result = await applyStripeEvent(deps, event);
  // Its inbox row (backend payments/stripeInbox.ts) is done with: the sweeper queues again only events never marked.
  await markStripeEventHandled(deps.sql, event.id);
  return result;
}

async function applyStripeEvent(deps: WorkerDeps, event: StripeEventJob): Promise<StripeEventResult> {
  const key = `stripe:${event.id}`;
  const object = event.data.object;
  let result: StripeEventResult;
  try {
    switch (event.type) {
      case 'payment_intent.succeeded':
        result = await intentSucceeded(deps, object as unknown as Stripe.PaymentIntent, key);
        break;
      case 'payment_intent.payment_failed':
        result = await intentFailed(deps, object as unknown as Stripe.PaymentIntent, key);
        break;
      case 'charge.refunded':
        result = await chargeRefunded(deps, object as unknown as Stripe.Charge, key);
        break;
      case 'refund.failed':
      case 'refund.updated':
      case 'charge.refund.updated':
        result = await refundUpdated(deps, object as unknown as Stripe.Refund, key, statusChanged(event));
        break;
      default:
        return { outcome: 'ignored', reason: `unhandled event type ${event.type}` };
    }
  } catch (error) {
    // A refusal of the domain (unknown booking, a refund of a booking that is not cancelled) will be the
    // same on every retry: the event is done, and says why.
    if (error instanceof AppError && error.code !== 'VERSION_CONFLICT' && error.status < 500) {
      return { outcome: 'ignored', reason: `${error.code}: ${error.message}` };
    }
    throw error;
  }
  await deps.hooks?.afterStripeEventApplied?.(event.id);
  return result;
}

async function intentSucceeded(
  deps: WorkerDeps,
  intent: Stripe.PaymentIntent,
  key: string,
): Promise<StripeEventResult> {
  const bookingId = bookingIdOfIntent(intent);
  if (!bookingId) return { outcome: 'ignored', reason: 'no bookingId in the metadata' };
  try {
    const view = await recordSucceededIntent(deps, bookingId, intent, key);
    return { outcome: 'applied', bookingId, status: view.status };
  } catch (error) {
    // The booking is already paid by another intent: this second payment goes back to the customer.
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const stripe = stripeClient(deps.config);
      if (!stripe) throw new Error('Stripe is not configured: cannot refund a duplicate payment');
      try {
        await stripe.refunds.create(
          { payment_intent: intent.id, metadata: { bookingId, reason: 'duplicate' } },
          { idempotencyKey: `refund-duplicate-${intent.id}` },
        );
      } catch (refusal) {
        // Refunded already (by hand in Stripe's dashboard): what this would do is done. Retrying could only
        // be refused again, every sweep, for ever.
        if ((refusal as { code?: unknown }).code !== 'charge_already_refunded') throw refusal;
        return { outcome: 'ignored', reason: `duplicate payment ${intent.id} was refunded already` };
      }
      return { outcome: 'ignored', reason: `duplicate payment ${intent.id} refunded` };
    }
    throw error;
  }
}

async function intentFailed(deps: WorkerDeps, intent: Stripe.PaymentIntent, key: string): Promise<StripeEventResult> {
  const bookingId = bookingIdOfIntent(intent);
  if (!bookingId) return { outcome: 'ignored', reason: 'no bookingId in the metadata' };
  const message = intent.last_payment_error?.message ?? 'The payment was declined.';
  const view = await runPaymentCommand(
    deps,
    bookingId,
    { type: 'recordPaymentFailure', actor: SYSTEM_ACTOR, data: { paymentIntentId: intent.id, message } },
    key,
  );
  return { outcome: 'applied', bookingId, status: view.status };
}

/** A refund seen from Stripe's side (the refund job's own, or one made in the Stripe dashboard). */
async function chargeRefunded(deps: WorkerDeps, charge: Stripe.Charge, key: string): Promise<StripeEventResult> {
  const intentId = intentIdOf(charge.payment_intent);
  if (!intentId) return { outcome: 'ignored', reason: 'charge without a payment intent' };
  const booking = await bookingPaidBy(deps, intentId);
  if (!booking) return { outcome: 'ignored', reason: `no booking paid by ${intentId}` };
  if (!charge.amount_refunded) return { outcome: 'ignored', reason: 'nothing refunded' };
  // A refunded charge was paid: when its payment's own event has not been applied yet (delayed, retried, or lost
  // with Redis), the payment is recorded first, from the charge, so the refund is not refused as one of an unpaid
  // booking and dropped for good.
  if (!booking.paid) {
    const amount = charge.amount_captured || charge.amount;
    await recordSucceededIntent(deps, booking.id, { id: intentId, amount, amount_received: amount }, `${key}:paid`);
  }
  const refunds = await refundsOfCharge(deps, charge);
  if (!refunds) {
    // No list to read: the running total names the refund, so a second partial refund is not taken for the first.
    const refundId = `${charge.id}-refund-${charge.amount_refunded}`;
    const command = {
      type: 'recordRefund',
      actor: SYSTEM_ACTOR,
      data: { refundId, totalRefunded: charge.amount_refunded },
    } as const;
    const view = await runPaymentCommand(deps, booking.id, command, key);
    return { outcome: 'applied', bookingId: booking.id, status: view.status };
  }
  // Each refund under its own id and amount, as Stripe lists it now: webhooks handled out of order, or after one of
  // their refunds failed, record what was given back and nothing else. A failed or cancelled refund gave nothing
  // back (its own update tells the booking).
  let view: BookingView | undefined;
  for (const refund of refunds) {
    if (refund.status === 'failed' || refund.status === 'canceled') continue;
    view = await recordMadeRefund(deps, booking.id, refund, { seenAtStripe: true }, `${key}:${refund.id}`);
  }
  if (!view) return { outcome: 'ignored', reason: 'every refund of the charge failed or was cancelled' };
  return { outcome: 'applied', bookingId: booking.id, status: view.status };
}

/**
 * A charge's refunds, oldest first; undefined when they cannot be read. A webhook's charge has no refund list since
 * API version 2022-11-15, so they are asked of Stripe, page by page.
 */
async function refundsOfCharge(deps: WorkerDeps, charge: Stripe.Charge): Promise<Stripe.Refund[] | undefined> {
  // Stripe lists the newest first
  if (charge.refunds && !charge.refunds.has_more) return [...charge.refunds.data].reverse();
  const stripe = stripeClient(deps.config);
  if (!stripe) return undefined;
  const listed = await stripe.refunds.list({ charge: charge.id, limit: 100 }).autoPagingToArray({ limit: 10_000 });
  return listed.reverse();
}

/**
 * A refund's update (refund.failed; refund.updated or charge.refund.updated): one Stripe could not complete after
 * all (failed or cancelled) means the money did not go back, and the booking owes it again (recordRefundFailure);
 * one that succeeded settles a refund not settled when recorded: pending, or a retry (recordRefundSuccess). One that
 * succeeded before the booking knew of it (the update came before its job, or the charge's webhook, recorded it) is
 * recorded first, so it is not left unsettled until the daily check.
 */
async function refundUpdated(
  deps: WorkerDeps,
  refund: Stripe.Refund,
  key: string,
  changedStatus: boolean,
): Promise<StripeEventResult> {
  const { status } = refund;
  if (status !== 'failed' && status !== 'canceled' && status !== 'succeeded')
    return { outcome: 'ignored', reason: `refund ${status ?? 'updated'}` };
  const intentId = intentIdOf(refund.payment_intent);
  const booking = intentId ? await bookingPaidBy(deps, intentId) : null;
  if (!booking) return { outcome: 'ignored', reason: `no booking paid by ${intentId ?? 'an unknown intent'}` };
  // (a booking whose payment is not recorded yet gets its refunds from the charge's webhook, which records both)
  if (status === 'succeeded' && booking.paid)
    await recordMadeRefund(deps, booking.id, refund, { seenAtStripe: true }, `${key}:seen`);
  // An update that left it succeeded as it was (a card refund's reference number arriving days later, its metadata)
  // is no news from the bank: it settles nothing (a retry Stripe answered succeeded waits its week).
  if (status === 'succeeded' && !changedStatus)
    return { outcome: 'ignored', reason: 'refund updated, status unchanged' };
  const view = await recordRefundOutcome(deps, booking.id, refund, key);
  return { outcome: 'applied', bookingId: booking.id, status: view?.status };
}

/**
 * The booking a PaymentIntent paid, or may yet pay: null when none, or when the booking kept another payment (this
 * one was a second payment, refunded as such: its refunds are not the booking's).
 */
async function bookingPaidBy(deps: WorkerDeps, intentId: string) {
  const booking = await findBookingByPaymentIntent(deps.sql, intentId);
  return booking && (!booking.paid || booking.stripePaymentId === intentId) ? booking : null;
}

/** Whether an update changed its object's status: Stripe names what changed in `previous_attributes`. */
function statusChanged(event: StripeEventJob): boolean {
  const previous = event.data.previous_attributes as Record<string, unknown> | undefined;
  return !previous || 'status' in previous;
}

/** The id of a charge's or refund's PaymentIntent, whether Stripe sent it as an id or expanded. */
function intentIdOf(ref: string | Stripe.PaymentIntent | null | undefined): string | undefined {
  return typeof ref === 'string' ? ref : ref?.id;
}
