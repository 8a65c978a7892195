import { pruneStripeInbox } from '@barber/backend/payments/stripeInbox';
import { deliver, eventTypes, stripeEnv } from '@barber/backend/payments/testkit';
import { useTestApp } from '@barber/backend/test/app';
import { startStripeStub } from '@barber/backend/test/stripeStub';
import { describe, expect, it } from 'vitest';
import { sweep } from './sweeper';
import { FAST, finished, usePaidFlow, loseQueue, unreachableQueues } from './testkit';
import { startWorkers } from './worker';

/**
 * A verified Stripe event is never lost with Redis: the webhook keeps it in the Stripe inbox (Postgres)
 * before it queues it, the worker marks it handled, and the sweeper queues again what stays unhandled.
 * Lost, a succeeded payment would leave the booking pending, and the checkout expiry would expire a
 * booking the customer paid for.
 */

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });
const w = usePaidFlow(t, stub, { ownDeps: true });

const PAID = ['created', 'detailsSaved', 'paid', 'confirmed'];

const inbox = async (eventId: string) => {
  const [row] = await t.db.sql<{ handled: boolean }[]>`
    SELECT handled_at IS NOT NULL AS handled FROM stripe_inbox WHERE event_id = ${eventId}`;
  return row;
};

/** A sweep late enough that the events received a moment ago count as settled. */
const sweepLater = () => sweep(w.deps, { now: new Date(Date.now() + 120_000) });

describe('Stripe events are never lost', () => {
  it('an event whose job Redis lost is queued again from the inbox by the sweeper, and applied once', async () => {
    const { booking, intentId } = await w.checkout();
    await w.workers.close();
    const event = stub.succeed(intentId);
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect(await inbox(event.id)).toEqual({ handled: false });
    await loseQueue(t, 'stripe-events');
    expect(await t.deps.queues['stripe-events'].getJob(event.id)).toBeUndefined();
    w.workers = startWorkers(w.deps, FAST);

    // Within its first minute an event is left to the job the webhook queued.
    expect((await sweep(w.deps)).stripeEvents).toEqual({});
    expect((await sweepLater()).stripeEvents).toEqual({ queued: 1 });
    await finished(t.deps.queues['stripe-events'], event.id);
    expect(await eventTypes(t, booking.id)).toEqual(PAID);
    expect(await inbox(event.id)).toEqual({ handled: true });
    // Handled: nothing more to queue, and a redelivery by Stripe changes nothing.
    expect((await sweepLater()).stripeEvents).toEqual({});
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect(await eventTypes(t, booking.id)).toEqual(PAID);
  });

  it('with Redis unreachable the webhook answers 500 but keeps the event, which the sweeper queues later', async () => {
    const { booking, intentId } = await w.checkout();
    const event = stub.succeed(intentId);
    const live = t.deps.queues;
    t.deps.queues = unreachableQueues(t);
    try {
      expect((await deliver(t, event)).statusCode).toBe(500);
    } finally {
      await t.deps.queues.close().catch(() => {});
      t.deps.queues = live;
    }
    expect(await inbox(event.id)).toEqual({ handled: false });
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved']);

    expect((await sweepLater()).stripeEvents).toEqual({ queued: 1 });
    await finished(t.deps.queues['stripe-events'], event.id);
    expect(await eventTypes(t, booking.id)).toEqual(PAID);
    expect(await inbox(event.id)).toEqual({ handled: true });
  });

  it('keeps a handled event for a month, and an unhandled one until it is handled', async () => {
    await t.db.sql`INSERT INTO stripe_inbox (event_id, type, payload, received_at, handled_at) VALUES
      ('evt_prune_old', 'payment_intent.succeeded', '{}', now() - interval '31 days', now() - interval '31 days'),
      ('evt_prune_recent', 'payment_intent.succeeded', '{}', now() - interval '29 days', now() - interval '29 days')`;
    expect((await sweep(w.deps)).stripeEvents).toEqual({ pruned: 1 });
    // Unhandled, however old: the sweeper's to queue again, never to delete (the sweep would queue it here).
    await t.db.sql`INSERT INTO stripe_inbox (event_id, type, payload, received_at)
                   VALUES ('evt_prune_unhandled', 'charge.refunded', '{}', now() - interval '40 days')`;
    expect(await pruneStripeInbox(t.db.sql)).toBe(0);
    const kept = await t.db.sql<{ id: string }[]>`
      SELECT event_id AS id FROM stripe_inbox WHERE event_id LIKE 'evt_prune_%' ORDER BY event_id`;
    expect(kept.map((r) => r.id)).toEqual(['evt_prune_recent', 'evt_prune_unhandled']);
    await t.db.sql`DELETE FROM stripe_inbox WHERE event_id = 'evt_prune_unhandled'`;
  });
});
