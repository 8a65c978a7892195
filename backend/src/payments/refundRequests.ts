import { REFUND_JOB, refundJobId, todayLocal, type BookingState, type RefundJob } from '@barber/shared';
import type { Sql } from '../db/connect';
import { ensureJob, settledBefore, sweepLimit, type EnsureOutcome, type SweepOptions } from '../jobs/ensureJob';
import type { Queues } from '../jobs/queues';
import { refusalPrefix } from './record';

/** A paid booking that ended cancelled and was not refunded yet: its money goes back. */
export function owesRefund(state: BookingState): boolean {
  return state.created && state.status === 'cancelled' && state.paid && !state.refunded;
}

/**
 * Queues the refund job of a booking under its one job id: a second request while the job is known to
 * the queue collapses into the first, and the job's Stripe idempotency key makes even a rerun harmless.
 */
export async function requestRefund(queues: Pick<Queues, 'refunds'>, bookingId: string): Promise<void> {
  const data: RefundJob = { bookingId };
  await queues.refunds.add(REFUND_JOB, data, { jobId: refundJobId(bookingId) });
}

/** The sweeper's request, for a booking the read model still shows as owed a refund (ensureJob). */
export function ensureRefundRequested(queues: Pick<Queues, 'refunds'>, bookingId: string): Promise<EnsureOutcome> {
  return ensureJob(queues.refunds, refundJobId(bookingId), () => requestRefund(queues, bookingId));
}

/**
 * Cancelled, paid, unrefunded bookings whose last change is older than `settleMs` (the event-log
 * subscriber has had its chance), oldest first.
 */
export async function bookingsOwedRefund(sql: Sql, options: SweepOptions = {}): Promise<string[]> {
  // a refund Stripe refused today is asked for again tomorrow (recordRefusedRefund): it would only be refused again
  const refusedToday = `${refusalPrefix(todayLocal(options.now ?? new Date()))}%`;
  const rows = await sql<{ id: string }[]>`
    SELECT b.id FROM bookings b
     WHERE b.status = 'cancelled' AND b.paid AND NOT b.refunded AND b.updated_at < ${settledBefore(options)}
       AND NOT EXISTS (SELECT 1 FROM events e
                        WHERE e.stream_id = 'booking-' || b.id AND e.type = 'refundFailed'
                          AND e.data->>'refundId' LIKE ${refusedToday})
     ORDER BY b.updated_at LIMIT ${sweepLimit(options)}`;
  return rows.map((r) => r.id);
}
