import { requeueUnhandledStripeEvents } from '@barber/backend/payments/stripeInbox';
import type { WorkerDeps } from '../deps';
import { tally } from './inBatches';

/**
 * Queues again every Stripe event the inbox still holds unhandled a minute after it arrived: a job Redis
 * lost, or one that failed for good. A repeat is harmless: one job id per event, and the booking commands
 * run under the idempotency key `stripe:{event id}`.
 */
export async function sweepStripeEvents(
  deps: Pick<WorkerDeps, 'sql' | 'queues'>,
  options: { now?: Date; settleMs?: number } = {},
) {
  return tally(await requeueUnhandledStripeEvents(deps, options));
}
