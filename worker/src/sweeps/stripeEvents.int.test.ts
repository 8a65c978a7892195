import { useTestApp } from '@barber/backend/test/app';
import { STRIPE_EVENT_JOB } from '@barber/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepStripeEvents } from './stripeEvents';

/*
 * The Stripe inbox sweep pages through every unhandled event (no worker runs here: what it queues stays waiting): a
 * backlog larger than a page drains in one pass.
 */
const t = useTestApp();
const queue = () => t.deps.queues['stripe-events'];

beforeEach(async () => {
  await t.db.sql`DELETE FROM stripe_inbox`;
  await queue().obliterate({ force: true });
});

/** `count` unhandled events `prefix`-01… received ten minutes ago (settled), four to an instant a microsecond apart. */
async function received(prefix: string, count: number, minutesAgo = 10): Promise<string[]> {
  const rows = await t.db.sql<{ id: string }[]>`
    INSERT INTO stripe_inbox (event_id, type, payload, received_at)
    SELECT id, 'payment_intent.succeeded', jsonb_build_object('id', id, 'type', 'payment_intent.succeeded'),
           now() - make_interval(mins => ${minutesAgo}) + (i / 4) * interval '1 microsecond'
      FROM generate_series(1, ${count}) AS i, LATERAL (SELECT ${prefix} || '_' || lpad(i::text, 2, '0') AS id) AS e
    RETURNING event_id AS id`;
  return rows.map((r) => r.id).sort();
}

const states = (ids: string[]) => Promise.all(ids.map((id) => queue().getJobState(id)));

describe('the Stripe event sweep', () => {
  it('queues in one pass every event whose job Redis lost, a page of `limit` rows after another', async () => {
    const lost = await received('evt_lost', 23);
    expect(await sweepStripeEvents(t.deps, { limit: 5 })).toEqual({ queued: 23 });
    expect(await states(lost)).toEqual(lost.map(() => 'waiting'));
    const job = await queue().getJob(lost[0]!);
    expect({ name: job!.name, data: job!.data }).toEqual({
      name: STRIPE_EVENT_JOB,
      data: { id: lost[0], type: 'payment_intent.succeeded' },
    });
    expect(await sweepStripeEvents(t.deps, { limit: 5 })).toEqual({ pending: 23 });
  });

  it('events whose jobs wait in Redis hide none of the events behind them', async () => {
    const waiting = await received('evt_waiting', 5, 20);
    for (const id of waiting) await queue().add(STRIPE_EVENT_JOB, { id }, { jobId: id });
    const lost = await received('evt_lost', 12);
    expect(await sweepStripeEvents(t.deps, { limit: 5 })).toEqual({ pending: 5, queued: 12 });
    expect(await states(lost)).toEqual(lost.map(() => 'waiting'));
  });
});
