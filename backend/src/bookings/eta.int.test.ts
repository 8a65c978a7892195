import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookingNotifier, type RunningNotifier } from '../notifications/subscriber';
import type { LiveClient } from '../realtime/liveFixtures';
import { Client } from '../test/client';
import { useLiveTestApp } from '../test/live';
import { allJobs } from '../test/queues';
import { rebuildReadModels } from './rebuild';
import { recentView } from './recentViews';
import {
  bookableBarber,
  bookingBody,
  clockAtAppointment,
  details,
  inDays,
  signedIn,
  signedInAs,
  type BookableBarber,
  type Person,
  useBookingRules,
} from './testkit';

/*
 * Issue 13, part 1, through the API: En Route records the arrival time (the travel time the panel
 * asks for, else the block's travel buffer), PUT /api/bookings/{id}/eta moves it (pushed at once, the
 * customer told of a move of more than 10 minutes), Arrived clears it, and a rebuild keeps it.
 */

const { t, liveClient } = useLiveTestApp();
useBookingRules(t);

let barber: BookableBarber;
let otherBarber: BookableBarber;
let customer: Person;
let admin: Person;
let notifier: RunningNotifier;

beforeAll(async () => {
  barber = await bookableBarber(t, { travelBuffer: 30 });
  otherBarber = await bookableBarber(t);
  [customer, admin] = await signedInAs(t, 'customer', 'admin');
  notifier = await startBookingNotifier(t.deps, { name: 'eta-test-notifier', pollMs: 100, log: { error: () => {} } });
});
afterAll(async () => {
  await notifier?.stop();
});
let n = 0;
type Booking = { id: string; date: string; startTime: string; version: number; etaAt: string | null; status: string };

/** A confirmed booking, with the app's clock an hour before its start (on its day: En Route is allowed). */
async function confirmed(who: Person = customer): Promise<{ booking: Booking; now: Date }> {
  const i = n++;
  const at = { date: inDays(3 + Math.floor(i / 10)), startTime: `${String(9 + (i % 10)).padStart(2, '0')}:00` };
  const created = await who.client.post('/api/bookings', bookingBody(barber, at));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.booking.id as string;
  expect((await who.client.put(`/api/bookings/${id}/status`, details)).status).toBe(200);
  const res = await who.client.put(`/api/bookings/${id}/status`, { status: 'confirmed' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const now = clockAtAppointment(t, at, -60);
  return { booking: res.body.booking as Booking, now };
}

const plus = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const eta = (who: Person, id: string, body: unknown) =>
  who.client.put(`/api/bookings/${id}/eta`, body as Record<string, unknown>);
const read = async (id: string) => (await customer.client.get(`/api/bookings/${id}`)).body.booking as Booking;

describe('En Route records the arrival time', () => {
  it('from the travel time the panel sends with the status (the details dialog and the quick action)', async () => {
    const { booking, now } = await confirmed();
    const res = await barber.client.put(`/api/bookings/${booking.id}/update`, {
      status: 'en_route',
      estimatedTravelTime: 20,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'en_route', estimatedTravelTime: 20, etaAt: plus(now, 20) });
    // The read model answers it everywhere the customer looks.
    expect(await read(booking.id)).toMatchObject({ etaAt: plus(now, 20) });
    const mine = (await customer.client.get('/api/my-bookings')).body.bookings as Booking[];
    expect(mine.find((b) => b.id === booking.id)).toMatchObject({ etaAt: plus(now, 20) });
  });

  it("without a travel time, from the block's travel buffer (30 min)", async () => {
    const { booking, now } = await confirmed();
    const res = await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' });
    expect(res.body.booking).toMatchObject({ status: 'en_route', etaAt: plus(now, 30) });
  });

  it('refuses a travel time off the 5-minute steps or past 180 minutes, changing nothing', async () => {
    const { booking } = await confirmed();
    for (const estimatedTravelTime of [7, 185, -5]) {
      const res = await barber.client.put(`/api/bookings/${booking.id}/update`, {
        status: 'en_route',
        estimatedTravelTime,
      });
      expect(res.status).toBe(400);
    }
    expect(await read(booking.id)).toMatchObject({ status: 'confirmed', etaAt: null, version: booking.version });
  });
});

describe('PUT /api/bookings/{id}/eta', () => {
  it('moves the arrival time by +5, +10, +15 minutes, answers and pushes the new view at once', async () => {
    const { booking, now } = await confirmed();
    const socket: LiveClient = await liveClient(customer.client).connect();
    const onTheWay = (
      await barber.client.put(`/api/bookings/${booking.id}/update`, { status: 'en_route', estimatedTravelTime: 15 })
    ).body.booking as Booking;
    expect(onTheWay.etaAt).toBe(plus(now, 15));

    const res = await eta(barber, booking.id, { addMinutes: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'en_route', etaAt: plus(now, 25), version: onTheWay.version + 1 });
    // The push sends the very view the command answered.
    expect(recentView(booking.id, onTheWay.version + 1)?.etaAt).toBe(plus(now, 25));
    await expect
      .poll(() => socket.of(booking.id).find((m) => m.type === 'etaUpdated')?.booking?.etaAt, { timeout: 3000 })
      .toBe(plus(now, 25));

    // An admin may move it too; once it has passed, a delay counts from now.
    expect((await eta(admin, booking.id, { addMinutes: 5 })).body.booking.etaAt).toBe(plus(now, 30));
    const later = clockAtAppointment(t, booking, 0); // an hour on: 30 minutes late
    expect((await eta(barber, booking.id, { addMinutes: 15 })).body.booking.etaAt).toBe(plus(later, 15));
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { booking } = await confirmed();
    const { version } = (await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' })).body
      .booking as Booking;
    for (const body of [
      {},
      { addMinutes: 7 },
      { addMinutes: 0 },
      { addMinutes: 185 },
      { addMinutes: '10' },
      { addMinutes: 2.5 },
    ]) {
      const res = await eta(barber, booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await barber.client.put('/api/bookings/not-a-uuid/eta', { addMinutes: 5 })).status).toBe(400);
    expect((await read(booking.id)).version).toBe(version);
  });

  it("is the booking's barber's (or an admin's) only, and only while en route", async () => {
    const { booking } = await confirmed();
    expect((await eta(barber, booking.id, { addMinutes: 5 })).body).toMatchObject({
      code: 'INVALID_TRANSITION',
      currentStatus: 'confirmed',
    });
    await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' });
    const { version } = await read(booking.id);
    expect((await eta(customer, booking.id, { addMinutes: 5 })).status).toBe(403);
    expect((await eta(otherBarber, booking.id, { addMinutes: 5 })).status).toBe(403);
    expect((await eta({ client: new Client(t.app) } as Person, booking.id, { addMinutes: 5 })).status).toBe(401);
    expect((await eta(barber, '00000000-0000-4000-8000-000000000000', { addMinutes: 5 })).status).toBe(404);
    expect((await read(booking.id)).version).toBe(version);
  });
});

describe('Arrived, notifications and the rebuild', () => {
  /** The notification jobs the booking's events queued for a user: `in-app:{kind}` and `email:{subject}`. */
  const queued = async (bookingId: string, userId: number) => {
    const events = await t.db.sql<
      { id: string }[]
    >`SELECT event_id::text AS id FROM events WHERE stream_id = ${`booking-${bookingId}`}`;
    const jobs = await allJobs(t.deps.queues.notifications);
    return jobs
      .filter((j) => j.data?.userId === userId && events.some((e) => String(j.data?.sourceKey ?? '').startsWith(e.id)))
      .map((j) => `${j.name}:${j.name === 'in-app' ? j.data.kind : j.data.subject}`)
      .sort();
  };

  it('tells the customer of a move of more than 10 minutes from the time last told, in the app and by email', async () => {
    const { booking } = await confirmed();
    await barber.client.put(`/api/bookings/${booking.id}/update`, { status: 'en_route', estimatedTravelTime: 20 });
    await eta(barber, booking.id, { addMinutes: 5 }); // 5 from the time told: shown live, not told
    await eta(barber, booking.id, { addMinutes: 10 }); // 15 from the time told: told
    await expect.poll(() => queued(booking.id, customer.user.id), { timeout: 10_000 }).toContain('in-app:eta_updated');
    const jobs = await queued(booking.id, customer.user.id);
    expect(jobs.filter((j) => j === 'in-app:eta_updated')).toHaveLength(1);
    expect(jobs.filter((j) => j.startsWith('email:Arrival time updated'))).toHaveLength(1);
  });

  it('sends no email when the customer switched booking emails off; the bell still gets it', async () => {
    const picky = await signedIn(t, 'customer');
    await t.db
      .sql`INSERT INTO notification_preferences (user_id, data) VALUES (${picky.user.id}, ${t.db.sql.json({ emailBookingConfirmations: false })})`;
    const { booking } = await confirmed(picky);
    await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' });
    await eta(barber, booking.id, { addMinutes: 15 });
    await expect.poll(() => queued(booking.id, picky.user.id), { timeout: 10_000 }).toContain('in-app:eta_updated');
    expect((await queued(booking.id, picky.user.id)).some((j) => j.startsWith('email:'))).toBe(false);
  });

  it('Arrived clears the arrival time and tells the customer "Your barber has arrived"', async () => {
    const { booking } = await confirmed();
    await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' });
    const arrived = await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'arrived' });
    expect(arrived.body.booking).toMatchObject({ status: 'arrived', etaAt: null });
    await expect
      .poll(() => queued(booking.id, customer.user.id), { timeout: 10_000 })
      .toContain('in-app:barber_arrived');
    expect(await queued(booking.id, customer.user.id)).toContain(
      'email:Your barber has arrived - ' + (await t.deps.settings.get()).platformName,
    );
  });

  it('npm run rebuild rebuilds eta_at from the log', async () => {
    const { booking, now } = await confirmed();
    await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' });
    await eta(barber, booking.id, { addMinutes: 10 });
    const before = await t.db.sql`SELECT id, eta_at FROM bookings ORDER BY id`;
    expect(before.find((r) => r.id === booking.id)!.eta_at).toEqual(new Date(plus(now, 40)));
    await t.db.sql`UPDATE bookings SET eta_at = NULL`;
    await rebuildReadModels(t.db.sql);
    expect(await t.db.sql`SELECT id, eta_at FROM bookings ORDER BY id`).toEqual(before);
  });
});
