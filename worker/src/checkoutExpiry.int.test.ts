import * as kit from '@barber/backend/bookings/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireAbandonedCheckouts } from './sweeps/expiredCheckouts';
import { useMailingWorker } from './testkit';

const quiet = { error: () => {} };

/*
 * Issue 9, defect 3: an abandoned checkout no longer holds the barber's time for ever. The sweeper is
 * run with an explicit `now` (the clock is injected): "31 minutes later" without waiting 31 minutes.
 */

// Fee collection on: a booking waits for its payment (pending) at checkout.
const { t, smtp } = await useMailingWorker({
  rateLimitEnabled: false,
  feeCollectionEnabled: true,
  pendingBookingExpiryMinutes: 30,
});
let barber: kit.BookableBarber;
let customer: kit.Person;
let other: kit.Person;

beforeAll(async () => {
  [barber, customer, other] = await kit.barberAnd(t, 'customer', 'customer');
});

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
let n = 0;
const slot = () => ({ date: kit.inDays(4), startTime: `${String(8 + n++).padStart(2, '0')}:00` });

async function book(who: kit.Person, at: { date: string; startTime: string }) {
  return who.client.post('/api/bookings', kit.bookingBody(barber, at));
}

describe('checkout expiry', () => {
  it('expires a pending unpaid booking after pendingBookingExpiryMinutes: slot freed, customer told in the app and by email', async () => {
    const at = slot();
    const made = await book(customer, at);
    expect(made.status).toBe(201);
    const id = made.body.booking.id as string;
    expect((await book(other, at)).status).toBe(409);

    // Not before the setting's 30 minutes.
    expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(29), log: quiet })).toEqual({});
    expect((await customer.client.get(`/api/bookings/${id}`)).body.booking.status).toBe('pending');

    expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(31), log: quiet })).toEqual({ expired: 1 });
    const view = (await customer.client.get(`/api/bookings/${id}`)).body.booking;
    expect(view).toMatchObject({ status: 'cancelled', cancellationReason: 'Checkout expired' });
    expect(await t.db.sql`SELECT 1 FROM barber_schedule WHERE booking_id = ${id}`).toHaveLength(0);
    // Another customer can take the time now.
    const taken = await book(other, at);
    expect(taken.status).toBe(201);
    // A second pass expires only that new booking (left unpaid too): the first one once, never twice.
    expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(32), log: quiet })).toEqual({ expired: 1 });
    expect((await other.client.get(`/api/bookings/${taken.body.booking.id}`)).body.booking.status).toBe('cancelled');
    expect(await t.db.sql`SELECT 1 FROM events WHERE stream_id = ${`booking-${id}`} AND type = 'expired'`).toHaveLength(
      1,
    );

    await expect
      .poll(
        async () =>
          (
            await t.db.sql<
              { kind: string }[]
            >`SELECT kind FROM notifications WHERE user_id = ${customer.user.id} AND booking_id = ${id}`
          ).map((r) => r.kind),
        { timeout: 10_000 },
      )
      .toEqual(['booking_expired']);
    await expect
      .poll(
        () =>
          smtp.messages.filter(
            (m) => m.to.includes(`${customer.user.username}@example.com`) && m.subject.startsWith('Booking expired'),
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const [mail] = smtp.messages.filter(
      (m) => m.to.includes(`${customer.user.username}@example.com`) && m.subject.startsWith('Booking expired'),
    );
    expect(mail!.text).toContain('expired because checkout was not completed');
  });

  it('follows the setting, and leaves paid bookings and bookings with a payment on the way alone', async () => {
    await t.deps.settings.update({ pendingBookingExpiryMinutes: 90 });
    try {
      const pending = (await book(customer, slot())).body.booking.id as string;
      const confirmed = (await book(customer, slot())).body.booking.id as string;
      await t.db.sql`UPDATE bookings SET paid = true WHERE id = ${confirmed}`; // as the read model shows a paid booking
      expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(60), log: quiet })).toEqual({});
      expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(91), log: quiet })).toEqual({ expired: 1 });
      expect((await customer.client.get(`/api/bookings/${pending}`)).body.booking.status).toBe('cancelled');
    } finally {
      await t.deps.settings.update({ pendingBookingExpiryMinutes: 30 });
    }
  });

  it('leaves alone a booking whose succeeded payment waits in the Stripe inbox (its job late or lost)', async () => {
    const id = (await book(customer, slot())).body.booking.id as string;
    const event = {
      id: `evt_inbox_${id}`,
      type: 'payment_intent.succeeded',
      data: { object: { id: `pi_inbox_${id}`, object: 'payment_intent', metadata: { bookingId: id } } },
    };
    await t.db
      .sql`INSERT INTO stripe_inbox (event_id, type, payload) VALUES (${event.id}, ${event.type}, ${t.db.sql.json(event)})`;
    expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(31), log: quiet })).toEqual({});
    await t.db.sql`UPDATE stripe_inbox SET handled_at = now() WHERE event_id = ${event.id}`;
    expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(31), log: quiet })).toEqual({ expired: 1 });
  });

  it('a booking confirmed between the read and the command is skipped, not expired', async () => {
    await t.deps.settings.update({ feeCollectionEnabled: false });
    try {
      const id = (await book(customer, slot())).body.booking.id as string;
      expect((await customer.client.put(`/api/bookings/${id}/status`, kit.details)).status).toBe(200);
      expect((await customer.client.put(`/api/bookings/${id}/status`, { status: 'confirmed' })).status).toBe(200);
      // The read model is behind on purpose (as a read racing the confirmation would be).
      await t.db.sql`UPDATE bookings SET status = 'pending' WHERE id = ${id}`;
      expect(await expireAbandonedCheckouts(t.deps, { now: minutesFromNow(31), log: quiet })).toEqual({ skipped: 1 });
      expect(
        await t.db.sql`SELECT type FROM events WHERE stream_id = ${`booking-${id}`} AND type = 'expired'`,
      ).toHaveLength(0);
    } finally {
      await t.deps.settings.update({ feeCollectionEnabled: true });
    }
  });

  it("follows the injected clock when the sweep is given no time of its own (as the worker's timer runs it)", async () => {
    const made = await book(customer, slot());
    expect(made.status).toBe(201);
    const id = made.body.booking.id as string;
    const status = async () => (await customer.client.get(`/api/bookings/${id}`)).body.booking.status;
    await expireAbandonedCheckouts(t.deps, { log: quiet });
    expect(await status()).toBe('pending');
    kit.setClock(t, minutesFromNow(31));
    try {
      expect((await expireAbandonedCheckouts(t.deps, { log: quiet })).expired).toBeGreaterThanOrEqual(1);
    } finally {
      kit.setClock(t, undefined);
    }
    expect(await status()).toBe('cancelled');
  });
});
