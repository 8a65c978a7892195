import { availabilityStreamId, bookingStreamId, dayOfWeekLocal, WAITLIST_SLOT_OPENED } from '@barber/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kit from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { holdBarberLock, sessionsWaitingForLocks } from '../test/locks';
import { createService } from '../test/fixtures';
import { startWaitlistNotifier, waitlistStreamId, type RunningWaitlistNotifier } from './subscriber';

const t = useTestApp();

let barber: kit.BookableBarber;
let other: kit.BookableBarber;
let customer: kit.Person;
let admin: kit.Person;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false, feeCollectionEnabled: false });
  [barber, customer, admin] = await kit.barberAnd(t, 'customer', 'admin');
  other = await kit.bookableBarber(t);
});

const messages = (body: { issues?: { path?: unknown; message: string }[] }) =>
  (body.issues ?? []).map((i) => i.message);

async function book(who: kit.Person, on: kit.BookableBarber, date: string, startTime: string) {
  const created = await who.client.post(
    '/api/bookings',
    kit.bookingBody(on, { date: `${date}T00:00:00.000Z`, startTime }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.booking.id as string;
}

describe('a service cheaper than the minimum booking amount', () => {
  it('is not waited for: it could not be booked when its slot opens', async () => {
    const cheap = await createService(t.db.sql, barber.barberId, { name: 'Line up', priceCents: 1000 });
    const res = await customer.client.post('/api/waitlist', {
      barberId: barber.barberId,
      date: kit.inDays(6),
      serviceId: cheap.id,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BELOW_MINIMUM', message: 'Booking amount must be at least $20' });
    await t.db.sql`UPDATE services SET is_active = false WHERE id = ${cheap.id}`;
  });
});

describe('a customer who becomes a barber', () => {
  it('leaves every waitlist: a barber cannot book, and could no longer see or leave the entries', async () => {
    const applicant = await kit.signedIn(t, 'customer');
    const date = kit.inDays(5);
    const joined = await applicant.client.post('/api/waitlist', { barberId: barber.barberId, date });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const applied = await applicant.client.post('/api/barbers', {
      bio: 'Sharp fades at your door',
      yearsOfExperience: 3,
      cities: ['miami'],
      portfolioImages: [],
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(
      (await t.db.sql`SELECT left_at FROM waitlist_entries WHERE id = ${joined.body.entry.id}`)[0]!.left_at,
    ).toBeNull();

    const verified = await admin.client.put(`/api/admin/barbers/${applied.body.barber.id}/verify`, {
      isVerified: true,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(
      (await t.db.sql`SELECT left_at FROM waitlist_entries WHERE id = ${joined.body.entry.id}`)[0]!.left_at,
    ).not.toBeNull();
    const events = await t.db.sql<{ type: string }[]>`
      SELECT type FROM events WHERE stream_id = ${waitlistStreamId(joined.body.entry.id)} ORDER BY stream_version`;
    expect(events.map((e) => e.type)).toEqual(['waitlistJoined', 'waitlistLeft']);
  });
});

describe('joining, listing and leaving', () => {
  it('a customer joins with a range and a service, sees the entry waiting, and leaves it', async () => {
    const date = kit.inDays(4);
    const joined = await customer.client.post('/api/waitlist', {
      barberId: barber.barberId,
      date,
      startTime: '10:00',
      endTime: '12:00',
      serviceId: barber.service.id,
      zipcode: '33139',
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.entry).toMatchObject({
      barberId: barber.barberId,
      serviceId: barber.service.id,
      serviceName: 'Haircut',
      date,
      startTime: '10:00',
      endTime: '12:00',
      zipcode: '33139',
      status: 'waiting',
      notifiedAt: null,
    });
    expect(joined.body.entry.barberName).toMatch(/^Test barber/);

    const list = await customer.client.get('/api/waitlist');
    expect(list.status).toBe(200);
    expect(list.body.entries.map((e: { id: number }) => e.id)).toContain(joined.body.entry.id);

    // the same day twice is refused
    const again = await customer.client.post('/api/waitlist', { barberId: barber.barberId, date });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You are already on the waitlist of this barber for this day.');

    expect((await customer.client.delete(`/api/waitlist/${joined.body.entry.id}`)).status).toBe(200);
    expect((await customer.client.get('/api/waitlist')).body.entries.map((e: { id: number }) => e.id)).not.toContain(
      joined.body.entry.id,
    );
    expect((await customer.client.delete(`/api/waitlist/${joined.body.entry.id}`)).status).toBe(404);
    // after leaving, the day can be joined again
    expect((await customer.client.post('/api/waitlist', { barberId: barber.barberId, date })).status).toBe(201);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await customer.client.get('/api/waitlist')).body.entries.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ date: kit.inDays(2) }, 'Barber is required'],
      [{ barberId: barber.barberId, date: '2026-02-30' }, 'Invalid date (expected yyyy-MM-dd)'],
      [{ barberId: barber.barberId, date: kit.inDays(2), startTime: '9am' }, 'Invalid time (expected HH:mm)'],
      [
        { barberId: barber.barberId, date: kit.inDays(2), startTime: '12:00', endTime: '11:00' },
        'The end time must be after the start time',
      ],
      [{ barberId: barber.barberId, date: kit.inDays(2), zipcode: '331' }, 'Please enter a valid 5-digit zipcode'],
      [{ barberId: barber.barberId, date: kit.inDays(-1) }, 'Please choose a date from today to 30 days ahead.'],
      [{ barberId: barber.barberId, date: kit.inDays(31) }, 'Please choose a date from today to 30 days ahead.'],
      [
        { barberId: barber.barberId, date: kit.inDays(2), serviceId: other.service.id },
        'This barber does not offer that service.',
      ],
      [
        { barberId: barber.barberId, date: kit.inDays(2), zipcode: '10001' },
        'Please enter a valid zipcode in our service area.',
      ],
      [{ barberId: barber.barberId, date: kit.inDays(2), extra: 1 }, "Unrecognized key(s) in object: 'extra'"],
    ];
    for (const [body, message] of cases) {
      const res = await customer.client.post('/api/waitlist', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(messages(res.body), JSON.stringify(res.body)).toContain(message);
    }
    expect((await customer.client.post('/api/waitlist', { barberId: 999_999, date: kit.inDays(2) })).status).toBe(404);
    expect((await customer.client.delete('/api/waitlist/abc')).status).toBe(400);
    expect((await customer.client.get('/api/waitlist')).body.entries).toHaveLength(before);
  });

  it('is for customers only, each with their own entries', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/waitlist', { barberId: barber.barberId, date: kit.inDays(5) })).status).toBe(
      401,
    );
    expect((await anonymous.get('/api/waitlist')).status).toBe(401);
    expect((await barber.client.post('/api/waitlist', { barberId: other.barberId, date: kit.inDays(5) })).status).toBe(
      403,
    );
    expect((await admin.client.get('/api/waitlist')).status).toBe(403);

    const mine = await customer.client.post('/api/waitlist', { barberId: barber.barberId, date: kit.inDays(5) });
    expect(mine.status).toBe(201);
    const stranger = await kit.signedIn(t, 'customer');
    expect((await stranger.client.get('/api/waitlist')).body.entries).toEqual([]);
    const taken = await stranger.client.delete(`/api/waitlist/${mine.body.entry.id}`);
    expect(taken.status).toBe(403);
    expect((await customer.client.get('/api/waitlist')).body.entries.map((e: { id: number }) => e.id)).toContain(
      mine.body.entry.id,
    );
  });

  it('ends when the customer books that barber that day; a cancelled booking gives it back', async () => {
    const date = kit.inDays(6);
    const who = await kit.signedIn(t, 'customer');
    const entry = (await who.client.post('/api/waitlist', { barberId: barber.barberId, date })).body.entry;
    const bookingId = await book(who, barber, date, '15:00');
    const statusOf = async () =>
      (await who.client.get('/api/waitlist')).body.entries.find((e: { id: number }) => e.id === entry.id)?.status;
    expect(await statusOf()).toBe('booked');
    // the barber no longer counts them
    const counts = await barber.client.get(`/api/barber/waitlist/counts?from=${date}&to=${date}`);
    expect(counts.body.counts).toEqual([]);
    expect((await who.client.put(`/api/bookings/${bookingId}/status`, { status: 'cancelled' })).status).toBe(200);
    expect(await statusOf()).toBe('waiting');
  });
});

describe("the barber's counts", () => {
  it('counts open entries per day for the barber, an admin acting for them, and no one else', async () => {
    const date = kit.inDays(8);
    for (let i = 0; i < 3; i++) {
      const who = await kit.signedIn(t, 'customer');
      expect(
        (await who.client.post('/api/waitlist', { barberId: barber.barberId, date: i === 2 ? kit.inDays(9) : date }))
          .status,
      ).toBe(201);
    }
    const range = `from=${kit.inDays(7)}&to=${kit.inDays(10)}`;
    const own = await barber.client.get(`/api/barber/waitlist/counts?${range}`);
    expect(own.status).toBe(200);
    expect(own.body.counts).toEqual([
      { date, count: 2 },
      { date: kit.inDays(9), count: 1 },
    ]);
    expect(
      (await admin.client.get(`/api/barber/waitlist/counts?${range}&barberId=${barber.barberId}`)).body.counts,
    ).toEqual(own.body.counts);
    expect((await other.client.get(`/api/barber/waitlist/counts?${range}`)).body.counts).toEqual([]);
    expect((await other.client.get(`/api/barber/waitlist/counts?${range}&barberId=${barber.barberId}`)).status).toBe(
      403,
    );
    expect((await customer.client.get(`/api/barber/waitlist/counts?${range}`)).status).toBe(403);
    expect(
      (await barber.client.get(`/api/barber/waitlist/counts?from=${kit.inDays(10)}&to=${kit.inDays(7)}`)).status,
    ).toBe(400);
  });
});

describe('search: whom to wait for', () => {
  it('lists the barbers serving the zipcode whose day is full, not those with a free slot', async () => {
    const date = kit.inDays(12);
    const full = await kit.bookableBarber(t, { duration: 60 });
    // fill the day 08:00-20:00 of `full` with one-hour bookings (a 30-minute travel buffer each: every 90 minutes)
    await t.db
      .sql`UPDATE availability_blocks SET start_time = '08:00', end_time = '09:00' WHERE barber_id = ${full.barberId}`;
    const filler = await kit.signedIn(t, 'customer');
    await book(filler, full, date, '08:00');
    const answer = await customer.client.get(`/api/waitlist/full-barbers?zipcode=33139&date=${date}`);
    expect(answer.status).toBe(200);
    const ids = answer.body.barbers.map((b: { id: number }) => b.id);
    expect(ids).toContain(full.barberId);
    expect(ids).not.toContain(barber.barberId);
    expect(answer.body.barbers.find((b: { id: number }) => b.id === full.barberId).serviceId).toBeNull();
    // a search of a category: the wait is for the barber's shortest service of it, not any service
    const beard = await createService(t.db.sql, full.barberId, { name: 'Beard', duration: 15, category: 'beard' });
    const longCut = await createService(t.db.sql, full.barberId, { name: 'Long cut', duration: 90 });
    const ofCategory = await customer.client.get(
      `/api/waitlist/full-barbers?zipcode=33139&date=${date}&category=Haircut`,
    );
    expect(ofCategory.body.barbers.find((b: { id: number }) => b.id === full.barberId)).toMatchObject({
      serviceId: full.service.id,
    });
    expect([beard.id, longCut.id]).not.toContain(full.service.id);
    expect((await customer.client.get(`/api/waitlist/full-barbers?zipcode=331&date=${date}`)).status).toBe(400);
  });
});

describe('a freed slot reaches the waitlist through the event log', () => {
  let notifier: RunningWaitlistNotifier;
  beforeAll(async () => {
    notifier = await startWaitlistNotifier(t.deps, { pollMs: 100, log: { error: () => {} } });
  });
  afterAll(async () => {
    await notifier?.stop();
  });

  const offersOf = (entryId: number) =>
    t.db.sql<
      {
        type: string;
        data: { startTime: string; cause: string; customerId: number };
        metadata: { audience: { userIds: number[] }; correlationId?: string; causationId?: string };
      }[]
    >`
      SELECT type, data, metadata FROM events
       WHERE stream_id = ${waitlistStreamId(entryId)} AND type = ${WAITLIST_SLOT_OPENED} ORDER BY stream_version`;

  it('a cancellation tells those waiting for that time, in order of joining, and not the one waiting for another time', async () => {
    const date = kit.inDays(14);
    const booker = await kit.signedIn(t, 'customer');
    // the day is 10:00-11:00 only, and booked
    const narrow = await kit.bookableBarber(t, { travelBuffer: 0 });
    await t.db
      .sql`UPDATE availability_blocks SET start_time = '10:00', end_time = '11:00' WHERE barber_id = ${narrow.barberId}`;
    const first = await book(booker, narrow, date, '10:00');
    await book(booker, narrow, date, '10:30');
    expect((await booker.client.put(`/api/bookings/${first}/status`, kit.details)).status).toBe(200);

    const early = await kit.signedIn(t, 'customer');
    const late = await kit.signedIn(t, 'customer');
    const afternoon = await kit.signedIn(t, 'customer');
    const e1 = (await early.client.post('/api/waitlist', { barberId: narrow.barberId, date })).body.entry;
    const e2 = (
      await late.client.post('/api/waitlist', { barberId: narrow.barberId, date, startTime: '09:00', endTime: '11:00' })
    ).body.entry;
    const e3 = (await afternoon.client.post('/api/waitlist', { barberId: narrow.barberId, date, startTime: '14:00' }))
      .body.entry;
    // latest time 10:00: a 10:00 start is in the range, as search shows it (by the slot's start)
    const edge = await kit.signedIn(t, 'customer');
    const e4 = (
      await edge.client.post('/api/waitlist', { barberId: narrow.barberId, date, startTime: '09:00', endTime: '10:00' })
    ).body.entry;

    expect((await booker.client.put(`/api/bookings/${first}/status`, { status: 'cancelled' })).status).toBe(200);
    await expect.poll(async () => (await offersOf(e2.id)).length, { timeout: 5000 }).toBe(1);
    const [o1] = await offersOf(e1.id);
    const [o2] = await offersOf(e2.id);
    expect(o1).toMatchObject({
      type: WAITLIST_SLOT_OPENED,
      data: { startTime: '10:00', cause: 'cancelled', customerId: early.user.id },
    });
    expect(o1!.metadata.audience.userIds).toEqual([early.user.id]);
    expect(o2!.data.startTime).toBe('10:00');
    await expect
      .poll(async () => (await offersOf(e4.id)).map((o) => o.data.startTime), { timeout: 5000 })
      .toEqual(['10:00']);
    // in order of joining: e1's event precedes e2's in the log
    const offerPosition = (entryId: number) =>
      t.db
        .sql`SELECT global_position FROM events WHERE stream_id = ${waitlistStreamId(entryId)} AND type = ${WAITLIST_SLOT_OPENED}`;
    const [p1] = await offerPosition(e1.id);
    const [p2] = await offerPosition(e2.id);
    expect(BigInt(p1!.global_position)).toBeLessThan(BigInt(p2!.global_position));
    expect(await offersOf(e3.id)).toEqual([]);
    const listed = (await early.client.get('/api/waitlist')).body.entries[0];
    expect(listed).toMatchObject({ id: e1.id, status: 'notified', notifiedSlot: '10:00' });

    // Each request's events carry its id as correlation id, and the offers it caused carry it on.
    const bookingEvents = await t.db.sql<{ eventId: string; type: string; correlationId: string | null }[]>`
      SELECT event_id AS "eventId", type, metadata ->> 'correlationId' AS "correlationId"
        FROM events WHERE stream_id = ${bookingStreamId(first)} ORDER BY stream_version`;
    expect(bookingEvents.map((e) => e.type)).toEqual(['created', 'detailsSaved', 'cancelled']);
    const ids = bookingEvents.map((e) => e.correlationId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    const cancelled = bookingEvents[2]!;
    const [traced] = await t.db.sql<{ correlationId: string; causationId: string }[]>`
      SELECT metadata ->> 'correlationId' AS "correlationId", metadata ->> 'causationId' AS "causationId"
        FROM events WHERE stream_id = ${waitlistStreamId(e1.id)} AND type = ${WAITLIST_SLOT_OPENED}`;
    expect(traced).toEqual({ correlationId: cancelled.correlationId, causationId: cancelled.eventId });
  });

  it('a new time block on the weekday tells those waiting; a left entry is told nothing', async () => {
    const date = kit.inDays(15);
    const closed = await kit.bookableBarber(t);
    await t.db.sql`UPDATE availability_blocks SET is_active = false WHERE barber_id = ${closed.barberId}`;
    const waiting = await kit.signedIn(t, 'customer');
    const leaving = await kit.signedIn(t, 'customer');
    const entry = (
      await waiting.client.post('/api/waitlist', {
        barberId: closed.barberId,
        date,
        startTime: '16:00',
        endTime: '18:00',
      })
    ).body.entry;
    const gone = (await leaving.client.post('/api/waitlist', { barberId: closed.barberId, date })).body.entry;
    expect((await leaving.client.delete(`/api/waitlist/${gone.id}`)).status).toBe(200);

    const day = dayOfWeekLocal(date);
    const created = await closed.client.post('/api/availability', {
      dayOfWeek: day,
      startTime: '15:00',
      endTime: '19:00',
      serviceCounties: ['miami_dade'],
      serviceCities: [],
      travelBuffer: 15,
      isActive: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expect
      .poll(async () => (await offersOf(entry.id)).map((o) => o.data.startTime), { timeout: 5000 })
      .toEqual(['16:00']);
    expect((await offersOf(entry.id))[0]!.data.cause).toBe('availability');
    expect(await offersOf(gone.id)).toEqual([]);
    // The block's request id is the opening's correlation id, and the offer carries it on.
    const [opened] = await t.db.sql<{ eventId: string; correlationId: string | null }[]>`
      SELECT event_id AS "eventId", metadata ->> 'correlationId' AS "correlationId"
        FROM events WHERE stream_id = ${availabilityStreamId(closed.barberId)} ORDER BY stream_version DESC LIMIT 1`;
    expect(opened!.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await offersOf(entry.id))[0]!.metadata).toMatchObject({
      correlationId: opened!.correlationId,
      causationId: opened!.eventId,
    });
  });

  it('a block switched off and on again by two saves at once tells those waiting that its time opened again', async () => {
    const barber = await kit.bookableBarber(t);
    const [block] = await t.db.sql<{ id: number }[]>`
      SELECT id FROM availability_blocks WHERE barber_id = ${barber.barberId} AND is_active LIMIT 1`;
    const openings = async () =>
      (
        await t.db.sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM events WHERE stream_id = ${availabilityStreamId(barber.barberId)}`
      )[0]!.n;
    const before = await openings();
    // the barber's blocks held by another writer while both saves arrive: off first, then on
    const lock = await holdBarberLock(t.db.sql, barber.barberId);
    const off = barber.client.put(`/api/availability/${block!.id}`, { isActive: false });
    await expect.poll(() => sessionsWaitingForLocks(t.db.sql), { timeout: 5000 }).toBe(1);
    const on = barber.client.put(`/api/availability/${block!.id}`, { isActive: true });
    await expect.poll(() => sessionsWaitingForLocks(t.db.sql), { timeout: 5000 }).toBe(2);
    await lock.release();
    expect([(await off).status, (await on).status]).toEqual([200, 200]);
    const [saved] = await t.db.sql<{ isActive: boolean }[]>`
      SELECT is_active AS "isActive" FROM availability_blocks WHERE id = ${block!.id}`;
    expect(saved!.isActive).toBe(true);
    expect(await openings()).toBe(before + 1); // switched on again: its time opened
  });
});
