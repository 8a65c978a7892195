import { CHECK_REFUND_JOB, checkRefundJobId, todayLocal, type CheckRefundJob } from '@barber/shared';
import type { Sql } from '../db/connect';
import { ensureJob, sweepLimit, type SweepOptions } from '../jobs/ensureJob';
import type { Queues } from '../jobs/queues';

const DAY_MS = 24 * 3600_000;
/** Stripe sends a refund's update when the bank settles it; only one not heard of for a day is asked about. */
const UNHEARD_FOR_MS = DAY_MS;
/**
 * A retry Stripe answered succeeded gets no update unless the bank refuses it, which can take days: Stripe's word
 * is taken as final only a week after it was made (so the customer is not told "Refund issued" and then refused).
 */
const RETRY_REFUSAL_WINDOW_MS = 7 * DAY_MS;
/** A card refund settles within days; one still pending after a month is left to an administrator. */
const LOOKBACK_MS = 30 * DAY_MS;

/**
 * Refunds not settled when recorded (pending at Stripe, or retrying one that failed), a day ago or more (a retry
 * Stripe answered succeeded: a week) and within a month, with no `refundSucceeded` or `refundFailed` since and not
 * asked about today (markRefundChecked), oldest first, along the partial index of migration 030.
 */
export async function unsettledRefunds(sql: Sql, options: SweepOptions = {}): Promise<Omit<CheckRefundJob, 'day'>[]> {
  const now = (options.now ?? new Date()).getTime();
  return sql<Omit<CheckRefundJob, 'day'>[]>`
    SELECT substr(e.stream_id, length('booking-') + 1) AS "bookingId", e.data->>'refundId' AS "refundId"
      FROM events e
     WHERE e.type = 'refunded'
       AND e.recorded_at < CASE WHEN e.data ? 'pending' THEN ${new Date(now - UNHEARD_FOR_MS)}::timestamptz
                                ELSE ${new Date(now - RETRY_REFUSAL_WINDOW_MS)}::timestamptz END
       AND e.recorded_at >= ${new Date(now - LOOKBACK_MS)}
       AND (e.data ? 'pending'
            OR EXISTS (SELECT 1 FROM events f
                        WHERE f.stream_id = e.stream_id AND f.stream_version < e.stream_version
                          AND f.type = 'refundFailed'))
       AND NOT EXISTS (SELECT 1 FROM refund_checks c
                        WHERE c.refund_id = e.data->>'refundId' AND c.checked_on = ${todayLocal(new Date(now))}::date)
       AND NOT EXISTS (SELECT 1 FROM events s
                        WHERE s.stream_id = e.stream_id AND s.stream_version > e.stream_version
                          AND s.type IN ('refundSucceeded', 'refundFailed')
                          AND s.data->>'refundId' = e.data->>'refundId')
     ORDER BY e.recorded_at LIMIT ${sweepLimit(options)}`;
}

/**
 * Queues the day's question to Stripe about a refund. One waiting or running is left alone; one that failed for good
 * (Stripe away) runs again, since a refund never asked stays first in line and would hold the day's passes on it.
 * `now` names the day.
 */
export async function requestRefundCheck(
  queues: Pick<Queues, 'refunds'>,
  refund: Omit<CheckRefundJob, 'day'>,
  now: Date,
): Promise<void> {
  const day = todayLocal(now);
  const jobId = checkRefundJobId(refund.refundId, day);
  await ensureJob(queues.refunds, jobId, () => queues.refunds.add(CHECK_REFUND_JOB, { ...refund, day }, { jobId }));
}

/**
 * Notes that Stripe was asked about the refund for `day` (yyyy-MM-dd): that day's sweeps leave it alone (a check of an
 * earlier day that ran late does not take a later day's back).
 */
export async function markRefundChecked(sql: Sql, refundId: string, day: string): Promise<void> {
  await sql`
    INSERT INTO refund_checks (refund_id, checked_on) VALUES (${refundId}, ${day}::date)
    ON CONFLICT (refund_id) DO UPDATE SET checked_on = greatest(refund_checks.checked_on, excluded.checked_on)`;
}
