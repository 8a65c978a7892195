import { deliver, eventTypes, REFUNDED_EVENTS, stripeEnv } from '@barber/backend/payments/testkit';
import { useTestApp } from '@barber/backend/test/app';
import { startStripeStub } from '@barber/backend/test/stripeStub';
import { refundJobId } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { startSubscribers } from './subscribers';
import { sweep } from './sweeper';
import { FAST, finished, subscriberOptions, usePaidFlow, loseQueue, unreachableQueues } from './testkit';
import { startWorkers } from './worker';

/** A refund owed is never lost: not to Redis being away at the commit, nor to Redis losing the job. */

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });
// The worker's own resources (ownDeps), so that breaking the app's queues (the HTTP side) leaves the worker whole.
const w = usePaidFlow(t, stub, { ownDeps: true });

/** A confirmed booking paid through the webhook. */
async function paidBooking() {
  const { booking, intentId } = await w.checkout();
  const event = stub.succeed(intentId);
  await deliver(t, event);
  await finished(t.deps.queues['stripe-events'], event.id);
  expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
  return { id: booking.id, intentId };
}

const cancel = (id: string) => w.customer.client.put(`/api/bookings/${id}/status`, { status: 'cancelled' });
/** Refund calls that reached Stripe for the booking, and refunds Stripe made for its payment. */
const refundCalls = (id: string) =>
  stub.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === refundJobId(id));
const refundsMade = (intentId: string) => [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);

/** A sweep late enough that the bookings changed a moment ago count as settled. */
const sweepLater = () => sweep(w.deps, { now: new Date(Date.now() + 120_000) });

describe('refunds owed are never lost', () => {
  it('Redis unreachable when the cancellation commits: the refund is requested from the event log, once', async () => {
    const booking = await paidBooking();
    const live = t.deps.queues;
    t.deps.queues = unreachableQueues(t);
    try {
      const cancelled = await cancel(booking.id);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', paid: true, refunded: false });
    } finally {
      await t.deps.queues.close().catch(() => {});
      t.deps.queues = live;
    }
    const job = await finished(t.deps.queues.refunds, refundJobId(booking.id));
    expect(job.returnvalue).toMatchObject({ outcome: 'refunded' });
    expect(refundCalls(booking.id)).toHaveLength(1);
    expect(refundsMade(booking.intentId)).toHaveLength(1);
    expect(await eventTypes(t, booking.id)).toEqual(REFUNDED_EVENTS);
    // Nothing is owed any more: a sweep asks Stripe for nothing.
    expect((await sweepLater()).refunds).toEqual({});
    expect(refundCalls(booking.id)).toHaveLength(1);
  });

  it('a refund job that Redis lost is requested again by the sweeper, and Stripe refunds once', async () => {
    const booking = await paidBooking();
    await w.workers.close();
    expect((await cancel(booking.id)).status).toBe(200);
    // The subscriber queued the refund from the log; then Redis restarted empty before any worker ran it.
    await expect
      .poll(() => t.deps.queues.refunds.getJobState(refundJobId(booking.id)), { timeout: 10_000 })
      .toBe('waiting');
    await loseQueue(t, 'refunds');
    expect(await t.deps.queues.refunds.getJob(refundJobId(booking.id))).toBeUndefined();
    w.workers = startWorkers(w.deps, FAST);

    // Within its first minute a cancellation is left to the subscriber.
    expect((await sweep(w.deps)).refunds).toEqual({});
    expect((await sweepLater()).refunds).toEqual({ queued: 1 });
    await finished(t.deps.queues.refunds, refundJobId(booking.id));
    expect(refundCalls(booking.id)).toHaveLength(1);
    expect(refundsMade(booking.intentId)).toHaveLength(1);
    expect(await eventTypes(t, booking.id)).toEqual(REFUNDED_EVENTS);
    expect((await sweepLater()).refunds).toEqual({});
  });

  it('a refund job that failed for good (Stripe down) is run again by the sweeper; the idempotency key holds', async () => {
    const booking = await paidBooking();
    await w.subscribers?.stop();
    w.subscribers = undefined;
    expect((await cancel(booking.id)).status).toBe(200);
    // One attempt only, while Stripe answers 500: the job fails for good.
    stub.failNext(1);
    await t.deps.queues.refunds.add(
      'refund',
      { bookingId: booking.id },
      { jobId: refundJobId(booking.id), attempts: 1 },
    );
    await expect
      .poll(() => t.deps.queues.refunds.getJobState(refundJobId(booking.id)), { timeout: 10_000 })
      .toBe('failed');
    expect(refundsMade(booking.intentId)).toHaveLength(0);

    expect((await sweepLater()).refunds).toEqual({ retried: 1 });
    const job = await finished(t.deps.queues.refunds, refundJobId(booking.id));
    expect(job.returnvalue).toMatchObject({ outcome: 'refunded' });
    expect(refundCalls(booking.id)).toHaveLength(2);
    expect(refundsMade(booking.intentId)).toHaveLength(1);
    // The subscriber, back, reads the cancellation and asks again: the finished job's id collapses the request.
    w.subscribers = await startSubscribers(w.deps, subscriberOptions);
    await expect
      .poll(
        async () =>
          (await t.db.sql`SELECT 1 FROM notifications WHERE booking_id = ${booking.id} AND kind = 'booking_refunded'`)
            .length,
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(refundCalls(booking.id)).toHaveLength(2);
    expect(await eventTypes(t, booking.id)).toEqual(REFUNDED_EVENTS);
  });
});
