import type { SweepOptions } from '@barber/backend/jobs/ensureJob';
import {
  bookingsWithOpenIntent,
  ensureIntentCancellationRequested,
} from '@barber/backend/payments/intentCancellations';
import type { WorkerDeps } from '../deps';
import { inBatches, tally } from './inBatches';

/**
 * Requests again the cancellation of every PaymentIntent still open on a booking the read model shows cancelled and
 * unpaid a minute after its last change (the event-log subscriber requests it at once; this catches a job Redis lost,
 * one that failed for good, and an intent made while the booking was being cancelled).
 */
export async function sweepIntents(deps: Pick<WorkerDeps, 'sql' | 'queues'>, options: SweepOptions = {}) {
  const ids = await bookingsWithOpenIntent(deps.sql, options);
  return tally(await inBatches(ids, 20, (id) => ensureIntentCancellationRequested(deps.queues, id)));
}
