import type { SweepOptions } from '@barber/backend/jobs/ensureJob';
import { pruneStripeInbox, requeueUnhandledStripeEvents } from '@barber/backend/payments/stripeInbox';
import type { WorkerDeps } from '../deps';
import { tally } from './inBatches';

/**
 * Queues again every Stripe event the inbox still holds unhandled a minute after it arrived: a job Redis
 * lost, or one that failed for good. A repeat is harmless: one job id per event, and the booking commands
 * run under the idempotency key `stripe:{event id}`. Events handled more than a month ago are deleted.
 */
export async function sweepStripeEvents(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: SweepOptions = {}) {
  const outcomes = tally(await requeueUnhandledStripeEvents(deps, options));
  const pruned = await pruneStripeInbox(deps.sql, options);
  return pruned > 0 ? { ...outcomes, pruned } : outcomes;
}
