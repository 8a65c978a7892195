import { randomUUID } from 'node:crypto';
import {
  AppError,
  bookingStatusLabel,
  confirmTimeProblem,
  MISSING_INFORMATION_MESSAGE,
  PAYMENT_INIT_FAILED,
  PAYMENTS_NOT_AVAILABLE_MESSAGE,
} from '@barber/shared';
import type { AuthUser } from '../accounts/queries';
import { clockNow } from '../bookings/clock';
import { stripeConfigured } from '../platform/feeCollection';
import type { Deps } from '../plugins/deps';
import { findPaymentBooking } from './bookingRow';
import { recordSucceededIntent } from './record';
import { cancelAtStripe } from './intentCancellations';
import { isStripeRequestError, Stripe, stripeClient } from './stripe';

/**
 * POST /api/create-payment-intent. The amount is the booking's total from the read model, never the
 * client's; the booking id goes into the metadata, where the webhook finds it. One intent per booking:
 * the stored one is reused while it can still be paid, and Stripe's idempotency key makes a retry that
 * races the first call get the same intent.
 */
export async function createPaymentIntent(
  deps: Deps,
  user: AuthUser,
  bookingId: string,
): Promise<{ clientSecret: string }> {
  const stripe = stripeConfigured(deps.config) ? stripeClient(deps.config) : null;
  if (!stripe) throw new AppError('VALIDATION_FAILED', PAYMENTS_NOT_AVAILABLE_MESSAGE);
  const booking = await findPaymentBooking(deps.sql, bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
  if (booking.customerId !== user.id) throw new AppError('FORBIDDEN', 'You can only pay for your own bookings.');
  // The booking's own snapshot of the setting decides, as it does for confirming: a booking made while fees
  // were collected is paid even if the setting changed since (nothing else could confirm it).
  if (!booking.feeCollectionEnabled) throw new AppError('VALIDATION_FAILED', PAYMENTS_NOT_AVAILABLE_MESSAGE);
  if (booking.status !== 'pending' || booking.paid) {
    throw new AppError(
      'INVALID_TRANSITION',
      `This booking is ${bookingStatusLabel(booking.status)} and cannot be paid.`,
      {
        currentStatus: booking.status,
      },
    );
  }
  if (!booking.detailsSaved)
    throw new AppError('VALIDATION_FAILED', MISSING_INFORMATION_MESSAGE, { requires: 'details' });
  // A payment after the appointment's end could not confirm it (the decider expires it and the money goes back):
  // the card is not charged for nothing.
  const late = confirmTimeProblem(booking, clockNow(deps));
  if (late) throw late;

  try {
    const [stored] = await deps.sql<
      { id: string }[]
    >`SELECT payment_intent_id AS id FROM payment_intents WHERE booking_id = ${bookingId}`;
    let idempotencyKey = `pi-create-${bookingId}`;
    if (stored) {
      const intent = await knownIntent(stripe, stored.id);
      if (intent?.status === 'succeeded' || intent?.status === 'processing') {
        // Paid, but its webhook and the return call have not recorded it (a tab closed mid-way, a return that
        // failed): recorded now, under the return's key, so the checkout confirms instead of asking to pay again.
        if (intent.status === 'succeeded')
          await recordSucceededIntent(deps, bookingId, intent, `stripe-return:${intent.id}`);
        throw new AppError('CONFLICT', 'This booking is already paid. Its confirmation is on its way.', {
          paymentStatus: intent.status,
        });
      }
      if (intent && intent.status !== 'canceled' && intent.amount === booking.totalCents && intent.client_secret) {
        return { clientSecret: intent.client_secret };
      }
      // The stored intent can no longer be paid (or this Stripe account does not know it): a new one, under a key of
      // its own.
      idempotencyKey = `pi-create-${bookingId}-after-${stored.id}`;
    }
    const params: Stripe.PaymentIntentCreateParams = {
      amount: booking.totalCents,
      currency: 'usd',
      // Cards only ("pay by card online"): a method that settles days later (a bank debit) would find the
      // checkout expired and its slot released, and the payment refunded on arrival.
      allowed_payment_method_types: ['card'],
      description: `Barber booking ${bookingId}`,
      metadata: { bookingId, customerId: String(booking.customerId), barberId: String(booking.barberId) },
    };
    const intent = await stripe.paymentIntents.create(params, { idempotencyKey }).catch((error: unknown) => {
      // Stripe keeps a 500 under its key for a day: a booking whose first try met an outage would be unpayable
      // until its checkout expired. Tried again under a key of its own (an intent made by the failed call, if
      // any, has no client secret out: nobody can pay it).
      if (!(error instanceof Stripe.errors.StripeAPIError)) throw error;
      return stripe.paymentIntents.create(params, { idempotencyKey: `${idempotencyKey}-${randomUUID()}` });
    });
    await deps.sql`
      INSERT INTO payment_intents (booking_id, payment_intent_id, amount_cents) VALUES (${bookingId}, ${intent.id}, ${intent.amount})
      ON CONFLICT (booking_id) DO UPDATE SET payment_intent_id = excluded.payment_intent_id, amount_cents = excluded.amount_cents,
        canceled_at = NULL`;
    // Cancelled while the intent was being made: its cancellation job may have looked before this row existed, so
    // the intent is cancelled here rather than left payable until the sweeper's next pass.
    const after = await findPaymentBooking(deps.sql, bookingId);
    if (after && after.status === 'cancelled' && !after.paid) {
      // Refused or failed (the cancellation job got there first, or Stripe is away): the job or the sweeper has it.
      await cancelAtStripe(stripe, deps.sql, bookingId, intent.id, clockNow(deps)).catch(() => undefined);
      throw new AppError(
        'INVALID_TRANSITION',
        `This booking is ${bookingStatusLabel(after.status)} and cannot be paid.`,
        {
          currentStatus: after.status,
        },
      );
    }
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
    return { clientSecret: intent.client_secret };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(new AppError('INTERNAL', PAYMENT_INIT_FAILED), { cause: error });
  }
}

/**
 * The intent, or null when this Stripe account does not know it (made under other keys: test keys swapped for live
 * ones). Every try to pay the booking answered 500 before.
 */
async function knownIntent(stripe: Stripe, intentId: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await stripe.paymentIntents.retrieve(intentId);
  } catch (error) {
    if (isStripeRequestError(error) && error.code === 'resource_missing') return null;
    throw error;
  }
}
