import { eventTypes, stripeEnv } from '@barber/backend/payments/testkit';
import { useTestApp } from '@barber/backend/test/app';
import { startStripeStub } from '@barber/backend/test/stripeStub';
import { cancelIntentJobId, refundJobId } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { sweep } from './sweeper';
import { expireAbandonedCheckouts } from './sweeps/expiredCheckouts';
import { FAST, finished, loseQueue, usePaidFlow } from './testkit';
import { startWorkers } from './worker';

/*
 * A booking that ends unpaid has its PaymentIntent cancelled at Stripe, driven by the event log: a checkout left
 * open in another tab can then no longer charge the card for a booking that is gone.
 */

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });
const w = usePaidFlow(t, stub);

const cancel = (id: string) => w.customer.client.put(`/api/bookings/${id}/status`, { status: 'cancelled' });
const cancelCalls = (intentId: string) =>
  stub.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`);
const canceledAt = async (bookingId: string) =>
  (
    await t.db.sql<{ at: Date | null }[]>`SELECT canceled_at AS at FROM payment_intents WHERE booking_id = ${bookingId}`
  )[0]?.at ?? null;
/** A sweep late enough that the bookings changed a moment ago count as settled. */
const sweepLater = () => sweep(w.deps, { now: new Date(Date.now() + 120_000) });

/** A checkout whose booking the customer cancels while no worker runs: its cancellation job waits in Redis. */
async function cancelledWithWorkersDown() {
  const made = await w.checkout();
  await w.workers.close();
  expect((await cancel(made.booking.id)).status).toBe(200);
  await expect
    .poll(() => t.deps.queues.refunds.getJobState(cancelIntentJobId(made.booking.id)), { timeout: 10_000 })
    .toBe('waiting');
  return made;
}

describe('the PaymentIntent of a booking that ended unpaid', () => {
  it('is cancelled at Stripe when the customer cancels the booking, once', async () => {
    const { booking, intentId } = await w.checkout();
    expect((await cancel(booking.id)).status).toBe(200);

    const job = await finished(t.deps.queues.refunds, cancelIntentJobId(booking.id));
    expect(job.returnvalue).toEqual({ outcome: 'canceled', intentId });
    expect(stub.intents.get(intentId)?.status).toBe('canceled');
    expect(await canceledAt(booking.id)).toBeInstanceOf(Date);
    // The checkout left open in another tab can no longer charge the card.
    expect(() => stub.succeed(intentId)).toThrow(/canceled/);
    // Nothing is left open: a sweep asks Stripe for nothing more.
    expect((await sweepLater()).intents).toEqual({});
    expect(cancelCalls(intentId)).toHaveLength(1);
  });

  it('is cancelled at Stripe when the checkout expires', async () => {
    const { booking, intentId } = await w.checkout();
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await expireAbandonedCheckouts(t.deps, { now: later, log: { error: () => {} } })).toMatchObject({
      expired: expect.any(Number),
    });
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'expired']);

    await finished(t.deps.queues.refunds, cancelIntentJobId(booking.id));
    expect(stub.intents.get(intentId)?.status).toBe('canceled');
    expect(await canceledAt(booking.id)).toBeInstanceOf(Date);
  });

  it('paid before the cancellation reached Stripe (its webhook not handled yet): the payment is recorded and refunded', async () => {
    const { booking, intentId } = await w.checkout();
    stub.succeed(intentId); // the card was charged; the webhook is still on its way
    expect((await cancel(booking.id)).status).toBe(200);

    const job = await finished(t.deps.queues.refunds, cancelIntentJobId(booking.id));
    expect(job.returnvalue).toEqual({ outcome: 'paid meanwhile: recorded', intentId });
    await finished(t.deps.queues.refunds, refundJobId(booking.id));
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'cancelled', 'paid', 'refunded']);
    expect([...stub.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await canceledAt(booking.id)).toBeNull();
    // Paid now: the sweeper no longer looks at its intent.
    expect((await sweepLater()).intents).toEqual({});
  });

  it('a cancellation Redis lost is asked again by the sweeper', async () => {
    const { booking, intentId } = await cancelledWithWorkersDown();
    await loseQueue(t, 'refunds');
    w.workers = startWorkers(w.deps, FAST);

    // Within its first minute a cancellation is left to the subscriber.
    expect((await sweep(w.deps)).intents).toEqual({});
    expect((await sweepLater()).intents).toEqual({ queued: 1 });
    await finished(t.deps.queues.refunds, cancelIntentJobId(booking.id));
    expect(stub.intents.get(intentId)?.status).toBe('canceled');
    expect(await canceledAt(booking.id)).toBeInstanceOf(Date);
    expect((await sweepLater()).intents).toEqual({});
  });

  it('an intent Stripe does not know (made under other keys) is recorded as done, not asked about for ever', async () => {
    const { booking } = await cancelledWithWorkersDown();
    await t.db
      .sql`UPDATE payment_intents SET payment_intent_id = 'pi_of_another_account' WHERE booking_id = ${booking.id}`;
    w.workers = startWorkers(w.deps, FAST);
    const job = await finished(t.deps.queues.refunds, cancelIntentJobId(booking.id));
    expect(job.returnvalue).toEqual({ outcome: 'unknown to Stripe', intentId: 'pi_of_another_account' });
    expect(await canceledAt(booking.id)).toBeInstanceOf(Date);
    expect((await sweepLater()).intents).toEqual({});
  });

  it('the sweeper looks back a week: older cancellations were queued by the subscriber when they happened', async () => {
    const { booking } = await cancelledWithWorkersDown();
    await loseQueue(t, 'refunds');
    w.workers = startWorkers(w.deps, FAST);
    expect((await sweep(w.deps, { now: new Date(Date.now() + 8 * 24 * 3600_000) })).intents).toEqual({});
    expect((await sweepLater()).intents).toEqual({ queued: 1 });
    await finished(t.deps.queues.refunds, cancelIntentJobId(booking.id));
  });
});
