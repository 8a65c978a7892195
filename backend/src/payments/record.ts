import { AppError, SYSTEM_ACTOR, type BookingCommand, type BookingView } from '@barber/shared';
import { clockNow } from '../bookings/clock';
import { runBookingCommand, type BookingCommandDeps } from '../bookings/commands';
import type { Deps } from '../plugins/deps';
import type { Stripe } from './stripe';

/** The booking a PaymentIntent pays for: set by POST /api/create-payment-intent. */
export function bookingIdOfIntent(intent: Pick<Stripe.PaymentIntent, 'metadata'>): string | null {
  return intent.metadata?.bookingId || null;
}

/**
 * Runs a payment command as the system. Racing writers (the webhook job and the redirect return
 * record the same payment under different keys) collide on the stream version; the retry decides on
 * the new state, where the decider finds the payment already recorded and appends nothing.
 */
export async function runPaymentCommand(
  deps: BookingCommandDeps,
  bookingId: string,
  command: Extract<
    BookingCommand,
    { type: 'recordPayment' | 'recordPaymentFailure' | 'recordRefund' | 'recordRefundSuccess' | 'recordRefundFailure' }
  >,
  idempotencyKey: string,
  /** When the events are recorded: the instant the command was decided at (the injected clock's). */
  now?: Date,
): Promise<BookingView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runBookingCommand(deps, bookingId, command, { idempotencyKey, causationId: idempotencyKey, now });
    } catch (error) {
      if (attempt < 4 && error instanceof AppError && error.code === 'VERSION_CONFLICT') continue;
      throw error;
    }
  }
}

/**
 * `{ pending: true }` for a refund Stripe has not settled with the card's bank yet (pending, or waiting on the
 * customer: requires_action), to spread into a recordRefund command; nothing for one that succeeded.
 */
function pendingOf(refund: Pick<Stripe.Refund, 'status'>): { pending?: true } {
  return refund.status === 'pending' || refund.status === 'requires_action' ? { pending: true } : {};
}

/**
 * Records a refund made at Stripe under its own id and amount, pending when Stripe answered so: the refund job's own
 * (`{ complete: true }`: it asked for everything left), or one Stripe lists for the booking's payment
 * (`{ seenAtStripe: true }`: money that moved, made in Stripe's dashboard or ours seen before its job recorded it,
 * recorded whatever the booking's status). One recorded already, or reported failed already, adds nothing.
 */
export function recordMadeRefund(
  deps: BookingCommandDeps,
  bookingId: string,
  refund: Pick<Stripe.Refund, 'id' | 'amount' | 'status'>,
  how: { complete: true } | { seenAtStripe: true },
  idempotencyKey: string,
): Promise<BookingView> {
  const data = { refundId: refund.id, amount: refund.amount, ...how, ...pendingOf(refund) };
  return runPaymentCommand(deps, bookingId, { type: 'recordRefund', actor: SYSTEM_ACTOR, data }, idempotencyKey);
}

/** Records that Stripe could not complete a refund (failed or cancelled): the booking owes its money again. */
export function recordFailedRefund(
  deps: BookingCommandDeps,
  bookingId: string,
  refund: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason'>,
  idempotencyKey: string,
): Promise<BookingView> {
  const reason = refund.failure_reason ?? refund.status ?? 'failed';
  return runPaymentCommand(
    deps,
    bookingId,
    { type: 'recordRefundFailure', actor: SYSTEM_ACTOR, data: { refundId: refund.id, reason } },
    idempotencyKey,
  );
}

/** What every refund id of the day's refusals starts with (the sweeper leaves them until the next day). */
export const refusalPrefix = (day: string) => `refused:${day}:`;

/** The refund id a refusal is recorded under: one per reason and New York day, so the history says it once a day. */
export const refusalId = (code: string | undefined, day: string) => `${refusalPrefix(day)}${code ?? 'invalid_request'}`;

/**
 * A refund Stripe refused to make (the charge disputed, or refunded in full by hand): nothing was counted as given
 * back, so nothing is owed again; recorded where the administrators see it (the booking's history, Live Activity).
 */
export function recordRefusedRefund(
  deps: BookingCommandDeps,
  bookingId: string,
  refusal: { code?: string; message: string },
  day: string,
): Promise<BookingView> {
  const refundId = refusalId(refusal.code, day);
  return runPaymentCommand(
    deps,
    bookingId,
    { type: 'recordRefundFailure', actor: SYSTEM_ACTOR, data: { refundId, reason: refusal.message } },
    `refund-${refundId}:${bookingId}`,
  );
}

/**
 * Records where Stripe says a refund stands: succeeded settles one not settled when recorded (recordRefundSuccess),
 * failed or cancelled owes its money again (recordRefundFailure); null, and nothing recorded, while it is pending.
 */
export function recordRefundOutcome(
  deps: BookingCommandDeps,
  bookingId: string,
  refund: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason'>,
  idempotencyKey: string,
): Promise<BookingView> | null {
  if (refund.status === 'succeeded') {
    const command = { type: 'recordRefundSuccess', actor: SYSTEM_ACTOR, data: { refundId: refund.id } } as const;
    return runPaymentCommand(deps, bookingId, command, idempotencyKey);
  }
  if (refund.status === 'failed' || refund.status === 'canceled')
    return recordFailedRefund(deps, bookingId, refund, idempotencyKey);
  return null;
}

/**
 * Records a succeeded PaymentIntent on its booking: `paid`, then `confirmed` when it was pending (`expired` when
 * the appointment has ended meanwhile: the payment is refunded).
 */
export function recordSucceededIntent(
  deps: BookingCommandDeps & Pick<Deps, 'clock'>,
  bookingId: string,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'amount_received'>,
  idempotencyKey: string,
): Promise<BookingView> {
  const amount = intent.amount_received || intent.amount;
  const now = clockNow(deps);
  return runPaymentCommand(
    deps,
    bookingId,
    { type: 'recordPayment', actor: SYSTEM_ACTOR, now, data: { paymentIntentId: intent.id, amount } },
    idempotencyKey,
    now,
  );
}
