import { CANCEL_INTENT_JOB, cancelIntentJobId, type BookingState, type CancelIntentJob } from '@barber/shared';
import type { Sql } from '../db/connect';
import type { Stripe } from './stripe';
import { ensureJob, settledBefore, sweepLimit, type EnsureOutcome, type SweepOptions } from '../jobs/ensureJob';
import type { Queues } from '../jobs/queues';

/** A booking paid by card that ended unpaid: the PaymentIntent its checkout may have made is cancelled at Stripe. */
export function owesIntentCancellation(state: BookingState): boolean {
  return state.created && state.status === 'cancelled' && !state.paid && state.feeCollectionEnabled;
}

/** Queues the cancellation under the booking's one job id (a second request collapses into the first). */
export async function requestIntentCancellation(queues: Pick<Queues, 'refunds'>, bookingId: string): Promise<void> {
  const data: CancelIntentJob = { bookingId };
  await queues.refunds.add(CANCEL_INTENT_JOB, data, { jobId: cancelIntentJobId(bookingId) });
}

/** The sweeper's request, for a booking whose intent Postgres still shows open (ensureJob). */
export function ensureIntentCancellationRequested(
  queues: Pick<Queues, 'refunds'>,
  bookingId: string,
): Promise<EnsureOutcome> {
  return ensureJob(queues.refunds, cancelIntentJobId(bookingId), () => requestIntentCancellation(queues, bookingId));
}

/** How far back the sweeper looks: the subscriber queued each cancellation at once, the sweeper only backs it up. */
const SWEEP_LOOKBACK_MS = 7 * 24 * 3600_000;

/**
 * Cancelled, unpaid bookings whose PaymentIntent is not known to be cancelled, whose last change is older than
 * `settleMs` (the event-log subscriber has had its chance) and less than a week old, oldest first.
 */
export async function bookingsWithOpenIntent(sql: Sql, options: SweepOptions = {}): Promise<string[]> {
  const since = new Date((options.now ?? new Date()).getTime() - SWEEP_LOOKBACK_MS);
  const rows = await sql<{ id: string }[]>`
    SELECT b.id FROM bookings b JOIN payment_intents p ON p.booking_id = b.id
     WHERE b.status = 'cancelled' AND NOT b.paid AND p.canceled_at IS NULL
       AND b.updated_at < ${settledBefore(options)} AND b.updated_at >= ${since}
     ORDER BY b.updated_at LIMIT ${sweepLimit(options)}`;
  return rows.map((r) => r.id);
}

/** The booking's PaymentIntent still to be cancelled at Stripe, if any. */
export async function openIntentOf(sql: Sql, bookingId: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    SELECT payment_intent_id AS id FROM payment_intents WHERE booking_id = ${bookingId} AND canceled_at IS NULL`;
  return row?.id ?? null;
}

/** Stripe has cancelled the intent: the sweeper stops asking. */
export async function markIntentCanceled(sql: Sql, bookingId: string, intentId: string, at: Date): Promise<void> {
  await sql`
    UPDATE payment_intents SET canceled_at = ${at}
     WHERE booking_id = ${bookingId} AND payment_intent_id = ${intentId} AND canceled_at IS NULL`;
}

/** Cancels the intent at Stripe (a checkout can no longer charge the card) and records it; throws what Stripe refuses. */
export async function cancelAtStripe(
  stripe: Stripe,
  sql: Sql,
  bookingId: string,
  intentId: string,
  at: Date,
): Promise<void> {
  await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
  await markIntentCanceled(sql, bookingId, intentId, at);
}
