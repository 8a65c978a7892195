import { clockNow } from '@barber/backend/bookings/clock';
import { runBookingCommand } from '@barber/backend/bookings/commands';
import { openIntentOf } from '@barber/backend/payments/intentCancellations';
import { recordSucceededIntent } from '@barber/backend/payments/record';
import { stripeClient, type Stripe } from '@barber/backend/payments/stripe';
import { AppError, SYSTEM_ACTOR } from '@barber/shared';
import type { WorkerDeps } from '../deps';
import { tally } from './inBatches';
import { repeatEvery, type Log, type Repeating } from './repeat';

/** How often the worker looks for abandoned checkouts: the expiry setting is in minutes. */
const CHECKOUT_EXPIRY_INTERVAL_MS = 60_000;
/**
 * How much longer a checkout whose payment waits on the card's authentication (3-D Secure: Stripe's intent
 * `requires_action`) is held: expired mid-challenge, its payment would go through and be refunded.
 */
export const CARD_AUTHENTICATION_GRACE_MINUTES = 15;

type Outcome = 'expired' | 'paid' | 'skipped' | 'failed';
/** `clock`: the booking rules' injected clock (docs/design.md §3), the real one when absent. */
type ExpiryDeps = Pick<WorkerDeps, 'sql' | 'queues' | 'settings' | 'clock' | 'config'>;

/**
 * Expires every pending, unpaid booking made more than `pendingBookingExpiryMinutes` ago (docs/design.md §3), but
 * one whose succeeded payment waits in the Stripe inbox, or that Stripe says was paid (recorded now: it confirms the
 * booking) or is being paid:
 * an `expired` event by the system, which frees the slot in the same statement (the projection drops
 * the schedule row of a booking no longer live). A booking paid or confirmed meanwhile is refused by
 * the decider and skipped; an expired one appends nothing, so a repeat or a second worker is harmless.
 */
export async function expireAbandonedCheckouts(
  deps: ExpiryDeps,
  options: { now?: Date; limit?: number; log: Log },
): Promise<Partial<Record<Outcome, number>>> {
  const { log } = options;
  const now = options.now ?? clockNow(deps);
  const { pendingBookingExpiryMinutes } = await deps.settings.get();
  const rows = await deps.sql<{ id: string; createdAt: Date }[]>`
    SELECT id, created_at AS "createdAt" FROM bookings
     WHERE status = 'pending' AND NOT paid
       AND created_at < ${now}::timestamptz - make_interval(mins => ${pendingBookingExpiryMinutes})
       -- a payment Stripe reported that is not applied yet (its job late, or lost with Redis: the sweeper queues
       -- it again) is on its way: the booking was paid in time
       AND NOT EXISTS (SELECT 1 FROM stripe_inbox i
                        WHERE i.handled_at IS NULL AND i.type = 'payment_intent.succeeded'
                          AND i.payload->'data'->'object'->'metadata'->>'bookingId' = bookings.id::text)
     ORDER BY created_at
     LIMIT ${options.limit ?? 500}`;
  const outcomes: Outcome[] = [];
  for (const row of rows) outcomes.push(await expireOne(deps, row, now, pendingBookingExpiryMinutes, log));
  return tally(outcomes);
}

/**
 * What Stripe says of the booking's open intent, before the checkout is given up: paid in time (its webhook not here
 * yet: Stripe retries a failed delivery for hours) or a payment still settling. Null when there is nothing to ask, or
 * Stripe cannot be asked: the checkout expires, and a payment found later is refunded (the intent's cancellation).
 */
async function intentAtStripe(deps: ExpiryDeps, bookingId: string, log: Log): Promise<Stripe.PaymentIntent | null> {
  const intentId = await openIntentOf(deps.sql, bookingId);
  const stripe = intentId ? stripeClient(deps.config) : null;
  if (!intentId || !stripe) return null;
  try {
    return await stripe.paymentIntents.retrieve(intentId);
  } catch (error) {
    log.error({ err: error, bookingId, intentId }, 'could not ask Stripe about an abandoned checkout; it expires');
    return null;
  }
}

async function expireOne(
  deps: ExpiryDeps,
  { id: bookingId, createdAt }: { id: string; createdAt: Date },
  now: Date,
  pendingBookingExpiryMinutes: number,
  log: Log,
): Promise<Outcome> {
  const intent = await intentAtStripe(deps, bookingId, log);
  if (intent?.status === 'processing') return 'skipped'; // its outcome comes by webhook; the next pass looks again
  const graceMinutes = pendingBookingExpiryMinutes + CARD_AUTHENTICATION_GRACE_MINUTES;
  if (intent?.status === 'requires_action' && now.getTime() < createdAt.getTime() + graceMinutes * 60_000)
    return 'skipped'; // the customer is in the card's authentication: a little longer
  try {
    if (intent?.status === 'succeeded') {
      await recordSucceededIntent(deps, bookingId, intent, `checkout-expiry:${intent.id}`);
      return 'paid';
    }
    await runBookingCommand(
      deps,
      bookingId,
      { type: 'expire', actor: SYSTEM_ACTOR, now, pendingBookingExpiryMinutes },
      { now },
    );
    return 'expired';
  } catch (error) {
    // Paid, confirmed or cancelled since the read, or a racing writer: nothing to expire now.
    if (error instanceof AppError && ['INVALID_TRANSITION', 'VERSION_CONFLICT'].includes(error.code)) return 'skipped';
    log.error({ err: error, bookingId }, 'could not expire an abandoned checkout');
    return 'failed';
  }
}

export type RunningExpiry = Repeating;

/** Expires abandoned checkouts at once and then every `intervalMs` (a timer: the read model is the truth). */
export function startCheckoutExpiry(deps: ExpiryDeps, options: { intervalMs?: number; log: Log }): RunningExpiry {
  const { log } = options;
  return repeatEvery(
    'checkout expiry',
    options.intervalMs ?? CHECKOUT_EXPIRY_INTERVAL_MS,
    async () => {
      const counts = await expireAbandonedCheckouts(deps, { log });
      if (Object.keys(counts).length) log.info?.(counts, 'checkout expiry');
    },
    log,
  );
}
