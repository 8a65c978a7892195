import { SYSTEM_ACTOR, addDaysLocal, bookingStreamId, toInstant, todayLocal } from '@barber/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { bookingsOwedRefund } from '../payments/refundRequests';
import { createBlocks, createService, createUser } from '../test/fixtures';
import { clockNow } from './clock';
import { runBookingCommand, runBookingPlan } from './commands';
import { createBooking } from './create';
import { actorOf } from './routes';
import { SKIPPED_TIME_MESSAGE } from './slotRules';
import * as kit from './testkit';

// Stripe keys are configured (never called here) so that fee collection can be on.
const t = useTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_PUBLISHABLE_KEY: 'pk_test_unused' } });

let barber: kit.BookableBarber;
let customer: kit.Person;
let stranger: kit.Person;
let otherBarber: kit.Person;
let admin: kit.Person;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  [barber, customer, stranger, otherBarber, admin] = await kit.barberAnd(t, 'customer', 'customer', 'barber', 'admin');
});

beforeEach(async () => {
  await t.deps.settings.update({ feeCollectionEnabled: true, platformFeePercentage: 10, minimumBookingAmount: 20 });
});
afterEach(() => kit.setClock(t, undefined));

let nextSlot = 0;
/** A fresh slot each call, so tests never collide on the barber's schedule. */
function freshSlot(): { date: string; startTime: string } {
  const n = nextSlot++;
  return { date: kit.inDays(2 + Math.floor(n / 10)), startTime: `${String(8 + (n % 10)).padStart(2, '0')}:00` };
}

async function book(who: kit.Person = customer, overrides: Record<string, unknown> = {}) {
  const res = await who.client.post('/api/bookings', kit.bookingBody(barber, { ...freshSlot(), ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.booking as { id: string; status: string; [k: string]: unknown };
}

describe('POST /api/bookings', () => {
  it('creates a pending booking answered in the Booking shape, with the fee split snapshotted', async () => {
    const slot = freshSlot();
    const res = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { ...slot, date: `${slot.date}T04:00:00.000Z`, notes: ' Side part ' }),
    );
    expect(res.status).toBe(201);
    const b = res.body.booking;
    expect(b).toMatchObject({
      barberId: barber.barberId,
      serviceId: barber.service.id,
      customerId: customer.user.id,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.startTime.replace(':00', ':30'),
      totalAmount: '35.00',
      platformFee: '3.50',
      barberAmount: '31.50',
      feeCollectionEnabled: true,
      city: 'miami',
      displayCity: 'Miami Beach',
      zipcode: '33139',
      notes: 'Side part',
      status: 'pending',
      paid: false,
      stripePaymentId: null,
      customerPhone: null,
      barberNotes: null,
      estimatedTravelTime: null,
      cancellationReason: null,
      travelBuffer: 30,
      version: 1,
      service: { id: barber.service.id, name: 'Haircut', duration: 30, price: '35.00' },
      customer: {
        firstName: 'Test',
        lastName: customer.user.username,
        username: customer.user.username,
        email: `${customer.user.username}@example.com`,
      },
      barber: {
        id: barber.barberId,
        yearsOfExperience: 10,
        user: { username: barber.user.username, phone: '305-555-0100' },
      },
    });
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/);

    // Every event carries who did it and who may be pushed it.
    const [event] = await t.db.sql<
      { metadata: Record<string, unknown> }[]
    >`SELECT metadata FROM events WHERE stream_id = ${bookingStreamId(b.id)}`;
    expect(event!.metadata).toMatchObject({
      actorUserId: customer.user.id,
      actorRole: 'customer',
      audience: { userIds: [customer.user.id], barberIds: [barber.barberId] },
    });
  });

  it('answers a new booking as the tables read it back, with and without an idempotency key, and on a retry', async () => {
    // the answer is built from the command's lookup, not read back (views.ts, viewRowOf): it must not drift
    const answered = await book(customer, { notes: ' Fade ' });
    const read = await customer.client.get(`/api/bookings/${answered.id}`);
    expect(read.status).toBe(200);
    expect(answered).toEqual(read.body.booking);

    const body = kit.bookingBody(barber, freshSlot());
    const first = await customer.client.post('/api/bookings', body, { 'idempotency-key': 'known-answer' });
    const retried = await customer.client.post('/api/bookings', body, { 'idempotency-key': 'known-answer' });
    const readBack = await customer.client.get(`/api/bookings/${first.body.booking.id}`);
    expect([first.status, retried.status]).toEqual([201, 201]);
    expect(first.body.booking).toEqual(readBack.body.booking);
    expect(retried.body.booking).toEqual(readBack.body.booking);

    // the answer was lost and the customer picked another time: the same key with another body is another booking
    const moved = await customer.client.post('/api/bookings', kit.bookingBody(barber, freshSlot()), {
      'idempotency-key': 'known-answer',
    });
    expect(moved.status).toBe(201);
    expect(moved.body.booking.id).not.toBe(first.body.booking.id);
    expect(moved.body.booking.startTime).not.toBe(first.body.booking.startTime);
  });

  it('takes the fee from the setting in force, and none while fee collection is off', async () => {
    await t.deps.settings.update({ platformFeePercentage: 12.5 });
    expect(await book()).toMatchObject({ platformFee: '4.38', barberAmount: '30.62' });
    await t.deps.settings.update({ feeCollectionEnabled: false });
    expect(await book()).toMatchObject({ platformFee: '0.00', barberAmount: '35.00', feeCollectionEnabled: false });
  });

  it('is for signed-in customers only', async () => {
    expect((await new Client(t.app).post('/api/bookings', kit.bookingBody(barber, freshSlot()))).status).toBe(401);
    const res = await otherBarber.client.post('/api/bookings', kit.bookingBody(barber, freshSlot()));
    expect(res).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Only customer accounts can book appointments.' },
    });
  });

  it('refuses malformed bodies with 400 VALIDATION_FAILED', async () => {
    for (const bad of [
      { barberId: undefined },
      { date: '2025-02-30' },
      { startTime: '9:00' },
      { totalAmount: 'abc' },
      { zipcode: '3313' },
    ]) {
      const res = await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...freshSlot(), ...bad }));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('checks the barber and the service', async () => {
    const slot = freshSlot();
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...slot, barberId: 999_999 }))).status,
    ).toBe(404);

    const unverified = await createUser(t.db.sql, 'barber', { verified: false });
    const service = await createService(t.db.sql, unverified.barberId!);
    await createBlocks(t.db.sql, unverified.barberId!);
    const res = await customer.client.post(
      '/api/bookings',
      kit.bookingBody({ barberId: unverified.barberId!, service }, slot),
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Barber not found');

    const foreign = await createService(t.db.sql, otherBarber.user.barberId!);
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...slot, serviceId: foreign.id }))).status,
    ).toBe(404);

    const inactive = await createService(t.db.sql, barber.barberId, { name: 'Retired' });
    await t.db.sql`UPDATE services SET is_active = false WHERE id = ${inactive.id}`;
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody({ ...barber, service: inactive }, slot))).status,
    ).toBe(400);
  });

  it('takes the end time and the amount from the service, never from the client', async () => {
    const slot = freshSlot();
    const wrongEnd = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { ...slot, endTime: '23:00' }),
    );
    expect(wrongEnd.status).toBe(400);
    expect(wrongEnd.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      expectedEndTime: slot.startTime.replace(':00', ':30'),
    });

    const cheap = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { ...slot, totalAmount: '1.00' }),
    );
    expect(cheap.status).toBe(400);
    expect(cheap.body).toMatchObject({ code: 'VALIDATION_FAILED', expectedAmount: '35.00' });

    // A number works as well as a string.
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...slot, totalAmount: 35 }))).status,
    ).toBe(201);
  });

  it('refuses an amount below the platform minimum with minimumAmount', async () => {
    const cheapBarber = await kit.bookableBarber(t, { priceCents: 1500 });
    const res = await customer.client.post('/api/bookings', kit.bookingBody(cheapBarber, freshSlot()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'BELOW_MINIMUM',
      message: 'Booking amount must be at least $20',
      minimumAmount: 20,
    });
  });

  it("refuses a zipcode on the barber's blacklist with 403 ZIPCODE_BLACKLISTED", async () => {
    await t.db.sql`UPDATE barbers SET blacklisted_zipcodes = '{33140}' WHERE id = ${barber.barberId}`;
    const res = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { ...freshSlot(), zipcode: '33140' }),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'ZIPCODE_BLACKLISTED',
      message: 'This zipcode is not available for booking with this barber. Please try a different location.',
    });
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...freshSlot(), zipcode: '33139' })))
        .status,
    ).toBe(201);
  });

  it('stores New York wall times and their instants across the spring-forward change', async () => {
    const dst = await kit.bookableBarber(t);
    const actor = actorOf({ id: customer.user.id, role: 'customer', username: customer.user.username, barberId: null });
    const now = new Date('2026-03-01T12:00:00Z');
    const body = (date: string) => ({
      barberId: dst.barberId,
      serviceId: dst.service.id,
      date,
      startTime: '10:00',
      endTime: '10:30',
      totalAmount: 3500,
      zipcode: '33139',
      notes: '',
    });
    const saturday = await createBooking(t.deps, actor, body('2026-03-07'), { now });
    const sunday = await createBooking(t.deps, actor, body('2026-03-08'), { now });
    const rows = await t.db.sql<{ id: string; starts_at: Date; during: string }[]>`
      SELECT b.id, b.starts_at, s.during::text FROM bookings b JOIN barber_schedule s ON s.booking_id = b.id WHERE b.id IN ${t.db.sql([saturday.id, sunday.id])}`;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[saturday.id]!.starts_at.toISOString()).toBe('2026-03-07T15:00:00.000Z'); // EST
    expect(byId[sunday.id]!.starts_at.toISOString()).toBe('2026-03-08T14:00:00.000Z'); // EDT
    expect(sunday).toMatchObject({ date: '2026-03-08', startTime: '10:00', endTime: '10:30' });
  });

  /** A barber working Sunday nights (00:00-06:00) and a booking on the spring-forward night of 2026-03-08, a week ahead. */
  async function springForwardNight(duration: number) {
    const night = await kit.bookableBarber(t, { duration, travelBuffer: 0 });
    await createBlocks(t.db.sql, night.barberId, { days: [0], startTime: '00:00', endTime: '06:00', travelBuffer: 0 });
    const actor = actorOf({ id: customer.user.id, role: 'customer', username: customer.user.username, barberId: null });
    const at = (startTime: string, endTime: string) =>
      createBooking(
        t.deps,
        actor,
        {
          barberId: night.barberId,
          serviceId: night.service.id,
          date: '2026-03-08',
          startTime,
          endTime,
          totalAmount: 3500,
          zipcode: '33139',
          notes: '',
        },
        { now: new Date('2026-03-01T12:00:00Z') },
      );
    return { night, at };
  }

  it('refuses a start the spring-forward change skips, which would hold an empty (overlap-free) range', async () => {
    const { night, at } = await springForwardNight(60);
    for (const [start, end] of [
      ['02:00', '03:00'],
      ['02:30', '03:30'],
    ] as const)
      await expect(at(start, end), `${start}-${end}`).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: SKIPPED_TIME_MESSAGE,
      });
    expect((await at('03:30', '04:30')).startTime).toBe('03:30');
    // one that ends in the skipped hour holds its real hour: 01:30 EST to 03:30 EDT
    const acrossTheChange = await at('01:30', '02:30');
    const [held] = await t.db.sql<{ minutes: number }[]>`
      SELECT extract(epoch FROM upper(during) - lower(during)) / 60 AS minutes FROM barber_schedule WHERE booking_id = ${acrossTheChange.id}`;
    expect(Number(held!.minutes)).toBe(60);
    // and the database holds no empty range, whatever a command did
    await expect(
      t.db.sql`INSERT INTO barber_schedule (booking_id, barber_id, during)
               VALUES (gen_random_uuid(), ${night.barberId}, tstzrange('2026-03-08T07:00Z', '2026-03-08T07:00Z'))`,
    ).rejects.toMatchObject({ constraint_name: 'barber_schedule_not_empty' });
  });

  it('holds the real length of a service across the spring-forward change: the hour after it is not sold twice', async () => {
    const { at } = await springForwardNight(90);
    // 01:30 EST + 90 minutes is 04:00 EDT: the wall clock's 03:00 is an hour short
    const first = await at('01:30', '03:00');
    const [held] = await t.db.sql<{ minutes: number; endsAt: Date }[]>`
      SELECT extract(epoch FROM upper(s.during) - lower(s.during)) / 60 AS minutes, b.ends_at AS "endsAt"
        FROM barber_schedule s JOIN bookings b ON b.id = s.booking_id WHERE s.booking_id = ${first.id}`;
    expect(Number(held!.minutes)).toBe(90);
    expect(held!.endsAt.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    await expect(at('03:00', '04:30')).rejects.toMatchObject({ code: 'SLOT_TAKEN' });
    expect((await at('04:00', '05:30')).startTime).toBe('04:00');
  });

  it('refuses a zipcode outside the service area', async () => {
    const res = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { ...freshSlot(), zipcode: '10001' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This zipcode is not in our service area.');
  });

  it('keeps to the window: today through 30 days ahead, never in the past', async () => {
    const yesterday = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { date: addDaysLocal(todayLocal(), -1), startTime: '12:00' }),
    );
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.message).toBe('This time is in the past. Please choose another time.');
    const tooFar = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { date: kit.inDays(31), startTime: '12:00' }),
    );
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe('Bookings can be made up to 30 days ahead.');
    expect(
      (
        await customer.client.post(
          '/api/bookings',
          kit.bookingBody(barber, { date: kit.inDays(30), startTime: '12:00' }),
        )
      ).status,
    ).toBe(201);
  });

  it('refuses a start off the 30-minute grid of the booking widget', async () => {
    const slot = freshSlot();
    for (const startTime of ['09:07', '09:15', '09:45']) {
      const off = await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...slot, startTime }));
      expect(off.status, startTime).toBe(400);
      expect(off.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'startTime',
        message: 'Please choose a start time on the hour or half hour (for example 09:00 or 09:30).',
      });
    }
    expect((await customer.client.post('/api/bookings', kit.bookingBody(barber, slot))).status).toBe(201);
  });

  it('fits an active block of the weekday that serves the zipcode', async () => {
    const slot = freshSlot();
    const early = await customer.client.post('/api/bookings', kit.bookingBody(barber, { ...slot, startTime: '07:30' }));
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      'The barber is not available at this time in your area. Please choose another time.',
    );
    // 19:30 + 60 minutes ends after the block's 20:00 end.
    const hour = {
      ...barber,
      service: await createService(t.db.sql, barber.barberId, { name: 'Hour cut', duration: 60 }),
    };
    const late = await customer.client.post('/api/bookings', kit.bookingBody(hour, { ...slot, startTime: '19:30' }));
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(
      'The barber is not available at this time in your area. Please choose another time.',
    );

    const broward = await kit.bookableBarber(t);
    await t.db
      .sql`UPDATE availability_blocks SET service_counties = '{broward}', service_cities = '{Hollywood}' WHERE barber_id = ${broward.barberId}`;
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody(broward, { ...slot, zipcode: '33139' }))).status,
    ).toBe(400);
    const hollywood = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(broward, { ...slot, zipcode: '33020' }),
    );
    expect(hollywood.status).toBe(201);
    expect(hollywood.body.booking).toMatchObject({ city: 'fort_lauderdale', displayCity: 'Hollywood' });

    await t.db.sql`UPDATE availability_blocks SET is_active = false WHERE barber_id = ${broward.barberId}`;
    expect(
      (await customer.client.post('/api/bookings', kit.bookingBody(broward, { ...freshSlot(), zipcode: '33020' })))
        .status,
    ).toBe(400);
  });
});

describe('the booking lifecycle over HTTP', () => {
  it('customer books, saves details and confirms (fee collection off); the barber takes it to completed', async () => {
    await t.deps.settings.update({ feeCollectionEnabled: false });
    const booking = await book();
    const url = `/api/bookings/${booking.id}`;

    // Confirming needs the contact details first.
    const early = await customer.client.put(`${url}/status`, { status: 'confirmed' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'DETAILS_MISSING', currentStatus: 'pending', requires: 'details' });

    const badPhone = await customer.client.put(`${url}/status`, { ...kit.details, customerPhone: 'call me' });
    expect(badPhone.status).toBe(400);
    expect((await customer.client.put(`${url}/status`, { ...kit.details, customerAddress: ' ' })).status).toBe(400);
    expect((await otherBarber.client.put(`${url}/status`, kit.details)).status).toBe(403);
    expect((await stranger.client.put(`${url}/status`, kit.details)).status).toBe(403);

    const saved = await customer.client.put(`${url}/status`, kit.details);
    expect(saved.status).toBe(200);
    expect(saved.body.booking).toMatchObject({
      status: 'pending',
      detailsSaved: true,
      customerPhone: '(305) 555-0199',
      customerAddress: '1200 Ocean Dr, Miami Beach',
      apartmentUnit: '4B',
      specialInstructions: 'Ring twice',
    });

    const confirmed = await customer.client.put(`${url}/status`, { status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.status).toBe('confirmed');

    // The customer cannot move the appointment along; neither can another barber.
    const notTheirs = await customer.client.put(`${url}/status`, { status: 'en_route' });
    expect(notTheirs.status).toBe(403);
    expect((await otherBarber.client.put(`${url}/status`, { status: 'en_route' })).status).toBe(403);
    expect((await otherBarber.client.put(`${url}/update`, { status: 'en_route' })).status).toBe(403);
    expect((await customer.client.put(`${url}/update`, { status: 'en_route' })).status).toBe(403);

    // A step that skips the service is refused, naming the current status.
    const skip = await barber.client.put(`${url}/status`, { status: 'completed' });
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      currentStatus: 'confirmed',
      message: 'Cannot complete a booking that is Confirmed',
    });

    // The appointment's time has come (the injected clock).
    kit.clockAtAppointment(t, booking as unknown as { date: string; startTime: string });
    expect((await barber.client.put(`${url}/status`, { status: 'en_route' })).body.booking.status).toBe('en_route');
    expect((await barber.client.put(`${url}/update`, { status: 'arrived' })).body.booking.status).toBe('arrived');
    expect((await barber.client.put(`${url}/status`, { status: 'in_progress' })).body.booking.status).toBe(
      'in_progress',
    );
    const done = await barber.client.put(`${url}/update`, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.booking).toMatchObject({ status: 'completed', version: 7 });

    const late = await barber.client.put(`${url}/status`, { status: 'cancelled', reason: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      currentStatus: 'completed',
      message: 'Cannot cancel a booking that is Completed',
    });
    const customerLate = await customer.client.put(`${url}/status`, { status: 'cancelled' });
    expect(customerLate.status).toBe(409);

    // A completed booking keeps its time in the schedule.
    const [held] = await t.db.sql`SELECT 1 FROM barber_schedule WHERE booking_id = ${booking.id}`;
    expect(held).toBeDefined();
  });

  it('with fee collection on, only a payment confirms; a cancelled paid booking is owed a refund', async () => {
    const booking = await book();
    const url = `/api/bookings/${booking.id}`;
    await customer.client.put(`${url}/status`, kit.details);
    const unpaid = await customer.client.put(`${url}/status`, { status: 'confirmed' });
    expect(unpaid.body).toMatchObject({ code: 'INVALID_TRANSITION', requires: 'payment' });
    expect((await barber.client.put(`${url}/status`, { status: 'confirmed' })).status).toBe(409);

    const paid = await runBookingCommand(
      t.deps,
      booking.id,
      {
        type: 'recordPayment',
        actor: SYSTEM_ACTOR,
        now: clockNow(t.deps),
        data: { paymentIntentId: 'pi_test_1', amount: 3500 },
      },
      { idempotencyKey: 'stripe:evt_1', causationId: 'evt_1' },
    );
    expect(paid).toMatchObject({ status: 'confirmed', paid: true, stripePaymentId: 'pi_test_1' });
    const events = await t.db.sql<{ type: string; metadata: Record<string, unknown> }[]>`
      SELECT type, metadata FROM events WHERE stream_id = ${bookingStreamId(booking.id)} ORDER BY stream_version`;
    expect(events.map((e) => e.type)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed']);
    expect(events[2]!.metadata).toMatchObject({ actorUserId: null, actorRole: 'system', causationId: 'evt_1' });

    const cancelled = await customer.client.put(`${url}/status`, { status: 'cancelled', reason: 'ignored' });
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Cancelled by customer' });
    // The command queues nothing after its commit (that could be lost): the worker requests the refund
    // from the log, and its sweeper from this read model (worker/src/durableRefunds.int.test.ts).
    expect(await t.deps.queues.refunds.getJob(`refund-${booking.id}`)).toBeUndefined();
    const owed = await bookingsOwedRefund(t.db.sql, { settleMs: 0, now: new Date(Date.now() + 1000) });
    expect(owed).toContain(booking.id);

    // An unpaid cancellation is owed nothing.
    const other = await book();
    await customer.client.put(`/api/bookings/${other.id}/status`, { status: 'cancelled' });
    expect(await bookingsOwedRefund(t.db.sql, { settleMs: 0, now: new Date(Date.now() + 1000) })).not.toContain(
      other.id,
    );
  });

  it('a barber cancels with a reason; of two concurrent changes one gets VERSION_CONFLICT', async () => {
    const booking = await book();
    const url = `/api/bookings/${booking.id}`;
    const barberActor = actorOf({
      id: barber.user.id,
      role: 'barber',
      username: barber.user.username,
      barberId: barber.barberId,
    });
    // Both read the stream before either appends: they decide on the same version.
    let entered = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    const racing = await Promise.allSettled(
      ['first', 'second'].map((note) =>
        runBookingPlan(t.deps, booking.id, barberActor, async () => {
          if (++entered === 2) bothRead();
          await barrier;
          return [{ type: 'updateNotes', actor: barberActor, data: { barberNotes: note, estimatedTravelTime: null } }];
        }),
      ),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((racing.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'VERSION_CONFLICT',
      status: 409,
    });

    const noReason = await barber.client.put(`${url}/status`, { status: 'cancelled' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('A cancellation reason is required');
    const res = await barber.client.put(`${url}/update`, { status: 'cancelled', cancellationReason: 'Car trouble' });
    expect(res.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Car trouble' });
  });
});

describe('PUT /api/bookings/:id/update', () => {
  it('updates notes and travel time, ignoring a status equal to the current one', async () => {
    const booking = await book();
    const url = `/api/bookings/${booking.id}/update`;
    const res = await barber.client.put(url, {
      status: 'pending',
      barberNotes: 'Gate code 1234',
      estimatedTravelTime: 25,
      isEditingDateTime: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({
      status: 'pending',
      barberNotes: 'Gate code 1234',
      estimatedTravelTime: 25,
      version: 2,
    });
    // Only the travel time: the notes stay.
    expect((await barber.client.put(url, { estimatedTravelTime: null })).body.booking).toMatchObject({
      barberNotes: 'Gate code 1234',
      estimatedTravelTime: null,
    });
    expect((await barber.client.put(url, { estimatedTravelTime: 181 })).status).toBe(400);
    expect((await barber.client.put(url, { estimatedTravelTime: 12.5 })).status).toBe(400);
    // An admin may act as the barber.
    expect((await admin.client.put(url, { barberNotes: 'Admin note' })).body.booking.barberNotes).toBe('Admin note');
  });

  it("a booking moved into another block holds that block's travel buffer", async () => {
    const person = await kit.signedIn(t, 'barber');
    const barberId = person.user.barberId!;
    const service = await createService(t.db.sql, barberId);
    const mobile = { ...person, barberId, service };
    const day = new Date(`${kit.inDays(5)}T12:00:00Z`).getUTCDay();
    await createBlocks(t.db.sql, barberId, { days: [day], startTime: '08:00', endTime: '12:00', travelBuffer: 0 });
    await createBlocks(t.db.sql, barberId, { days: [day], startTime: '12:00', endTime: '20:00', travelBuffer: 60 });
    const at = async (startTime: string) => {
      const res = await customer.client.post(
        '/api/bookings',
        kit.bookingBody(mobile, { date: kit.inDays(5), startTime }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.booking.id as string;
    };
    const morning = await at('09:00');
    await at('14:00');
    const move = (startTime: string) =>
      person.client.put(`/api/bookings/${morning}/update`, {
        isEditingDateTime: true,
        date: kit.inDays(5),
        startTime,
        endTime: kit.addMinutes(startTime, service.duration),
      });
    // 13:00 plus the afternoon's hour of travel runs into the 14:00 booking
    const tooClose = await move('13:00');
    expect(tooClose.status).toBe(409);
    expect(tooClose.body.code).toBe('SLOT_TAKEN');
    expect((await move('12:00')).status).toBe(200);
    const [held] = await t.db.sql<
      { upper: Date }[]
    >`SELECT upper(during) FROM barber_schedule WHERE booking_id = ${morning}`;
    expect(held!.upper.toISOString()).toBe(toInstant(kit.inDays(5), '13:30').toISOString());
  });

  it('reschedules only when editing is on and something changed, re-checking the slot', async () => {
    const a = await book();
    const b = await book();
    const url = `/api/bookings/${a.id}/update`;
    const ignored = await barber.client.put(url, {
      isEditingDateTime: false,
      date: kit.inDays(9),
      startTime: '12:00',
      endTime: '12:30',
    });
    expect(ignored.body.booking).toMatchObject({ date: a.date, startTime: a.startTime, version: 1 });

    const taken = await barber.client.put(url, {
      isEditingDateTime: true,
      date: b.date,
      startTime: b.startTime,
      endTime: b.endTime,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('SLOT_TAKEN');
    const outside = await barber.client.put(url, {
      isEditingDateTime: true,
      date: kit.inDays(9),
      startTime: '21:00',
      endTime: '21:30',
    });
    expect(outside.status).toBe(400);
    const past = await barber.client.put(url, {
      isEditingDateTime: true,
      date: addDaysLocal(todayLocal(), -1),
      startTime: '12:00',
      endTime: '12:30',
    });
    expect(past.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This time is in the past. Please choose another time.',
      field: 'date',
    });

    const moved = await barber.client.put(url, {
      isEditingDateTime: true,
      date: `${kit.inDays(9)}T00:00:00.000Z`,
      startTime: '12:00',
      endTime: '12:30',
      barberNotes: 'Moved at the customer’s request',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({
      date: kit.inDays(9),
      startTime: '12:00',
      endTime: '12:30',
      durationMinutes: 30,
      barberNotes: 'Moved at the customer’s request',
    });
    const [held] = await t.db.sql<
      { during: string }[]
    >`SELECT during::text FROM barber_schedule WHERE booking_id = ${a.id}`;
    expect(held!.during).toContain(kit.inDays(9));
    // The old time is free again.
    expect(
      (await stranger.client.post('/api/bookings', kit.bookingBody(barber, { date: a.date, startTime: a.startTime })))
        .status,
    ).toBe(201);
  });
});

describe('reading bookings', () => {
  let mine: { id: string; date: string };
  beforeAll(async () => {
    mine = (await book()) as never;
  });

  it("shows the service's name, length and price as booked, after the barber changed them", async () => {
    const own = await kit.bookableBarber(t, { duration: 30, priceCents: 3500 });
    const regular = await kit.signedIn(t, 'customer');
    const made = await regular.client.post('/api/bookings', kit.bookingBody(own, freshSlot()));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const editService = async (name: string) => {
      const edit = { name, description: 'A classic cut', duration: 60, price: '50.00' };
      const res = await own.client.put(`/api/services/${own.service.id}`, edit);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await editService('Haircut');
    for (const res of [
      await regular.client.get(`/api/bookings/${made.body.booking.id}`),
      await own.client.put(`/api/bookings/${made.body.booking.id}/update`, { barberNotes: 'Gate code 12' }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.booking).toMatchObject({ durationMinutes: 30, totalAmount: '35.00' });
      expect(res.body.booking.service).toMatchObject({ duration: 30, price: '35.00' });
    }
    // renamed: the booking keeps the name it was booked under, in its answers and in the lists
    await editService('Deluxe Cut');
    const mine = (await regular.client.get('/api/my-bookings')).body.bookings;
    expect(mine.map((b: { service: { name: string } }) => b.service.name)).toEqual(['Haircut']);
    const read = await regular.client.get(`/api/bookings/${made.body.booking.id}`);
    expect(read.body.booking.service.name).toBe('Haircut');
  });

  it('GET /api/bookings/:id for its customer, its barber and admins only', async () => {
    for (const who of [customer, barber, admin]) {
      const res = await who.client.get(`/api/bookings/${mine.id}`);
      expect(res.status).toBe(200);
      expect(res.body.booking.id).toBe(mine.id);
    }
    expect((await stranger.client.get(`/api/bookings/${mine.id}`)).status).toBe(403);
    expect((await otherBarber.client.get(`/api/bookings/${mine.id}`)).status).toBe(403);
    expect((await new Client(t.app).get(`/api/bookings/${mine.id}`)).status).toBe(401);
    expect((await customer.client.get('/api/bookings/3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d')).status).toBe(404);
    expect((await customer.client.get('/api/bookings/not-a-uuid')).status).toBe(400);
  });

  it("GET /api/my-bookings lists the customer's own bookings, newest first", async () => {
    const res = await customer.client.get('/api/my-bookings');
    expect(res.status).toBe(200);
    const ids = res.body.bookings.map((b: { id: string }) => b.id);
    expect(ids[0]).toBe(mine.id);
    expect(res.body.bookings.every((b: { customerId: number }) => b.customerId === customer.user.id)).toBe(true);
    const times = res.body.bookings.map((b: { createdAt: string }) => b.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      (await stranger.client.get('/api/my-bookings')).body.bookings.some((b: { id: string }) => b.id === mine.id),
    ).toBe(false);
  });

  it('GET /api/barber-bookings: a date, or upcoming from today; barberId from admins only', async () => {
    const byDate = await barber.client.get(`/api/barber-bookings?date=${mine.date}`);
    expect(byDate.status).toBe(200);
    expect(byDate.body.requestedDate).toBe(mine.date);
    expect(byDate.body.bookings.map((b: { id: string }) => b.id)).toContain(mine.id);
    expect(byDate.body.bookings.every((b: { date: string }) => b.date === mine.date)).toBe(true);

    const upcoming = await barber.client.get('/api/barber-bookings');
    expect(upcoming.body.requestedDate).toBeNull();
    const dates = upcoming.body.bookings.map((b: { date: string }) => b.date);
    expect([...dates].sort()).toEqual(dates);
    expect(upcoming.body.total).toBeGreaterThanOrEqual(upcoming.body.bookings.length);

    expect((await otherBarber.client.get('/api/barber-bookings')).body.bookings).toEqual([]);
    expect((await otherBarber.client.get(`/api/barber-bookings?barberId=${barber.barberId}`)).status).toBe(403);
    expect((await customer.client.get('/api/barber-bookings')).status).toBe(403);
    const asAdmin = await admin.client.get(`/api/barber-bookings?barberId=${barber.barberId}&date=${mine.date}`);
    expect(asAdmin.body.bookings.map((b: { id: string }) => b.id)).toContain(mine.id);
    expect((await barber.client.get('/api/barber-bookings?date=tomorrow')).status).toBe(400);
  });

  it('a customer who has become a barber acts on their own booking as its customer: the log says so', async () => {
    const booked = (await customer.client.post('/api/bookings', kit.bookingBody(barber, freshSlot()))).body.booking;
    // the same user, now with the role barber and a profile of their own
    const nowBarber = { userId: customer.user.id, role: 'barber' as const, barberId: barber.barberId + 100_000 };
    await runBookingCommand(t.deps, booked.id, {
      type: 'cancel',
      actor: nowBarber,
      now: new Date(),
      data: {},
      cancellationWindowHours: 24,
    });
    const [event] = await t.db.sql<{ data: { by: string }; role: string }[]>`
      SELECT data, metadata->>'actorRole' AS role FROM events
       WHERE stream_id = ${bookingStreamId(booked.id)} AND type = 'cancelled'`;
    expect(event).toMatchObject({ data: { by: 'customer' }, role: 'customer' });
  });

  it('past bookings, earnings and admin views', async () => {
    // Bookings made ten days ago for dates now past.
    const past = await kit.bookableBarber(t);
    const customerActor = actorOf({
      id: customer.user.id,
      role: 'customer',
      username: customer.user.username,
      barberId: null,
    });
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    const made: string[] = [];
    for (const [day, startTime] of [
      [-8, '10:00'],
      [-7, '10:00'],
      [-6, '10:00'],
      [-5, '10:00'],
    ] as const) {
      const view = await createBooking(
        t.deps,
        customerActor,
        bookingBodyParsed(past, addDaysLocal(todayLocal(), day), startTime),
        { now: tenDaysAgo },
      );
      made.push(view.id);
    }
    for (const [i, id] of made.slice(0, 3).entries()) {
      await runBookingCommand(t.deps, id, {
        type: 'recordPayment',
        actor: SYSTEM_ACTOR,
        now: tenDaysAgo, // paid at the checkout, before the appointments
        data: { paymentIntentId: `pi_past_${i}`, amount: 3500 },
      });
      kit.clockAtAppointment(t, { date: addDaysLocal(todayLocal(), -8 + i), startTime: '10:00' }, 30);
      for (const status of ['in_progress', 'completed'] as const) {
        const res = await past.client.put(`/api/bookings/${id}/status`, { status });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    kit.setClock(t, undefined);
    await past.client.put(`/api/bookings/${made[3]}/status`, { status: 'cancelled', reason: 'Rain' });

    const page1 = await past.client.get('/api/barber-bookings/past?page=1&limit=3');
    expect(page1.status).toBe(200);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.bookings.map((b: { id: string }) => b.id)).toEqual([made[3], made[2], made[1]]);
    expect(page1.body.bookings[0]).toMatchObject({ serviceName: 'Haircut', price: '35.00' });
    const page2 = await past.client.get('/api/barber-bookings/past?page=2&limit=3');
    expect(page2.body).toMatchObject({ hasMore: false });
    expect(page2.body.bookings.map((b: { id: string }) => b.id)).toEqual([made[0]]);
    const before = await past.client.get(`/api/barber-bookings/past?before=${addDaysLocal(todayLocal(), -6)}`);
    expect(before.body.bookings.map((b: { id: string }) => b.id)).toEqual([made[1], made[0]]);

    const earnings = await past.client.get(
      `/api/barber/earnings?startDate=${addDaysLocal(todayLocal(), -7)}&endDate=${todayLocal()}`,
    );
    expect(earnings.status).toBe(200);
    // The split was taken at booking time (10%): two completed in range. No new client: the customer's
    // first completed booking with this barber (8 days ago) lies before the range.
    expect(earnings.body.earnings).toEqual({
      totalBookings: 2,
      totalRevenue: 70,
      netRevenue: 63,
      platformFees: 7,
      newClients: 0,
    });
    expect(earnings.body.previous).toMatchObject({ totalBookings: 1, newClients: 1 });
    const all = await past.client.get('/api/barber/earnings');
    expect(all.body.earnings.totalBookings).toBe(3);
    expect((await past.client.get(`/api/barber/earnings?barberId=${barber.barberId}`)).status).toBe(403);
    expect((await admin.client.get(`/api/barber/earnings?barberId=${past.barberId}`)).body.earnings.totalRevenue).toBe(
      105,
    );
    expect((await past.client.get('/api/barber/earnings?startDate=2026-05-01&endDate=2026-04-01')).status).toBe(400);

    const list = await admin.client.get('/api/admin/bookings?limit=2&offset=0');
    expect(list.status).toBe(200);
    expect(list.body.bookings).toHaveLength(2);
    const [{ n }] = await t.db.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM bookings`;
    expect(list.body.total).toBe(n);
    const cancelledOnly = await admin.client.get('/api/admin/bookings?status=cancelled');
    expect(cancelledOnly.body.bookings.every((b: { status: string }) => b.status === 'cancelled')).toBe(true);
    expect((await customer.client.get('/api/admin/bookings')).status).toBe(403);
    expect((await barber.client.get('/api/admin/stats')).status).toBe(403);

    const stats = await admin.client.get('/api/admin/stats');
    expect(stats.status).toBe(200);
    const [counts] = await t.db.sql<{ barbers: number; customers: number; revenue: number }[]>`
      SELECT (SELECT count(*)::int FROM barbers) AS barbers, (SELECT count(*)::int FROM users WHERE role = 'customer') AS customers, -- no applicants yet
             (SELECT coalesce(sum(total_cents), 0)::int FROM bookings WHERE status = 'completed') AS revenue`;
    expect(stats.body.stats).toEqual({
      totalBarbers: counts!.barbers,
      totalCustomers: counts!.customers,
      totalBookings: n,
      totalRevenue: counts!.revenue / 100,
    });

    // A barber applicant (the customer role until verified) is counted once, as a barber.
    const applied = await new Client(t.app).post('/api/register', {
      username: 'applicant1',
      email: 'applicant1@example.com',
      password: 'secret-pass-1',
      fullName: 'Applying Barber',
      isBarber: true,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const after = (await admin.client.get('/api/admin/stats')).body.stats;
    expect(after).toMatchObject({ totalBarbers: counts!.barbers + 1, totalCustomers: counts!.customers });
  });
});

function bookingBodyParsed(b: kit.BookableBarber, date: string, startTime: string) {
  return {
    barberId: b.barberId,
    serviceId: b.service.id,
    date,
    startTime,
    endTime: `${startTime.slice(0, 3)}30`,
    totalAmount: b.service.priceCents,
    zipcode: '33139',
    notes: '',
  };
}

describe('OpenAPI', () => {
  it('documents the booking routes', async () => {
    const docs = await new Client(t.app).get('/api/docs/json');
    expect(docs.status).toBe(200);
    for (const path of [
      '/api/bookings',
      '/api/bookings/{id}',
      '/api/bookings/{id}/status',
      '/api/bookings/{id}/update',
      '/api/my-bookings',
      '/api/barber-bookings',
      '/api/barber-bookings/past',
      '/api/barber/earnings',
      '/api/admin/bookings',
      '/api/admin/stats',
    ]) {
      expect(docs.body.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(docs.body.paths['/api/bookings'].post.parameters)).toContain('idempotency-key');
  });
});
