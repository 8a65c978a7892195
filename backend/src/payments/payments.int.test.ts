import { CHECKOUT_EXPIRED_REASON, MISSING_INFORMATION_MESSAGE, PAID_CONFIRMATION_PENDING } from '@barber/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { barberAnd, clockAtAppointment, setClock, type BookableBarber, type Person } from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { startStripeStub } from '../test/stripeStub';
import { bookingsOwedRefund } from './refundRequests';
import { deliver, intentIdOf, nextSlot, pendingBooking, stripeEnv } from './testkit';

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });

let barber: BookableBarber;
let customer: Person;
let stranger: Person;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false, feeCollectionEnabled: true });
  [barber, customer, stranger] = await barberAnd(t, 'customer', 'customer');
});
beforeEach(async () => {
  await t.deps.settings.update({ feeCollectionEnabled: true });
});
afterAll(async () => {
  await stub.close();
});

const stripeEvents = () => t.deps.queues['stripe-events'];

describe('GET /api/stripe/config', () => {
  it('answers the publishable key to anyone', async () => {
    const res = await new Client(t.app).get('/api/stripe/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publishableKey: 'pk_test_stub' });
  });
});

describe('POST /api/create-payment-intent', () => {
  it("creates one intent for the booking's total from the server, and a retry gets the same one", async () => {
    const booking = await pendingBooking(barber, customer);
    const first = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id, amount: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.clientSecret).toMatch(/^pi_.+_secret_/);
    const intent = stub.intents.get(intentIdOf(first.body.clientSecret))!;
    expect(intent).toMatchObject({
      amount: 3500,
      currency: 'usd',
      metadata: { bookingId: booking.id },
      payment_method_types: ['card'],
    });
    const create = stub.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(create?.idempotencyKey).toBe(`pi-create-${booking.id}`);

    const retry = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(retry.body.clientSecret).toBe(first.body.clientSecret);
    const racing = await Promise.all(
      [1, 2, 3].map(() => customer.client.post('/api/create-payment-intent', { bookingId: booking.id })),
    );
    expect(new Set(racing.map((r) => r.body.clientSecret))).toEqual(new Set([first.body.clientSecret]));
    expect([...stub.intents.values()].filter((i) => i.metadata.bookingId === booking.id)).toHaveLength(1);
  });

  it('records a payment Stripe took but nobody recorded (the tab closed first) instead of asking to pay again', async () => {
    const booking = await pendingBooking(barber, customer);
    const first = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    stub.succeed(intentIdOf(first.body.clientSecret)); // paid; its webhook and the return never reach us
    const again = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', paymentStatus: 'succeeded' });
    expect((await customer.client.get(`/api/bookings/${booking.id}`)).body.booking).toMatchObject({
      status: 'confirmed',
      paid: true,
    });
  });

  it('tries again under a key of its own when Stripe answered 500, which Stripe keeps under the first key for a day', async () => {
    const booking = await pendingBooking(barber, customer);
    stub.failNext(1, 'saved');
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const keys = stub.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(booking.id))
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([`pi-create-${booking.id}`, expect.stringMatching(new RegExp(`^pi-create-${booking.id}-.+`))]);
    const again = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
  });

  it('makes a new intent when the stored one is unknown to this Stripe account (keys changed), not a 500', async () => {
    const booking = await pendingBooking(barber, customer);
    await t.db.sql`INSERT INTO payment_intents (booking_id, payment_intent_id, amount_cents)
                   VALUES (${booking.id}, 'pi_made_under_other_keys', 3500)`;
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const intentId = intentIdOf(res.body.clientSecret);
    expect(stub.intents.get(intentId)).toMatchObject({ amount: 3500, metadata: { bookingId: booking.id } });
    const [stored] = await t.db.sql`SELECT payment_intent_id FROM payment_intents WHERE booking_id = ${booking.id}`;
    expect(stored).toEqual({ payment_intent_id: intentId });
  });

  it('refuses while the contact details are not saved, with the Missing Information text', async () => {
    const booking = await pendingBooking(barber, customer, { saveDetails: false });
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MISSING_INFORMATION_MESSAGE);
    expect(res.body.message).toBe(
      'Missing Information: Please provide your phone number and address before completing payment.',
    );
  });

  it("is for the booking's customer only, and checks its input", async () => {
    const booking = await pendingBooking(barber, customer);
    expect((await new Client(t.app).post('/api/create-payment-intent', { bookingId: booking.id })).status).toBe(401);
    expect((await stranger.client.post('/api/create-payment-intent', { bookingId: booking.id })).status).toBe(403);
    expect((await barber.client.post('/api/create-payment-intent', { bookingId: booking.id })).status).toBe(403);
    const bad = await customer.client.post('/api/create-payment-intent', { bookingId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(
      (await customer.client.post('/api/create-payment-intent', { bookingId: '00000000-0000-4000-8000-000000000000' }))
        .status,
    ).toBe(404);
  });

  it('refuses a booking that is no longer pending', async () => {
    const booking = await pendingBooking(barber, customer);
    expect((await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVALID_TRANSITION', currentStatus: 'cancelled' });
  });

  it('cancels at once an intent made while the booking was being cancelled, and refuses it', async () => {
    const booking = await pendingBooking(barber, customer);
    // the customer cancels in another tab while this checkout is asking Stripe for the intent
    stub.beforeNextAnswer(() => customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' }));
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVALID_TRANSITION', currentStatus: 'cancelled' });
    const [made] = [...stub.intents.values()].filter((i) => i.metadata.bookingId === booking.id);
    expect(made?.status).toBe('canceled');
    const [row] = await t.db.sql`SELECT canceled_at FROM payment_intents WHERE booking_id = ${booking.id}`;
    expect(row?.canceled_at).toBeInstanceOf(Date);
  });

  it('refuses such an intent with 409 also when Stripe cannot cancel it at that moment (the sweeper will)', async () => {
    const booking = await pendingBooking(barber, customer);
    stub.beforeNextAnswer(async () => {
      await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
      // Stripe is away for the call that follows the intent's creation: its cancel
      stub.beforeNextAnswer(async () => stub.failNext(1, 'outage'));
    });
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVALID_TRANSITION', currentStatus: 'cancelled' });
    const [row] = await t.db.sql`SELECT canceled_at FROM payment_intents WHERE booking_id = ${booking.id}`;
    expect(row?.canceled_at).toBeNull();
  });

  it('charges no card once the appointment has ended: such a payment could not confirm it', async () => {
    const slot = nextSlot();
    const booking = await pendingBooking(barber, customer, { slot });
    const { endTime } = (await customer.client.get(`/api/bookings/${booking.id}`)).body.booking;
    clockAtAppointment(t, { date: slot.date, startTime: endTime }, 0);
    try {
      const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'TOO_LATE',
        message: 'This appointment has already ended: it can no longer be confirmed.',
      });
    } finally {
      setClock(t, undefined);
    }
    expect(await t.db.sql`SELECT 1 FROM payment_intents WHERE booking_id = ${booking.id}`).toHaveLength(0);
  });

  it('refuses when fee collection is off: such bookings are confirmed without payment', async () => {
    await t.deps.settings.update({ feeCollectionEnabled: false });
    const booking = await pendingBooking(barber, customer);
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    // The no-fee path: the customer confirms it.
    const confirmed = await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.status).toBe('confirmed');
  });

  it("follows the booking's own snapshot of fee collection", async () => {
    const booking = await pendingBooking(barber, customer);
    await t.deps.settings.update({ feeCollectionEnabled: false });
    // Made while fees were collected: it can only be confirmed by paying, so it can still be paid.
    expect((await customer.client.post('/api/create-payment-intent', { bookingId: booking.id })).status).toBe(200);
  });

  it('answers a clear error when Stripe fails', async () => {
    const booking = await pendingBooking(barber, customer);
    stub.failNext(2); // the call and its try under a key of its own
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Failed to initialize payment. Please try again.');
    expect((await customer.client.post('/api/create-payment-intent', { bookingId: booking.id })).status).toBe(200);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('queues a verified event under its Stripe id, once however often it is delivered', async () => {
    const booking = await pendingBooking(barber, customer);
    const { body } = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    const event = stub.succeed(intentIdOf(body.clientSecret));
    const first = await deliver(t, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await deliver(t, event)).statusCode).toBe(200);
    const job = await stripeEvents().getJob(event.id);
    expect(job?.name).toBe('stripe-event');
    expect(job?.data).toMatchObject({
      id: event.id,
      type: 'payment_intent.succeeded',
      data: { object: { metadata: { bookingId: booking.id } } },
    });
    const all = await stripeEvents().getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    expect(all.filter((j) => j.data.id === event.id)).toHaveLength(1);
  });

  it('answers 400 to a bad signature and queues nothing', async () => {
    const event = {
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_x', metadata: {} } },
    };
    const before = await stripeEvents().count();
    const forged = await deliver(t, event, 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('VALIDATION_FAILED');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing fails too: the signature covers the raw bytes.
    const { signedWebhook } = await import('../test/stripeStub');
    const signed = signedWebhook(event, 'whsec_test_secret_for_the_stub');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: signed.payload.replace('pi_x', 'pi_y'),
      headers: signed.headers,
    });
    expect(tampered.statusCode).toBe(400);
    expect(await stripeEvents().count()).toBe(before);
    expect(await stripeEvents().getJob('evt_forged')).toBeUndefined();
  });

  it('answers 400 to a signed event without a proper id or type, and keeps or queues nothing', async () => {
    const before = await stripeEvents().count();
    const [inboxBefore] = await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM stripe_inbox`;
    for (const event of [{}, { id: 'evt_1' }, { id: 123, type: 5 }, [], { id: null, type: null }]) {
      const res = await deliver(t, event);
      expect(res.statusCode, JSON.stringify(event)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Malformed Stripe event.' });
    }
    expect(await stripeEvents().count()).toBe(before);
    const [inboxAfter] = await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM stripe_inbox`;
    expect(inboxAfter!.n).toBe(inboxBefore!.n);
  });

  it("takes in a burst of Stripe's deliveries from one address whatever the rate limit: a 429 would delay a payment past its checkout", async () => {
    await t.deps.settings.update({ rateLimitEnabled: true, maxRequestsPerMinute: 10 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const event = { id: `evt_burst_${i}`, object: 'event', type: 'customer.created', data: { object: {} } };
        statuses.push((await deliver(t, event)).statusCode);
      }
      expect(statuses).toEqual(Array(15).fill(200));
      // the rest of the API is limited as set
      const others = [];
      for (let i = 0; i < 12; i++) others.push((await t.app.inject({ url: '/api/stripe/config' })).statusCode);
      expect(others.slice(10)).toEqual([429, 429]);
    } finally {
      await t.deps.settings.update({ rateLimitEnabled: false });
    }
  });

  it('leaves JSON parsing of the other routes alone', async () => {
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: 'nope' });
    expect(res.body.issues?.[0]?.path).toBe('body.bookingId');
  });
});

describe('POST /api/payments/confirm-return', () => {
  it('confirms a pending booking whose intent succeeded, without waiting for the webhook', async () => {
    const booking = await pendingBooking(barber, customer);
    const { body } = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    const intentId = intentIdOf(body.clientSecret);

    const early = await customer.client.post('/api/payments/confirm-return', {
      paymentIntentId: intentId,
      redirectStatus: 'failed',
    });
    expect(early.body).toEqual({ status: 'failed', bookingId: booking.id });

    stub.succeed(intentId);
    // A stranger holding the intent id learns nothing and changes nothing.
    expect((await stranger.client.post('/api/payments/confirm-return', { paymentIntentId: intentId })).body).toEqual({
      status: 'no_pending_booking',
      bookingId: null,
    });
    const res = await customer.client.post('/api/payments/confirm-return', {
      paymentIntentId: intentId,
      redirectStatus: 'succeeded',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'confirmed', bookingId: booking.id });
    const again = await customer.client.post('/api/payments/confirm-return', {
      paymentIntentId: intentId,
      redirectStatus: 'succeeded',
    });
    expect(again.body).toEqual({ status: 'confirmed', bookingId: booking.id });

    const view = await customer.client.get(`/api/bookings/${booking.id}`);
    expect(view.body.booking).toMatchObject({ status: 'confirmed', paid: true, stripePaymentId: intentId });
    const types = await t.db.sql<
      { type: string }[]
    >`SELECT type FROM events WHERE stream_id = ${`booking-${booking.id}`} ORDER BY stream_version`;
    expect(types.map((r) => r.type)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
  });

  it('a payment that comes after the appointment ended expires the checkout and is owed back, not confirmed', async () => {
    const slot = nextSlot();
    const booking = await pendingBooking(barber, customer, { slot });
    const { body } = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    const intentId = intentIdOf(body.clientSecret);
    stub.succeed(intentId);
    const view = await customer.client.get(`/api/bookings/${booking.id}`);
    const at = clockAtAppointment(t, { date: slot.date, startTime: view.body.booking.endTime });
    try {
      const res = await customer.client.post('/api/payments/confirm-return', {
        paymentIntentId: intentId,
        redirectStatus: 'succeeded',
      });
      expect(res.body).toEqual({ status: 'no_pending_booking', bookingId: booking.id });
    } finally {
      setClock(t, undefined);
    }
    const after = await customer.client.get(`/api/bookings/${booking.id}`);
    expect(after.body.booking).toMatchObject({ status: 'cancelled', paid: true, refunded: false });
    expect(after.body.booking.cancellationReason).toBe(CHECKOUT_EXPIRED_REASON);
    // (recorded at the rules' clock, the appointment's end: the sweeper's settle time counts from there)
    expect(await bookingsOwedRefund(t.db.sql, { now: new Date(at.getTime() + 120_000) })).toContain(booking.id);
    // the event-log subscriber asks for it at once: worker/src/payments.int.test.ts
  });

  it('answers no_pending_booking for an unknown intent', async () => {
    const res = await customer.client.post('/api/payments/confirm-return', {
      paymentIntentId: 'pi_unknown',
      redirectStatus: 'succeeded',
    });
    expect(res.body).toEqual({ status: 'no_pending_booking', bookingId: null });
    expect((await customer.client.post('/api/payments/confirm-return', {})).status).toBe(400);
    // not an id: refused with a clear message (a lone surrogate made the SDK's URL throw: a 500)
    for (const paymentIntentId of ['pi_../x', 'ch_123']) {
      const bad = await customer.client.post('/api/payments/confirm-return', { paymentIntentId });
      expect([bad.status, bad.body.issues?.[0]?.message]).toEqual([400, 'paymentIntentId is not a PaymentIntent id']);
    }
    // a lone surrogate alone is refused before the schema, as in any body
    const lone = await customer.client.post('/api/payments/confirm-return', { paymentIntentId: '\ud800' });
    expect([lone.status, lone.body.message]).toEqual([400, 'Text may not contain unpaired surrogate characters.']);
  });

  it("answers Stripe's refusal of our key as our fault, not the caller's, without Stripe's message", async () => {
    const booking = await pendingBooking(barber, customer);
    const { body } = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
    stub.failNext(1, 'unauthorized');
    const res = await customer.client.post('/api/payments/confirm-return', {
      paymentIntentId: intentIdOf(body.clientSecret),
      redirectStatus: 'succeeded',
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'INTERNAL', message: PAID_CONFIRMATION_PENDING });
  });
});
