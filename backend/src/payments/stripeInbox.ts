import { STRIPE_EVENT_JOB } from '@barber/shared';
import type { Sql } from '../db/connect';
import {
  ensureJobs,
  ensurePaged,
  settledBefore,
  type EnsureOutcome,
  type SweepCursor,
  type SweepOptions,
} from '../jobs/ensureJob';
import type { Queues } from '../jobs/queues';
import type { Stripe } from './stripe';

/**
 * The Stripe inbox (migration 023): a verified event is written to Postgres before it is queued, so that
 * Redis losing the job loses nothing. A redelivery of the same event is a no-op in both places.
 */
export async function receiveStripeEvent(
  deps: { sql: Sql; queues: Pick<Queues, 'stripe-events'> },
  event: Stripe.Event,
): Promise<void> {
  await deps.sql`
    INSERT INTO stripe_inbox (event_id, type, payload) VALUES (${event.id}, ${event.type}, ${deps.sql.json(event as never)})
    ON CONFLICT (event_id) DO NOTHING`;
  const job = stripeEventJob(event);
  await deps.queues['stripe-events'].add(job.name, job.data, job.opts);
}

/** The job of a Stripe event, under the event's id (a second delivery collapses into the first). */
const stripeEventJob = (event: { id: string }) => ({ name: STRIPE_EVENT_JOB, data: event, opts: { jobId: event.id } });

/** The worker has applied (or, for good, ignored) the event. */
export async function markStripeEventHandled(sql: Sql, eventId: string): Promise<void> {
  await sql`UPDATE stripe_inbox SET handled_at = now() WHERE event_id = ${eventId} AND handled_at IS NULL`;
}

/**
 * The sweeper's pass: every event still unhandled `settleMs` after it arrived (the webhook queued it at once), ensured
 * (ensureJobs), oldest first, a page of `limit` rows after another (ensurePaged) by (received_at, event_id).
 */
export async function requeueUnhandledStripeEvents(
  deps: { sql: Sql; queues: Pick<Queues, 'stripe-events'> },
  options: SweepOptions = {},
): Promise<EnsureOutcome[]> {
  const settled = settledBefore(options);
  return ensurePaged(
    options,
    (after, limit) => deps.sql<({ payload: Stripe.Event } & SweepCursor)[]>`
      SELECT event_id AS key, received_at::text AS at, payload FROM stripe_inbox
       WHERE handled_at IS NULL AND received_at < ${settled}
         AND (received_at, event_id) > (${after.at}::text::timestamptz, ${after.key})
       ORDER BY received_at, event_id LIMIT ${limit}`,
    (rows) =>
      ensureJobs(
        deps.queues['stripe-events'],
        rows.map((row) => stripeEventJob(row.payload)),
      ),
  );
}

/**
 * How long the inbox keeps an event once handled: Stripe redelivers an event for up to three days, and a
 * month leaves room to look back. Unhandled events are never deleted.
 */
const HANDLED_KEEP_MS = 30 * 24 * 3600_000;

/** Deletes the events handled more than HANDLED_KEEP_MS ago; answers how many. */
export async function pruneStripeInbox(sql: Sql, options: { now?: Date } = {}): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - HANDLED_KEEP_MS);
  const deleted = await sql`DELETE FROM stripe_inbox WHERE handled_at < ${before}`;
  return deleted.count;
}
