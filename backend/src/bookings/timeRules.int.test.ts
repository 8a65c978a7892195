import { dayOfWeekLocal, SYSTEM_ACTOR, toInstant } from '@barber/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createBlocks } from '../test/fixtures';
import { runBookingCommand } from './commands';
import * as kit from './testkit';

/*
 * Issue 9, through the API: appointments follow the (injected) clock, a barber confirms only a booking
 * with contact details, a reschedule keeps the service's duration, the cancellation window is read, and
 * an expired checkout frees its slot.
 */

const t = useTestApp();
kit.useBookingRules(t);

let barber: kit.BookableBarber;
let customer: kit.Person;
let other: kit.Person;
let admin: kit.Person;

beforeAll(async () => {
  // barber: a 30-minute $35 haircut, blocks 08:00-20:00 every day
  [barber, customer, other, admin] = await kit.barberAnd(t, 'customer', 'customer', 'admin');
});
beforeEach(async () => {
  await t.deps.settings.update({ cancellationWindow: 24 });
});
let n = 0;
function slot(daysAhead = 3): { date: string; startTime: string } {
  const i = n++;
  return { date: kit.inDays(daysAhead + Math.floor(i / 10)), startTime: `${String(8 + (i % 10)).padStart(2, '0')}:00` };
}

type Booking = { id: string; date: string; startTime: string; endTime: string; status: string };

async function pending(at = slot(), withDetails = true): Promise<Booking> {
  const created = await customer.client.post('/api/bookings', kit.bookingBody(barber, at));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const booking = created.body.booking as Booking;
  if (withDetails)
    expect((await customer.client.put(`/api/bookings/${booking.id}/status`, kit.details)).status).toBe(200);
  return booking;
}

async function confirmed(at = slot()): Promise<Booking> {
  const booking = await pending(at);
  const res = await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'confirmed' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return booking;
}

const status = (who: kit.Person, booking: Booking, body: Record<string, unknown>) =>
  who.client.put(`/api/bookings/${booking.id}/status`, body);

describe('appointments follow the clock (defect 4)', () => {
  it('three days ahead, the barber cannot mark a no-show, start, or move it along; on the day it goes through', async () => {
    const booking = await confirmed();
    const noShow = await status(barber, booking, { status: 'no_show' });
    expect(noShow.status).toBe(409);
    expect(noShow.body).toMatchObject({ code: 'TOO_EARLY', appointmentDate: booking.date });
    expect(noShow.body.message).toMatch(
      /^This appointment starts on \w{3} \d+ at \d+:00 (AM|PM): it can be marked as a no-show only from then\.$/,
    );
    for (const target of ['en_route', 'arrived', 'in_progress'] as const) {
      const early = await status(barber, booking, { status: target });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('TOO_EARLY');
    }
    // The barber's details dialog takes the same rules.
    expect((await barber.client.put(`/api/bookings/${booking.id}/update`, { status: 'in_progress' })).body.code).toBe(
      'TOO_EARLY',
    );
    // Nothing was appended.
    expect((await customer.client.get(`/api/bookings/${booking.id}`)).body.booking).toMatchObject({
      status: 'confirmed',
      version: 3,
    });

    // The morning of the appointment: on the way and there, but not yet started, done or missed.
    kit.clockAtAppointment(t, booking, -120);
    expect((await status(barber, booking, { status: 'en_route' })).status).toBe(200);
    expect((await status(barber, booking, { status: 'arrived' })).status).toBe(200);
    expect((await status(barber, booking, { status: 'no_show' })).body.code).toBe('TOO_EARLY');
    // started from an hour before its time only
    const early = await status(barber, booking, { status: 'in_progress' });
    expect(early.body.code).toBe('TOO_EARLY');
    expect(early.body.message).toMatch(/: it can be started only from an hour before\.$/);
    kit.clockAtAppointment(t, booking, -60);
    expect((await status(barber, booking, { status: 'in_progress' })).status).toBe(200);
    expect((await status(barber, booking, { status: 'completed' })).body.code).toBe('TOO_EARLY');
    // From the start it can be completed.
    kit.clockAtAppointment(t, booking, 0);
    const done = await status(barber, booking, { status: 'completed' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.booking.status).toBe('completed');
  });

  it('a day after it ended, it can no longer be started', async () => {
    const booking = await confirmed();
    kit.clockAtAppointment(t, booking, 30 + 24 * 60 + 1);
    const late = await status(admin, booking, { status: 'en_route' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'TOO_LATE',
      message: 'This appointment ended more than a day ago: it can no longer be marked as en route.',
    });
    // A no-show is still possible.
    expect((await status(admin, booking, { status: 'no_show' })).body.booking.status).toBe('no_show');
  });
});

describe('a barber confirms only a booking with contact details (defect 5)', () => {
  it('is refused with DETAILS_MISSING until the customer saved an address and phone', async () => {
    const booking = await pending(slot(), false);
    const refused = await status(barber, booking, { status: 'confirmed' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'DETAILS_MISSING',
      requires: 'details',
      message: 'The customer has not saved their address and phone yet: this booking cannot be confirmed.',
    });
    expect((await barber.client.put(`/api/bookings/${booking.id}/update`, { status: 'confirmed' })).body.code).toBe(
      'DETAILS_MISSING',
    );
    expect((await status(admin, booking, { status: 'confirmed' })).body.code).toBe('DETAILS_MISSING');

    expect((await status(customer, booking, kit.details)).status).toBe(200);
    const ok = await status(barber, booking, { status: 'confirmed' });
    expect(ok.status).toBe(200);
    expect(ok.body.booking).toMatchObject({ status: 'confirmed', customerAddress: kit.details.customerAddress });
  });
});

describe('a reschedule keeps the service duration (defect 6)', () => {
  it('a 2-hour window on a 30-minute booking is refused with the expected end time; the price and length stay', async () => {
    const booking = await confirmed();
    const url = `/api/bookings/${booking.id}/update`;
    const date = kit.inDays(9);
    const tooLong = await barber.client.put(url, {
      isEditingDateTime: true,
      date,
      startTime: '10:00',
      endTime: '12:00',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'endTime', expectedEndTime: '10:30' });
    expect(tooLong.body.message).toBe(
      'The end time must be the start time plus the service duration of 30 minutes (10:30).',
    );
    const after = (await barber.client.get(`/api/bookings/${booking.id}`)).body.booking;
    expect(after).toMatchObject({
      date: booking.date,
      startTime: booking.startTime,
      endTime: booking.endTime,
      durationMinutes: 30,
      totalAmount: '35.00',
    });

    // Without an end time the server computes it.
    const moved = await barber.client.put(url, { isEditingDateTime: true, date, startTime: '11:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking).toMatchObject({
      date,
      startTime: '11:00',
      endTime: '11:30',
      durationMinutes: 30,
      totalAmount: '35.00',
    });
    // The right end time is accepted.
    const again = await barber.client.put(url, { isEditingDateTime: true, date, startTime: '13:00', endTime: '13:30' });
    expect(again.body.booking).toMatchObject({ startTime: '13:00', endTime: '13:30' });
  });
});

describe('the cancellation window setting (defect 8)', () => {
  const hoursBefore = (booking: Booking, hours: number) =>
    kit.setClock(t, new Date(toInstant(booking.date, booking.startTime).getTime() - hours * 3_600_000));

  it('a customer cancels until cancellationWindow hours before the start; then 409 naming the window', async () => {
    const booking = await confirmed();
    hoursBefore(booking, 23);
    const refused = await status(customer, booking, { status: 'cancelled' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CANCELLATION_WINDOW_PASSED',
      cancellationWindow: 24,
      message:
        'Bookings can be cancelled up to 24 hours before the appointment. Please contact your barber to cancel this one.',
    });
    // The administrator shortens the window: the same cancellation is now in time.
    await t.deps.settings.update({ cancellationWindow: 12 });
    const ok = await status(customer, booking, { status: 'cancelled' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Cancelled by customer' });
  });

  it('a window lengthened after the booking was made does not bind its customer: the one they booked under does', async () => {
    const booking = await confirmed(); // under the 24-hour window
    await t.deps.settings.update({ cancellationWindow: 72 });
    hoursBefore(booking, 30);
    const ok = await status(customer, booking, { status: 'cancelled' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.booking.cancellationWindow).toBe(24);
    // one made under the 72-hour window is held to it
    const later = await confirmed();
    hoursBefore(later, 30);
    expect((await status(customer, later, { status: 'cancelled' })).body).toMatchObject({
      code: 'CANCELLATION_WINDOW_PASSED',
      cancellationWindow: 72,
    });
  });

  it('25 hours before is in time; barbers and admins may still cancel inside the window, with a reason', async () => {
    const early = await confirmed();
    hoursBefore(early, 25);
    expect((await status(customer, early, { status: 'cancelled' })).status).toBe(200);

    const late = await confirmed();
    hoursBefore(late, 2);
    expect((await status(customer, late, { status: 'cancelled' })).body.code).toBe('CANCELLATION_WINDOW_PASSED');
    const byBarber = await barber.client.put(`/api/bookings/${late.id}/update`, {
      status: 'cancelled',
      cancellationReason: 'Flat tyre',
    });
    expect(byBarber.status).toBe(200);
    expect(byBarber.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Flat tyre' });
  });

  it('an abandoned (unpaid pending) checkout may be left at any time', async () => {
    const booking = await pending();
    hoursBefore(booking, 1);
    expect((await status(customer, booking, { status: 'cancelled' })).status).toBe(200);
  });
});

describe('an expired checkout frees its slot (defect 3)', () => {
  /** The system's expiry at `now`, for a checkout that stays open 30 minutes. */
  const expire = (now = new Date(Date.now() + 31 * 60_000)) =>
    ({ type: 'expire', actor: SYSTEM_ACTOR, now, pendingBookingExpiryMinutes: 30 }) as const;

  it('the system expires a pending unpaid booking: cancelled "Checkout expired", its time free for another customer', async () => {
    const at = slot();
    const booking = await pending(at, false);
    const taken = await other.client.post('/api/bookings', kit.bookingBody(barber, at));
    expect(taken.status).toBe(409);

    // not while its checkout is open
    await expect(runBookingCommand(t.deps, booking.id, expire(new Date()))).rejects.toMatchObject({
      code: 'TOO_EARLY',
    });
    const view = await runBookingCommand(t.deps, booking.id, expire());
    expect(view).toMatchObject({ status: 'cancelled', cancellationReason: 'Checkout expired' });
    const [held] = await t.db.sql`SELECT 1 FROM barber_schedule WHERE booking_id = ${booking.id}`;
    expect(held).toBeUndefined();
    expect((await other.client.post('/api/bookings', kit.bookingBody(barber, at))).status).toBe(201);

    // Idempotent; and the customer's checkout is over.
    await runBookingCommand(t.deps, booking.id, expire());
    const expired = await t.db
      .sql`SELECT 1 FROM events WHERE stream_id = ${`booking-${booking.id}`} AND type = 'expired'`;
    expect(expired).toHaveLength(1);
    expect((await status(customer, booking, kit.details)).status).toBe(409);
  });

  it('a confirmed booking does not expire', async () => {
    const booking = await confirmed();
    await expect(runBookingCommand(t.deps, booking.id, expire())).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
    });
  });
});

describe('the pendingBookingExpiryMinutes setting', () => {
  it('defaults to 30, at least 1, shown and changed on Platform Settings', async () => {
    const before = await admin.client.get('/api/admin/settings');
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).toContain('"pendingBookingExpiryMinutes":30');
    expect((await admin.client.patch('/api/admin/settings', { pendingBookingExpiryMinutes: 0 })).status).toBe(400);
    expect((await admin.client.patch('/api/admin/settings', { pendingBookingExpiryMinutes: 2.5 })).status).toBe(400);
    const changed = await admin.client.patch('/api/admin/settings', { pendingBookingExpiryMinutes: 45 });
    expect(changed.status).toBe(200);
    expect((await t.deps.settings.get()).pendingBookingExpiryMinutes).toBe(45);
    await admin.client.patch('/api/admin/settings', { pendingBookingExpiryMinutes: 30 });
  });
});

describe('a slot across blocks that touch', () => {
  it('is offered and booked when both blocks serve the zipcode, with the travel buffer of the block it ends in', async () => {
    const split = await kit.bookableBarber(t, { duration: 60, travelBuffer: 0 });
    const date = kit.inDays(4);
    const day = dayOfWeekLocal(date);
    await t.db.sql`UPDATE availability_blocks SET start_time = '09:00', end_time = '12:00'
                    WHERE barber_id = ${split.barberId} AND day_of_week = ${day}`;
    await createBlocks(t.db.sql, split.barberId, {
      days: [day],
      startTime: '12:00',
      endTime: '17:00',
      travelBuffer: 15,
    });
    const offered = await customer.client.get(
      `/api/availability?zipcode=33139&date=${date}&serviceId=${split.service.id}`,
    );
    expect(offered.status).toBe(200);
    expect(offered.body.barbers[0].availableSlots).toContain('11:30');
    const created = await customer.client.post(
      '/api/bookings',
      kit.bookingBody(split, { date: `${date}T00:00:00.000Z`, startTime: '11:30' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.booking).toMatchObject({ startTime: '11:30', endTime: '12:30', travelBuffer: 15 });
  });
});
