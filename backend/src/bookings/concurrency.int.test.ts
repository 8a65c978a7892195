import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createService } from '../test/fixtures';
import { randomUUID } from 'node:crypto';
import { bookingStreamId } from '@barber/shared';
import { readStream } from '../eventstore/store';
import type { StoredEvent } from '../eventstore/types';
import { writeBookingProjection } from './projections';
import { barberAnd, bookableBarber, bookingBody, inDays, signedIn, type BookableBarber, type Person } from './testkit';

const t = useTestApp();

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
});

async function waitOf(pid: number) {
  const [row] = await t.db.sql<
    { wait_event: string | null }[]
  >`SELECT wait_event FROM pg_stat_activity WHERE pid = ${pid}`;
  return row;
}

async function count(sql: typeof t.db.sql, table: 'bookings' | 'barber_schedule', barberId: number): Promise<number> {
  const [row] = await sql.unsafe<{ n: number }[]>(
    table === 'bookings'
      ? `SELECT count(*)::int AS n FROM bookings WHERE barber_id = $1`
      : `SELECT count(*)::int AS n FROM barber_schedule WHERE barber_id = $1`,
    [barberId],
  );
  return row!.n;
}

describe('no double booking, enforced by the database', () => {
  it('50 customers racing for one slot: exactly one 201, 49 SLOT_TAKEN, one booking', async () => {
    const barber = await bookableBarber(t);
    const customers: Person[] = [];
    for (let i = 0; i < 50; i += 10) {
      customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signedIn(t, 'customer')))));
    }
    const body = bookingBody(barber, { date: inDays(5), startTime: '14:00' });
    const answers = await Promise.all(customers.map((c) => c.client.post('/api/bookings', body)));

    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.body).toMatchObject({
        code: 'SLOT_TAKEN',
        message: 'This time slot is no longer available. Please choose another time.',
      });
    }
    expect(await count(t.db.sql, 'bookings', barber.barberId)).toBe(1);
    expect(await count(t.db.sql, 'barber_schedule', barber.barberId)).toBe(1);
    const [{ n }] = await t.db.sql<
      [{ n: number }]
    >`SELECT count(DISTINCT stream_id)::int AS n FROM events WHERE type = 'created'
                                                     AND (data->>'barberId')::int = ${barber.barberId}`;
    expect(n).toBe(1);
  });

  it('200 racing requests over overlapping durations on two barbers answer 201 or 409 only, and hold no overlap', async () => {
    const barbers = [await bookableBarber(t, { travelBuffer: 15 }), await bookableBarber(t, { travelBuffer: 15 })];
    const withServices = await Promise.all(
      barbers.flatMap((b) =>
        [30, 60, 90].map(async (duration) => ({
          ...b,
          service: await createService(t.db.sql, b.barberId, {
            name: `Cut ${duration}`,
            duration,
            priceCents: 3000 + duration * 10,
          }),
        })),
      ),
    );
    const customers: Person[] = [];
    for (let i = 0; i < 20; i += 10)
      customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signedIn(t, 'customer')))));
    const date = inDays(7);
    const starts = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        customers[i % customers.length]!.client.post(
          '/api/bookings',
          bookingBody(withServices[i % withServices.length]!, { date, startTime: starts[(i * 7) % starts.length] }),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('SLOT_TAKEN');
    const [overlaps] = await t.db.sql<[{ n: number }]>`
      SELECT count(*)::int AS n FROM barber_schedule a JOIN barber_schedule b
        ON a.barber_id = b.barber_id AND a.booking_id < b.booking_id AND a.during && b.during`;
    expect(overlaps.n).toBe(0);
    const [created] = await t.db.sql<[{ n: number }]>`
      SELECT count(*)::int AS n FROM bookings WHERE barber_id IN ${t.db.sql(barbers.map((b) => b.barberId))}`;
    expect(created.n).toBe(statuses.filter((s) => s === 201).length);
  });

  it('queues a second writer of the same barber on the barber lock, before it writes its held time', async () => {
    // Without the lock, racing inserts wait on each other's half-written rows in cycles that only the
    // deadlock detector breaks, one a second: a burst of bookings then took 20 s.
    const [barber, customer] = await barberAnd(t, 'customer');
    const booked = await customer.client.post('/api/bookings', bookingBody(barber, { date: inDays(8) }));
    expect(booked.status).toBe(201);
    const [created] = await readStream(t.db.sql, bookingStreamId(booked.body.booking.id));
    /** A new booking stream of the same barber and hours, on a day nobody holds yet. */
    const sameSlotOn = (date: string): StoredEvent[] => {
      const bookingId = randomUUID();
      const data = { ...(created!.data as object), bookingId, date };
      return [{ ...created!, streamId: bookingStreamId(bookingId), data }];
    };
    const first = await t.db.sql.reserve();
    const second = await t.db.sql.reserve();
    try {
      await first`BEGIN`;
      await second`BEGIN`;
      await writeBookingProjection(first, sameSlotOn(inDays(9)));
      const [{ pid }] = await second<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`;
      const writing = writeBookingProjection(second, sameSlotOn(inDays(9))).then(
        () => 'written',
        (error: unknown) => error,
      );
      await expect.poll(async () => (await waitOf(pid))?.wait_event, { timeout: 5000 }).toBe('advisory');
      await first`COMMIT`;
      expect(await writing).toMatchObject({ code: 'SLOT_TAKEN' });
    } finally {
      await first`ROLLBACK`.catch(() => undefined);
      await second`ROLLBACK`.catch(() => undefined);
      first.release();
      second.release();
    }
  });

  describe('overlaps, travel buffer and release', () => {
    let barber: BookableBarber;
    let alice: Person;
    let bob: Person;
    const date = inDays(6);

    beforeAll(async () => {
      barber = await bookableBarber(t, { duration: 30, travelBuffer: 30 });
      alice = await signedIn(t, 'customer');
      bob = await signedIn(t, 'customer');
    });

    /** The barber, booked for another service of theirs. */
    const barberOffering = async (service: { name: string; duration: number; priceCents: number }) => ({
      ...barber,
      service: await createService(t.db.sql, barber.barberId, service),
    });

    it('refuses an overlapping booking of another length, and keeps the travel buffer after each booking', async () => {
      const first = await alice.client.post('/api/bookings', bookingBody(barber, { date, startTime: '10:00' }));
      expect(first.status).toBe(201);
      expect(first.body.booking.travelBuffer).toBe(30);

      // A 90-minute service starting at 09:00 overlaps 10:00-10:30.
      const long = await barberOffering({ name: 'Full package', duration: 90, priceCents: 8000 });
      const overlapping = await bob.client.post('/api/bookings', bookingBody(long, { date, startTime: '09:00' }));
      expect(overlapping.status).toBe(409);
      expect(overlapping.body.code).toBe('SLOT_TAKEN');

      // 10:30 falls inside 10:30 + 30 min of travel; 11:00 is the first free start.
      const inBuffer = await bob.client.post('/api/bookings', bookingBody(barber, { date, startTime: '10:30' }));
      expect(inBuffer.status).toBe(409);
      expect(inBuffer.body.code).toBe('SLOT_TAKEN');
      // A booking before it must keep its own buffer clear of 10:00: 09:00-09:45 (+30) is refused, 09:00-09:30 (+30) fits.
      const threeQuarters = await barberOffering({ name: 'Cut and beard', duration: 45, priceCents: 5000 });
      expect(
        (await bob.client.post('/api/bookings', bookingBody(threeQuarters, { date, startTime: '09:00' }))).body.code,
      ).toBe('SLOT_TAKEN');
      expect((await bob.client.post('/api/bookings', bookingBody(barber, { date, startTime: '09:00' }))).status).toBe(
        201,
      );
      const atBufferEnd = await bob.client.post('/api/bookings', bookingBody(barber, { date, startTime: '11:00' }));
      expect(atBufferEnd.status).toBe(201);
      expect(await count(t.db.sql, 'bookings', barber.barberId)).toBe(3);
    });

    it('frees the slot when the booking is cancelled', async () => {
      const startTime = '15:00';
      const taken = await alice.client.post('/api/bookings', bookingBody(barber, { date, startTime }));
      expect(taken.status).toBe(201);
      expect((await bob.client.post('/api/bookings', bookingBody(barber, { date, startTime }))).status).toBe(409);

      const cancelled = await alice.client.put(`/api/bookings/${taken.body.booking.id}/status`, {
        status: 'cancelled',
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.booking).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'Cancelled by customer',
      });
      const [held] = await t.db.sql`SELECT 1 FROM barber_schedule WHERE booking_id = ${taken.body.booking.id}`;
      expect(held).toBeUndefined();

      const again = await bob.client.post('/api/bookings', bookingBody(barber, { date, startTime }));
      expect(again.status).toBe(201);
    });

    it('answers a retry with the same Idempotency-Key with the first booking and creates one stream', async () => {
      const body = bookingBody(barber, { date, startTime: '17:00' });
      const headers = { 'idempotency-key': 'checkout-7f3a' };
      const first = await alice.client.post('/api/bookings', body, headers);
      const retry = await alice.client.post('/api/bookings', body, headers);
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.body.booking.id).toBe(first.body.booking.id);

      // Concurrent retries of another key: still one booking.
      const racing = await Promise.all(
        [1, 2, 3, 4].map(() =>
          alice.client.post('/api/bookings', bookingBody(barber, { date, startTime: '18:00' }), {
            'idempotency-key': 'race-1',
          }),
        ),
      );
      expect(racing.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(racing.map((r) => r.body.booking.id)).size).toBe(1);

      // The key is the customer's own: another customer with the same header makes their own booking.
      const other = await bob.client.post('/api/bookings', bookingBody(barber, { date, startTime: '19:00' }), headers);
      expect(other.status).toBe(201);
      expect(other.body.booking.id).not.toBe(first.body.booking.id);

      const streams = await t.db.sql<{ stream_id: string }[]>`
        SELECT DISTINCT stream_id FROM events WHERE type = 'created' AND (data->>'barberId')::int = ${barber.barberId}
           AND data->>'startTime' IN ('17:00', '18:00')`;
      expect(streams).toHaveLength(2);
    });
  });
});

describe('a change made on a version the screen showed', () => {
  it('is refused with VERSION_CONFLICT once the booking changed since, appending nothing; a stranger is refused first', async () => {
    const [barber, customer, stranger] = await barberAnd(t, 'customer', 'barber');
    const created = await customer.client.post(
      '/api/bookings',
      bookingBody(barber, { date: `${inDays(6)}T00:00:00.000Z` }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, version } = created.body.booking as { id: string; version: number };
    const details = { status: 'pending', customerPhone: '3055550123', customerAddress: '1 Ocean Dr, Miami Beach' };
    expect((await customer.client.put(`/api/bookings/${id}/status`, details)).status).toBe(200); // the customer meanwhile
    const events = async () => (await readStream(t.db.sql, bookingStreamId(id))).length;
    const before = await events();

    const stale = await barber.client.put(`/api/bookings/${id}/update`, {
      status: 'cancelled',
      cancellationReason: 'x',
      expectedVersion: version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      message: 'This booking was changed by someone else. Reload and try again.',
    });
    const quick = await barber.client.put(`/api/bookings/${id}/status`, {
      status: 'cancelled',
      reason: 'x',
      expectedVersion: version,
    });
    expect(quick.status).toBe(409);
    const foreign = await stranger.client.put(`/api/bookings/${id}/update`, {
      barberNotes: 'mine',
      expectedVersion: version,
    });
    expect(foreign.status).toBe(403);
    expect(await events()).toBe(before);

    const current = await barber.client.put(`/api/bookings/${id}/update`, {
      barberNotes: 'Gate code 12',
      expectedVersion: before,
    });
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    expect(current.body.booking).toMatchObject({ barberNotes: 'Gate code 12', version: before + 1 });
    expect(
      (await barber.client.put(`/api/bookings/${id}/update`, { barberNotes: 'y', expectedVersion: 0 })).status,
    ).toBe(400);
  });
});
