import { clockAtAppointment, setClock } from '@barber/backend/bookings/testkit';
import { deliver, eventTypes, REFUNDED_EVENTS, stripeEnv } from '@barber/backend/payments/testkit';
import { BOOKING_NOTIFIER } from '@barber/backend/notifications/subscriber';
import { bookingsOwedRefund } from '@barber/backend/payments/refundRequests';
import { useTestApp } from '@barber/backend/test/app';
import { stripeClient, type Stripe } from '@barber/backend/payments/stripe';
import { startStripeStub } from '@barber/backend/test/stripeStub';
import { checkRefundJobId, todayLocal } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { refund } from './jobs/refund';
import { stripeEvent } from './jobs/stripeEvent';
import { sweep } from './sweeper';
import { CARD_AUTHENTICATION_GRACE_MINUTES, expireAbandonedCheckouts } from './sweeps/expiredCheckouts';
import { FAST, finished, usePaidFlow } from './testkit';
import { startWorkers } from './worker';

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });
// Short locks (FAST); the event-log subscriber requests refunds (a cancelled paid booking, a payment on a cancelled one).
const w = usePaidFlow(t, stub);
const checkout = () => w.checkout();

const stripeEvents = () => t.deps.queues['stripe-events'];

describe('the paid flow through the worker', () => {
  it('create booking, save details, intent, signed webhook, worker: confirmed with exactly one paid event', async () => {
    const { booking, intentId } = await checkout();
    const event = stub.succeed(intentId);
    expect((await deliver(t, event)).statusCode).toBe(200);
    const job = await finished(stripeEvents(), event.id);
    expect(job.returnvalue).toMatchObject({ outcome: 'applied', bookingId: booking.id, status: 'confirmed' });

    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
    const view = await w.customer.client.get(`/api/bookings/${booking.id}`);
    expect(view.body.booking).toMatchObject({ status: 'confirmed', paid: true, stripePaymentId: intentId });
    const [paid] = await t.db.sql<{ data: unknown; metadata: Record<string, unknown> }[]>`
      SELECT data, metadata FROM events WHERE stream_id = ${`booking-${booking.id}`} AND type = 'paid'`;
    expect(paid!.data).toEqual({ paymentIntentId: intentId, amount: 3500 });
    expect(paid!.metadata).toMatchObject({ actorRole: 'system', idempotencyKey: `stripe:${event.id}` });
  });

  it('changes nothing twice for duplicate and out-of-order deliveries', async () => {
    const { booking, intentId } = await checkout();
    const failed = stub.fail(intentId);
    const succeeded = stub.succeed(intentId);
    // Success first, then the same success again (also as a job the queue no longer knows), then the stale failure.
    await deliver(t, succeeded);
    await deliver(t, succeeded);
    await finished(stripeEvents(), succeeded.id);
    await stripeEvents().add('stripe-event', succeeded, { jobId: `${succeeded.id}-redelivered` });
    await deliver(t, failed);
    const again = await finished(stripeEvents(), `${succeeded.id}-redelivered`);
    const stale = await finished(stripeEvents(), failed.id);
    expect(again.returnvalue).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    expect(stale.returnvalue).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
  });

  it('records a failed attempt, then the payment that succeeds', async () => {
    const { booking, intentId } = await checkout();
    const failed = stub.fail(intentId, 'Your card has insufficient funds.');
    await deliver(t, failed);
    await finished(stripeEvents(), failed.id);
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paymentFailed']);
    expect((await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking.status).toBe('pending');

    const succeeded = stub.succeed(intentId);
    await deliver(t, succeeded);
    await finished(stripeEvents(), succeeded.id);
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paymentFailed', 'paid', 'confirmed']);
  });

  it('ignores an event of a booking it does not know, without failing', async () => {
    const event = stub.succeed((await checkout()).intentId);
    (event.data.object as { metadata: Record<string, string> }).metadata = {
      bookingId: '00000000-0000-4000-8000-000000000000',
    };
    await deliver(t, event);
    const job = await finished(stripeEvents(), event.id);
    expect(job.returnvalue).toMatchObject({ outcome: 'ignored' });
  });
});

describe('a worker that dies in the middle of a job', () => {
  it('killed after the append and restarted: exactly one paid event', async () => {
    await w.workers.close();
    const { booking, intentId } = await checkout();
    let appended!: () => void;
    const didAppend = new Promise<void>((resolve) => (appended = resolve));
    // The first worker hangs for ever right after its booking command committed, and is then killed.
    const doomed = startWorkers(
      { ...t.deps, hooks: { afterStripeEventApplied: () => (appended(), new Promise<void>(() => {})) } },
      FAST,
    );
    const event = stub.succeed(intentId);
    await deliver(t, event);
    await didAppend;
    await doomed.close(true);
    expect(await stripeEvents().getJobState(event.id)).toBe('active');
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);

    // A new worker finds the job stalled (its lock expired), runs it again: the idempotency log answers.
    w.workers = startWorkers(t.deps, FAST);
    const job = await finished(stripeEvents(), event.id, 15_000);
    expect(job.returnvalue).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    expect(job.stalledCounter).toBe(1);
    expect(job.attemptsStarted).toBe(2);
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
  });

  it('failing after the append and retried with backoff: exactly one paid event', async () => {
    await w.workers.close();
    const { booking, intentId } = await checkout();
    let calls = 0;
    w.workers = startWorkers(
      {
        ...t.deps,
        hooks: {
          afterStripeEventApplied: async () => {
            calls += 1;
            if (calls === 1) throw new Error('crash after commit');
          },
        },
      },
      FAST,
    );
    const event = stub.succeed(intentId);
    await deliver(t, event);
    const job = await finished(stripeEvents(), event.id);
    expect(job.attemptsMade).toBe(2);
    expect(calls).toBe(2);
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
    await w.workers.close();
    w.workers = startWorkers(t.deps, FAST);
  });
});

/** A booking paid, then cancelled by its customer, and its refund job run while Stripe answers refunds `status`. */
async function paidCancelledRefunded(status: 'pending' | 'failed') {
  const { booking, intentId } = await checkout();
  stub.refundsAnswer(status);
  try {
    const paid = stub.succeed(intentId);
    await deliver(t, paid);
    await finished(stripeEvents(), paid.id);
    await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
    return { booking, intentId, job: await finished(t.deps.queues.refunds, `refund-${booking.id}`) };
  } finally {
    stub.refundsAnswer('succeeded');
  }
}

/** A booking paid through the webhook (and confirmed). */
async function paid() {
  const flow = await checkout();
  const event = stub.succeed(flow.intentId);
  await deliver(t, event);
  await finished(stripeEvents(), event.id);
  return flow;
}

/** The event as an account on today's API sends it: the charge without its refund list. */
function withoutRefundList(event: Stripe.Event): Stripe.Event {
  delete (event.data.object as { refunds?: unknown }).refunds;
  return event;
}

/** The refunds recorded on the booking, in the log's order. */
async function recordedRefunds(bookingId: string) {
  return t.db.sql<{ refundId: string; amount: number }[]>`
    SELECT data->>'refundId' AS "refundId", (data->>'amount')::int AS amount
      FROM events WHERE stream_id = ${`booking-${bookingId}`} AND type = 'refunded' ORDER BY global_position`;
}

describe('refunds', () => {
  it('a refund Stripe settles before its job records it is recorded settled, not left to the daily check', async () => {
    const { booking } = await paid();
    await w.workers.close(); // the job is run below, by hand
    try {
      expect((await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(
        200,
      );
      stub.refundsAnswer('pending');
      const hooks = {
        // the bank settles it, and its update is handled, while the job is between Stripe and the log
        afterRefundMade: async (refundId: string) => {
          const settled = await stripeEvent(t.deps, { data: stub.refundSucceeds(refundId) } as Job);
          expect(settled).toMatchObject({ outcome: 'applied' });
        },
      };
      const job = { data: { bookingId: booking.id } } as Job;
      expect(await refund({ ...t.deps, hooks }, job)).toMatchObject({ outcome: 'refunded' });
    } finally {
      stub.refundsAnswer('succeeded');
      w.workers = startWorkers(t.deps, FAST);
    }
    expect(await eventTypes(t, booking.id)).toEqual(REFUNDED_EVENTS);
    const [made] = await t.db.sql<{ data: Record<string, unknown> }[]>`
      SELECT data FROM events WHERE stream_id = ${`booking-${booking.id}`} AND type = 'refunded'`;
    expect(made!.data).not.toHaveProperty('pending');
  });

  it('cancelling a paid booking refunds it at Stripe once and appends refunded', async () => {
    const { booking, intentId } = await checkout();
    const event = stub.succeed(intentId);
    await deliver(t, event);
    await finished(stripeEvents(), event.id);

    const cancelled = await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const job = await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    expect(job.returnvalue).toMatchObject({ outcome: 'refunded' });
    const refunds = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 3500, metadata: { bookingId: booking.id } });
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).toContain(
      `refund-${booking.id}`,
    );
    expect(await eventTypes(t, booking.id)).toEqual(REFUNDED_EVENTS);
    expect((await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking).toMatchObject({
      status: 'cancelled',
      refunded: true,
    });

    // Stripe's own charge.refunded for that refund changes nothing: the refund is known by its id.
    const refundedEvent = stub.chargeRefunded(intentId);
    await deliver(t, refundedEvent);
    const seen = await finished(stripeEvents(), refundedEvent.id);
    expect(seen.returnvalue).toMatchObject({ outcome: 'applied', status: 'cancelled' });
    expect(await eventTypes(t, booking.id)).toHaveLength(6);
  });

  it("a refund the card's bank refuses later (refund.failed) is taken back: the booking is owed its money again", async () => {
    const { booking, intentId, job } = await paidCancelledRefunded('pending');
    expect(job.returnvalue).toMatchObject({ outcome: 'refunded' }); // pending at Stripe, counted as made
    const [made] = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    const failedEvent = stub.refundFails(made!.id);
    await deliver(t, failedEvent);
    expect((await finished(stripeEvents(), failedEvent.id)).returnvalue).toMatchObject({ outcome: 'applied' });
    expect(await eventTypes(t, booking.id)).toEqual([...REFUNDED_EVENTS, 'refundFailed']);
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: false, refunded_cents: 0 });
    // the customer is told; a second delivery changes nothing
    await expect
      .poll(
        async () =>
          (
            await t.db
              .sql`SELECT 1 FROM notifications WHERE booking_id = ${booking.id} AND kind = 'booking_refund_failed'`
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    // what it says is what happens: the refund job asks Stripe again (refund.ts), nothing else is arranged
    const [notice] = await t.db
      .sql`SELECT body FROM notifications WHERE booking_id = ${booking.id} AND kind = 'booking_refund_failed'`;
    expect(notice!.body).toMatch(/could not be completed by your bank\. We will try again and let you know/);
    const again = { ...failedEvent, id: `${failedEvent.id}_again` };
    await deliver(t, again);
    await finished(stripeEvents(), again.id);
    expect(await eventTypes(t, booking.id)).toHaveLength(REFUNDED_EVENTS.length + 1);

    // A day later Stripe has forgotten the refund's key: the sweeper's run of the job makes a new refund, which is
    // recorded (the first refund's record must not answer for it).
    stub.forgetIdempotencyKeys();
    expect((await sweep(w.deps, { now: new Date(Date.now() + 120_000) })).refunds).toEqual({ retried: 1 });
    const retried = await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    expect(retried.returnvalue).toMatchObject({ outcome: 'refunded' });
    expect(retried.returnvalue.refundId).not.toBe(made!.id);
    expect(await eventTypes(t, booking.id)).toEqual([...REFUNDED_EVENTS, 'refundFailed', 'refunded']);
    const [after] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(after).toEqual({ refunded: true, refunded_cents: 3500 });
  });

  it('a refund tried again after the bank refused one is announced once it goes through, not each day it is tried', async () => {
    const { booking, intentId } = await paidCancelledRefunded('pending');
    const refundsOf = () => [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    const apply = async (event: ReturnType<typeof stub.refundFails>) => {
      await deliver(t, event);
      expect((await finished(stripeEvents(), event.id)).returnvalue).toMatchObject({ outcome: 'applied' });
    };
    const base = Date.now();
    /** `days` later: Stripe has forgotten the refund's key, and the sweeper's run of the job makes a new one. */
    const refundOnDay = async (days: number, answer: 'pending' | 'succeeded') => {
      stub.forgetIdempotencyKeys();
      stub.refundsAnswer(answer);
      try {
        const now = new Date(base + days * 24 * 3600_000);
        expect((await sweep(w.deps, { now })).refunds).toEqual({ retried: 1 });
        expect((await finished(t.deps.queues.refunds, `refund-${booking.id}`)).returnvalue).toMatchObject({
          outcome: 'refunded',
        });
      } finally {
        stub.refundsAnswer('succeeded');
      }
      return refundsOf().at(-1)!;
    };
    // day 0: "Refund issued" (pending), then the bank refuses it: "Refund not completed"
    await apply(stub.refundFails(refundsOf()[0]!.id));
    // day 1: Stripe answers the new refund succeeded, and the bank refuses it later; day 2: pending, refused
    await apply(stub.refundFails((await refundOnDay(1, 'succeeded')).id));
    await apply(stub.refundFails((await refundOnDay(2, 'pending')).id));
    // day 3: answered succeeded, and no update says otherwise: the bank may still refuse it for a while, so the
    // worker takes Stripe's word as final only when it looks a week later
    const last = await refundOnDay(3, 'succeeded');
    // its card reference number arrives the next day: an update that leaves it succeeded is no news from the bank
    const reference = stub.refundReferenceArrives(last.id);
    await deliver(t, reference);
    expect((await finished(stripeEvents(), reference.id)).returnvalue).toMatchObject({ outcome: 'ignored' });
    const dayAfter = new Date(base + 4 * 24 * 3600_000);
    await sweep(w.deps, { now: dayAfter });
    expect(await t.deps.queues.refunds.getJob(checkRefundJobId(last.id, todayLocal(dayAfter)))).toBeUndefined();
    const checkAt = new Date(base + 11 * 24 * 3600_000);
    await sweep(w.deps, { now: checkAt }); // (other tests' unsettled refunds are asked about too)
    const check = await finished(t.deps.queues.refunds, checkRefundJobId(last.id, todayLocal(checkAt)));
    expect(check.returnvalue).toEqual({ outcome: 'succeeded' });
    expect(await eventTypes(t, booking.id)).toEqual([
      ...REFUNDED_EVENTS,
      'refundFailed',
      'refunded',
      'refundFailed',
      'refunded',
      'refundFailed',
      'refunded',
      'refundSucceeded',
    ]);
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: true, refunded_cents: 3500 });

    // which event each notice came from (the notifier handles them in the log's order: the last one is the success)
    const noticesByEvent = () => t.db.sql<{ type: string; kind: string }[]>`
      SELECT e.type, n.kind FROM notifications n
        JOIN events e ON n.source_key LIKE e.event_id::text || '-%'
       WHERE n.booking_id = ${booking.id} AND n.kind LIKE 'booking_refund%'
       ORDER BY e.global_position`;
    await expect.poll(async () => (await noticesByEvent()).at(-1)?.type, { timeout: 10_000 }).toBe('refundSucceeded');
    expect(await noticesByEvent()).toEqual([
      { type: 'refunded', kind: 'booking_refunded' },
      { type: 'refundFailed', kind: 'booking_refund_failed' },
      { type: 'refundSucceeded', kind: 'booking_refunded' },
    ]);
    const [issued] = await t.db.sql<{ body: string }[]>`
      SELECT body FROM notifications WHERE booking_id = ${booking.id} AND kind = 'booking_refunded'
       ORDER BY id DESC LIMIT 1`;
    expect(issued!.body).toMatch(/^We refunded \$35\.00 for your cancelled /);
  });

  it('a first refund Stripe answers pending is announced at once; its update to succeeded is recorded and tells nothing more', async () => {
    const { booking, intentId } = await paidCancelledRefunded('pending');
    const [made] = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    const succeeded = stub.refundSucceeds(made!.id);
    await deliver(t, succeeded);
    expect((await finished(stripeEvents(), succeeded.id)).returnvalue).toMatchObject({ outcome: 'applied' });
    expect(await eventTypes(t, booking.id)).toEqual([...REFUNDED_EVENTS, 'refundSucceeded']);
    const notices = () => t.db.sql<{ type: string }[]>`
      SELECT e.type FROM notifications n JOIN events e ON n.source_key LIKE e.event_id::text || '-%'
       WHERE n.booking_id = ${booking.id} AND n.kind LIKE 'booking_refund%' ORDER BY e.global_position`;
    // the notifier handles the log in order: once the success is handled (a later event of the log), nothing came of it
    await expect.poll(async () => (await notices()).map((n) => n.type), { timeout: 10_000 }).toEqual(['refunded']);
    const handled = async () => {
      const [at] = await t.db.sql<{ done: boolean }[]>`
        SELECT (e.transaction_id, e.global_position) <= (s.transaction_id, s.global_position) AS done
          FROM events e, subscriptions s
         WHERE s.name = ${BOOKING_NOTIFIER} AND e.stream_id = ${`booking-${booking.id}`} AND e.type = 'refundSucceeded'`;
      return at?.done === true;
    };
    await expect.poll(handled, { timeout: 10_000 }).toBe(true);
    expect((await notices()).map((n) => n.type)).toEqual(['refunded']);
  });

  it('a pending refund whose update never reaches us is asked about after a day, once a day: success and failure recorded', async () => {
    /** A sweep `hours` from now, and the state of the day's check of `refundId` it asked for (null: none asked). */
    const base = Date.now();
    const sweepAfter = async (hours: number, refundId: string) => {
      const now = new Date(base + hours * 3600_000);
      const swept = await sweep(w.deps, { now });
      const job = await t.deps.queues.refunds.getJob(checkRefundJobId(refundId, todayLocal(now)));
      return { swept, job: job ? await finished(t.deps.queues.refunds, job.id!) : null };
    };
    const refundOf = (intentId: string) =>
      [...stub.refunds.values()].find((r) => r.payment_intent === intentId && r.status === 'pending')!;

    // the bank settles it, but Stripe's refund.updated never arrives
    const settled = await paidCancelledRefunded('pending');
    const goesThrough = refundOf(settled.intentId);
    expect((await sweepAfter(2, goesThrough.id)).job).toBeNull(); // not before a day has passed
    expect((await sweepAfter(25, goesThrough.id)).job!.returnvalue).toEqual({ outcome: 'still pending' });
    stub.refundSucceeds(goesThrough.id); // its event is not delivered
    // asked once a day: the day's question has been answered already
    expect((await sweepAfter(25, goesThrough.id)).job!.returnvalue).toEqual({ outcome: 'still pending' });
    expect(await eventTypes(t, settled.booking.id)).toEqual(REFUNDED_EVENTS);
    expect((await sweepAfter(73, goesThrough.id)).job!.returnvalue).toEqual({ outcome: 'succeeded' });
    expect(await eventTypes(t, settled.booking.id)).toEqual([...REFUNDED_EVENTS, 'refundSucceeded']);
    expect((await sweepAfter(97, goesThrough.id)).swept.refundChecks).toEqual({}); // settled: no more questions

    // the bank refuses it, and refund.failed never arrives: the booking owes its money again
    const refused = await paidCancelledRefunded('pending');
    const fails = refundOf(refused.intentId);
    stub.refundFails(fails.id);
    expect((await sweepAfter(25, fails.id)).job!.returnvalue).toEqual({ outcome: 'failed' });
    expect(await eventTypes(t, refused.booking.id)).toEqual([...REFUNDED_EVENTS, 'refundFailed']);
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${refused.booking.id}`;
    expect(row).toEqual({ refunded: false, refunded_cents: 0 });
  });

  it('a refund Stripe answers failed is recorded once, and the job stops asking until Stripe forgets its key', async () => {
    const { booking, job } = await paidCancelledRefunded('failed');
    expect(job.returnvalue).toMatchObject({ outcome: 'failed: failed' });
    expect(job.attemptsMade).toBe(1); // not thrown: no retry storm
    expect(await eventTypes(t, booking.id)).toEqual([
      'created',
      'detailsSaved',
      'paid',
      'confirmed',
      'cancelled',
      'refundFailed',
    ]);
    const [row] = await t.db.sql`SELECT refunded FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: false });
  });

  it('a refund Stripe refuses (a disputed charge) is recorded once a day for the admins and asked again the next day, not every sweep', async () => {
    const { booking, intentId } = await paid();
    stub.dispute(intentId);
    const cancelled = await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const job = await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    expect(job.returnvalue).toEqual({ outcome: 'refused: charge_disputed' });
    expect(job.attemptsMade).toBe(1); // not thrown: no retry storm
    const refusals = () => t.db.sql<{ data: { refundId: string; amount: number; reason: string } }[]>`
      SELECT data FROM events WHERE stream_id = ${`booking-${booking.id}`} AND type = 'refundFailed' ORDER BY stream_version`;
    const today = todayLocal(new Date());
    expect((await refusals()).map((r) => r.data)).toEqual([
      { refundId: `refused:${today}:charge_disputed`, amount: 0, reason: expect.stringContaining('charged back') },
    ]);
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: false, refunded_cents: 0 }); // still owed

    const base = Date.now();
    const at = (hours: number) => new Date(base + hours * 3600_000);
    const sweptAt = async (hours: number) =>
      (await bookingsOwedRefund(t.db.sql, { now: at(hours) })).includes(booking.id);
    /** The sweeper's pass `hours` later (the refund job on the same clock), and the refund job it ran again. */
    const sweepAt = async (hours: number) => {
      setClock(t, at(hours));
      try {
        await sweep(w.deps, { now: at(hours) });
        return (await finished(t.deps.queues.refunds, `refund-${booking.id}`)).returnvalue;
      } finally {
        setClock(t, undefined);
      }
    };
    // refused today: the day's later sweeps leave it alone (Stripe answers the same key the same way for a day)
    expect(await sweptAt(0.05)).toBe(false);
    expect(await sweptAt(25)).toBe(true);
    // the next day it is asked again; refused again, it says so again, once
    stub.forgetIdempotencyKeys();
    expect(await sweepAt(25)).toEqual({ outcome: 'refused: charge_disputed' });
    expect((await refusals()).map((r) => r.data.refundId)).toEqual([
      `refused:${today}:charge_disputed`,
      `refused:${todayLocal(at(25))}:charge_disputed`,
    ]);
    // the dispute closed in the merchant's favour: the next day's refund goes through
    stub.dispute(intentId, false);
    stub.forgetIdempotencyKeys();
    expect(await sweepAt(49)).toMatchObject({ outcome: 'refunded' });
    expect((await t.db.sql`SELECT refunded FROM bookings WHERE id = ${booking.id}`)[0]).toEqual({ refunded: true });
  });

  /** A booking paid (its webhook handled), then the workers stopped and the booking cancelled: no refund job has run. */
  async function paidThenCancelledWithWorkersStopped() {
    const { booking, intentId } = await checkout();
    const paid = stub.succeed(intentId);
    await deliver(t, paid);
    await finished(stripeEvents(), paid.id);
    await w.workers.close();
    const cancelled = await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    return { booking, intentId };
  }

  it("a booking refunded in full in Stripe's dashboard, its webhook lost, is recorded refunded by the job, not refused every day", async () => {
    const { booking, intentId } = await paidThenCancelledWithWorkersStopped();
    stub.refundInDashboard(intentId, 1000);
    stub.refundInDashboard(intentId, 2500); // all of it; no charge.refunded webhook reaches us

    w.workers = startWorkers(t.deps, FAST);
    const job = await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    expect(job.returnvalue).toEqual({ outcome: 'already refunded at Stripe' });
    expect(await eventTypes(t, booking.id)).toEqual([...REFUNDED_EVENTS, 'refunded']); // one for each of the two
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: true, refunded_cents: 3500 });
    expect(await bookingsOwedRefund(t.db.sql, { now: new Date(Date.now() + 25 * 3600_000) })).not.toContain(booking.id);
  });

  it("a part refunded in Stripe's dashboard before the refund job runs: the job refunds the rest, not nothing", async () => {
    // the workers stop, so that the dashboard's refund is recorded before the refund job runs
    const { booking, intentId } = await paidThenCancelledWithWorkersStopped();
    stub.refundInDashboard(intentId, 1000);
    const seen = await stripeEvent(t.deps, { data: stub.chargeRefunded(intentId) } as Job);
    expect(seen).toMatchObject({ outcome: 'applied' });
    expect((await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking.refunded).toBe(false);

    w.workers = startWorkers(t.deps, FAST);
    const job = await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    expect(job.returnvalue).toMatchObject({ outcome: 'refunded' });
    const amounts = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount);
    expect(amounts).toEqual([1000, 2500]);
    expect(await eventTypes(t, booking.id)).toEqual([...REFUNDED_EVENTS, 'refunded']);
    expect((await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking.refunded).toBe(true);
  });

  it("refunds made in Stripe's dashboard on a booking that stays confirmed are recorded, each of them", async () => {
    const { booking, intentId } = await checkout();
    const paid = stub.succeed(intentId);
    await deliver(t, paid);
    await finished(stripeEvents(), paid.id);
    const refundSeen = async (amount: number, withList: boolean) => {
      stub.refundInDashboard(intentId, amount);
      const event = stub.chargeRefunded(intentId);
      // an account whose webhook leaves the charge's refund list out: each total is a refund of its own
      if (!withList) delete (event.data.object as { refunds?: unknown }).refunds;
      return stripeEvent(t.deps, { data: event } as Job);
    };
    expect(await refundSeen(1000, false)).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    expect(await refundSeen(500, false)).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    expect((await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking.refunded).toBe(false);
    // the read model holds what was given back, and what is kept of the $35 (reports and payouts sum it)
    const [kept] = await t.db.sql`SELECT refunded_cents, kept_total_cents FROM bookings WHERE id = ${booking.id}`;
    expect(kept).toEqual({ refunded_cents: 1500, kept_total_cents: 2000 });
    expect(await refundSeen(2000, true)).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    const [row] = await t.db.sql<{ amounts: number[] }[]>`
      SELECT array_agg((data->>'amount')::int ORDER BY global_position) AS amounts
        FROM events WHERE stream_id = ${`booking-${booking.id}`} AND type = 'refunded'`;
    expect(row!.amounts).toEqual([1000, 500, 2000]);
    expect((await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking).toMatchObject({
      status: 'confirmed',
      refunded: true,
    });
  });

  it("a webhook's charge without its refund list (today's API) records the refund under its own id: its failure takes it back", async () => {
    const { booking, intentId } = await checkout();
    const paid = stub.succeed(intentId);
    await deliver(t, paid);
    await finished(stripeEvents(), paid.id);
    stub.refundInDashboard(intentId, 3500);
    const event = stub.chargeRefunded(intentId);
    delete (event.data.object as { refunds?: unknown }).refunds;
    expect(await stripeEvent(t.deps, { data: event } as Job)).toMatchObject({ outcome: 'applied' });
    const [made] = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    const [recorded] = await t.db.sql<{ refundId: string }[]>`
      SELECT data->>'refundId' AS "refundId" FROM events
       WHERE stream_id = ${`booking-${booking.id}`} AND type = 'refunded'`;
    expect(recorded!.refundId).toBe(made!.id);
    // the bank refuses it: its refund.failed names that id, and the money is owed again
    expect(await stripeEvent(t.deps, { data: stub.refundFails(made!.id) } as Job)).toMatchObject({
      outcome: 'applied',
    });
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: false, refunded_cents: 0 });
  });

  it('a dashboard refund whose webhook comes after the refund job refunded everything left is recorded too', async () => {
    const { booking, intentId } = await paid();
    await w.workers.close(); // the job is run below, by hand
    try {
      expect((await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(
        200,
      );
      stub.refundInDashboard(intentId, 1000);
      const late = stub.chargeRefunded(intentId); // delayed: handled after the job
      expect(await refund(t.deps, { data: { bookingId: booking.id } } as Job)).toMatchObject({ outcome: 'refunded' });
      expect(await stripeEvent(t.deps, { data: late } as Job)).toMatchObject({ outcome: 'applied' });
    } finally {
      w.workers = startWorkers(t.deps, FAST);
    }
    expect((await recordedRefunds(booking.id)).map((r) => r.amount)).toEqual([2500, 1000]);
    const [row] = await t.db.sql`SELECT refunded, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded: true, refunded_cents: 3500 });
  });

  it('two dashboard refunds whose webhooks are handled newest first are each recorded with their own amount', async () => {
    const { booking, intentId } = await paid();
    const refundSeen = (amount: number) => {
      stub.refundInDashboard(intentId, amount);
      return withoutRefundList(stub.chargeRefunded(intentId));
    };
    const first = refundSeen(1000);
    const second = refundSeen(500);
    expect(await stripeEvent(t.deps, { data: second } as Job)).toMatchObject({ outcome: 'applied' });
    expect(await stripeEvent(t.deps, { data: first } as Job)).toMatchObject({ outcome: 'applied' });
    const made = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(await recordedRefunds(booking.id)).toEqual(made.map((r) => ({ refundId: r.id, amount: r.amount })));
    // the bank refuses the second: only its $5 is owed again
    await stripeEvent(t.deps, { data: stub.refundFails(made[1]!.id) } as Job);
    const [row] = await t.db.sql`SELECT refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(row).toEqual({ refunded_cents: 1000 });
  });

  it("a charge's webhook handled after its refund failed records nothing, before or after the failure's own", async () => {
    for (const failureFirst of [false, true]) {
      const { booking, intentId } = await paid();
      stub.refundInDashboard(intentId, 1000);
      const seen = withoutRefundList(stub.chargeRefunded(intentId));
      const [made] = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
      const failed = stub.refundFails(made!.id);
      if (failureFirst) await stripeEvent(t.deps, { data: failed } as Job);
      expect(await stripeEvent(t.deps, { data: seen } as Job)).toMatchObject({ outcome: 'ignored' });
      if (!failureFirst) await stripeEvent(t.deps, { data: failed } as Job);
      expect(await recordedRefunds(booking.id)).toEqual([]);
      const [row] = await t.db.sql`SELECT refunded_cents FROM bookings WHERE id = ${booking.id}`;
      expect(row).toEqual({ refunded_cents: 0 });
    }
  });

  it('the refund of a second payment of a booking is not counted as a refund of the booking', async () => {
    const { booking, intentId } = await checkout();
    // an intent of the same booking paid first (another tab's, made before this one)
    const other = await stripeClient(t.deps.config)!.paymentIntents.create({
      amount: 3500,
      currency: 'usd',
      metadata: { bookingId: booking.id },
    });
    for (const id of [other.id, intentId]) {
      const event = stub.succeed(id);
      await deliver(t, event);
      await finished(stripeEvents(), event.id);
    }
    const [duplicate] = [...stub.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(duplicate).toMatchObject({ amount: 3500, metadata: { reason: 'duplicate' } });
    expect(await stripeEvent(t.deps, { data: stub.chargeRefunded(intentId) } as Job)).toMatchObject({
      outcome: 'ignored',
    });
    expect(await stripeEvent(t.deps, { data: stub.refundFails(duplicate!.id) } as Job)).toMatchObject({
      outcome: 'ignored',
    });
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
  });

  it('a second payment refunded by hand before its event is handled is done with, not retried for ever', async () => {
    const { booking, intentId } = await checkout();
    const other = await stripeClient(t.deps.config)!.paymentIntents.create({
      amount: 3500,
      currency: 'usd',
      metadata: { bookingId: booking.id },
    });
    await stripeEvent(t.deps, { data: stub.succeed(other.id) } as Job);
    const second = stub.succeed(intentId);
    stub.refundInDashboard(intentId, 3500); // an administrator saw the double charge first
    expect(await stripeEvent(t.deps, { data: second } as Job)).toEqual({
      outcome: 'ignored',
      reason: `duplicate payment ${intentId} was refunded already`,
    });
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
  });

  it("a refund whose charge's payment event has not been applied yet records the payment first, not nothing", async () => {
    const { booking, intentId } = await checkout();
    stub.succeed(intentId); // paid at Stripe; its payment_intent.succeeded job is late
    stub.refundInDashboard(intentId, 1000);
    const result = await stripeEvent(t.deps, { data: stub.chargeRefunded(intentId) } as Job);
    expect(result).toMatchObject({ outcome: 'applied', status: 'confirmed' });
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed', 'refunded']);
    const [kept] = await t.db.sql`SELECT paid, refunded_cents FROM bookings WHERE id = ${booking.id}`;
    expect(kept).toEqual({ paid: true, refunded_cents: 1000 });
  });

  it('a payment that arrives after the booking was cancelled is recorded and refunded', async () => {
    const { booking, intentId } = await checkout();
    await w.customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
    const event = stub.succeed(intentId);
    await deliver(t, event);
    await finished(stripeEvents(), event.id);
    await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'cancelled', 'paid', 'refunded']);
  });

  it('a payment that arrives after the appointment ended expires the checkout and is refunded at once', async () => {
    const { booking, intentId } = await checkout();
    const { date, endTime } = (await w.customer.client.get(`/api/bookings/${booking.id}`)).body.booking;
    const event = stub.succeed(intentId);
    const at = clockAtAppointment(t, { date, startTime: endTime }, 0);
    try {
      await deliver(t, event);
      expect((await finished(stripeEvents(), event.id)).returnvalue).toMatchObject({ status: 'cancelled' });
      await finished(t.deps.queues.refunds, `refund-${booking.id}`);
    } finally {
      setClock(t, undefined);
    }
    expect(await eventTypes(t, booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'expired', 'refunded']);
    // recorded at the instant the rules decided at (the injected clock's), not the wall clock's
    const [paid] = await t.db.sql<{ recordedAt: Date }[]>`
      SELECT recorded_at AS "recordedAt" FROM events WHERE stream_id = ${`booking-${booking.id}`} AND type = 'paid'`;
    expect(paid!.recordedAt).toEqual(at);
  });
});

describe('checkout expiry asks Stripe first', () => {
  const quiet = { error: () => {} };
  const statusOf = async (bookingId: string) =>
    (await w.customer.client.get(`/api/bookings/${bookingId}`)).body.booking.status as string;

  it('a checkout paid in time whose webhook has not come is confirmed, not expired; one still settling waits', async () => {
    const { pendingBookingExpiryMinutes } = await t.deps.settings.get();
    const later = new Date(Date.now() + (pendingBookingExpiryMinutes + 1) * 60_000);
    const paidInTime = await checkout();
    stub.succeed(paidInTime.intentId); // paid at Stripe; its webhook is late
    const settling = await checkout();
    stub.intents.get(settling.intentId)!.status = 'processing';
    const abandoned = await checkout();

    await expireAbandonedCheckouts(t.deps, { now: later, log: quiet });
    expect(await eventTypes(t, paidInTime.booking.id)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
    expect(await statusOf(settling.booking.id)).toBe('pending');
    expect(await statusOf(abandoned.booking.id)).toBe('cancelled');

    // the bank turns the settling payment down: the next pass expires it
    stub.intents.get(settling.intentId)!.status = 'requires_payment_method';
    await expireAbandonedCheckouts(t.deps, { now: later, log: quiet });
    expect(await statusOf(settling.booking.id)).toBe('cancelled');
  });

  it('a checkout whose customer is in the card authentication (3-D Secure) is held a little longer, then expires', async () => {
    const { pendingBookingExpiryMinutes } = await t.deps.settings.get();
    const after = (minutes: number) => new Date(Date.now() + (pendingBookingExpiryMinutes + minutes) * 60_000);
    const challenged = await checkout();
    stub.intents.get(challenged.intentId)!.status = 'requires_action';
    await expireAbandonedCheckouts(t.deps, { now: after(1), log: quiet });
    expect(await statusOf(challenged.booking.id)).toBe('pending');
    await expireAbandonedCheckouts(t.deps, { now: after(CARD_AUTHENTICATION_GRACE_MINUTES + 1), log: quiet });
    expect(await statusOf(challenged.booking.id)).toBe('cancelled');
  });
});
