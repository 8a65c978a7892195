import {
  AppError,
  PAID_CONFIRMATION_PENDING,
  PAYMENTS_NOT_AVAILABLE_MESSAGE,
  type ConfirmReturnAnswer,
} from '@barber/shared';
import type { AuthUser } from '../accounts/queries';
import type { Deps } from '../plugins/deps';
import { findPaymentBooking } from './bookingRow';
import { bookingIdOfIntent, recordSucceededIntent } from './record';
import { isStripeRequestError, stripeClient } from './stripe';

const NOTHING_PENDING: ConfirmReturnAnswer = { status: 'no_pending_booking', bookingId: null };

/**
 * POST /api/payments/confirm-return: the bookings screen calls it with the `payment_intent` and
 * `redirect_status` query parameters Stripe appends when it redirects back. The intent's state is read
 * from Stripe (the query string proves nothing); a succeeded intent of the caller's still-pending
 * booking is recorded at once, the same idempotent way the webhook does, so the screen does not wait
 * for the webhook. The webhook's later `paid` finds the payment recorded and appends nothing.
 */
export async function confirmPaymentReturn(
  deps: Deps,
  user: AuthUser,
  paymentIntentId: string,
): Promise<ConfirmReturnAnswer> {
  const stripe = stripeClient(deps.config);
  if (!stripe) throw new AppError('VALIDATION_FAILED', PAYMENTS_NOT_AVAILABLE_MESSAGE);
  let intent;
  try {
    intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  } catch (error) {
    if (isStripeRequestError(error)) return NOTHING_PENDING;
    // Stripe unreachable or refusing our key: the webhook still records the payment when it comes.
    throw Object.assign(new AppError('INTERNAL', PAID_CONFIRMATION_PENDING), { cause: error });
  }
  const bookingId = bookingIdOfIntent(intent);
  const booking = bookingId ? await findPaymentBooking(deps.sql, bookingId) : null;
  // Someone else's intent answers exactly like an unknown one.
  if (!booking || booking.customerId !== user.id) return NOTHING_PENDING;

  switch (intent.status) {
    case 'succeeded': {
      if (booking.paid && booking.stripePaymentId === intent.id) {
        return { status: booking.status === 'cancelled' ? 'no_pending_booking' : 'confirmed', bookingId: booking.id };
      }
      if (booking.status !== 'pending') return { status: 'no_pending_booking', bookingId: booking.id };
      const view = await recordSucceededIntent(deps, booking.id, intent, `stripe-return:${intent.id}`);
      // cancelled: the appointment ended before the payment came (the decider expires it; refunded)
      const status =
        view.status === 'confirmed' ? 'confirmed' : view.status === 'cancelled' ? 'no_pending_booking' : 'pending';
      return { status, bookingId: booking.id };
    }
    case 'processing':
    case 'requires_capture':
      return { status: booking.status === 'pending' ? 'pending' : 'no_pending_booking', bookingId: booking.id };
    case 'requires_payment_method':
    case 'requires_action':
    case 'requires_confirmation':
    case 'canceled':
      return { status: 'failed', bookingId: booking.id };
    default:
      return { status: 'pending', bookingId: booking.id };
  }
}
