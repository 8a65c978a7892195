import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import type { Client } from '../test/client';
import { createService, createUser, signedInClient, type UserFixture } from '../test/fixtures';

/*
 * The admin dashboard's figures, counted by the server over every booking (the browser held only the newest 2,000:
 * past that, "Last 90 days" and its comparison came out wrong, and said nothing). Rows of known dates, creation
 * times, statuses and amounts go straight into the read model; the clock stands on 2026-03-10 at noon, New York.
 */

const t = useTestApp();
let admin: Client;
let customer: UserFixture;
let anna: UserFixture;
let bruno: UserFixture;

async function insertBooking(
  barber: UserFixture,
  service: number,
  r: { date: string; status: string; total: number; createdAt: string; refundedCents?: number },
): Promise<void> {
  const fee = r.total / 10;
  await t.db.sql`
    INSERT INTO bookings (id, version, customer_id, barber_id, service_id, date, start_time, end_time, starts_at, ends_at,
                          duration_minutes, status, total_cents, platform_fee_cents, barber_amount_cents, fee_collection_enabled,
                          city, display_city, zipcode, paid, refunded, refunded_cents, created_at, updated_at)
    VALUES (${randomUUID()}, 1, ${customer.id}, ${barber.barberId!}, ${service}, ${r.date}::date, '10:00', '10:30',
            (${r.date}::date + time '10:00') AT TIME ZONE 'America/New_York', (${r.date}::date + time '10:30') AT TIME ZONE 'America/New_York',
            30, ${r.status}, ${r.total}, ${fee}, ${r.total - fee}, true, 'miami', null, '33139',
            true, false, ${r.refundedCents ?? 0}, ${new Date(r.createdAt)}, now())`;
}

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false });
  t.deps.clock = () => new Date('2026-03-10T17:00:00Z');
  admin = await signedInClient(t.app, await createUser(sql, 'admin'));
  customer = await createUser(sql, 'customer');
  anna = await createUser(sql, 'barber');
  await sql`UPDATE users SET full_name = 'Anna Blade' WHERE id = ${anna.id}`;
  bruno = await createUser(sql, 'barber');
  await sql`UPDATE users SET full_name = 'Bruno Fade' WHERE id = ${bruno.id}`;
  const a = (await createService(sql, anna.barberId!)).id;
  const b = (await createService(sql, bruno.barberId!)).id;
  // made in the period before, done in this one
  await insertBooking(anna, a, {
    date: '2026-03-05',
    status: 'completed',
    total: 5000,
    createdAt: '2026-02-28T15:00:00Z',
  });
  // made at 23:30 on March 5 in New York (March 6 in UTC); $10 of $40 refunded: $30 kept, $3 of fees, $27 the barber's
  await insertBooking(anna, a, {
    date: '2026-03-06',
    status: 'completed',
    total: 4000,
    createdAt: '2026-03-06T04:30:00Z',
    refundedCents: 1000,
  });
  // done in the period before, made before it
  await insertBooking(anna, a, {
    date: '2026-03-01',
    status: 'completed',
    total: 2000,
    createdAt: '2026-02-20T15:00:00Z',
  });
  // made in this period, dated after it
  await insertBooking(anna, a, {
    date: '2026-03-20',
    status: 'pending',
    total: 3000,
    createdAt: '2026-03-09T15:00:00Z',
  });
  // made and cancelled in this period: a booking made, not a top barber's
  await insertBooking(anna, a, {
    date: '2026-03-07',
    status: 'cancelled',
    total: 3000,
    createdAt: '2026-03-07T15:00:00Z',
  });
  await insertBooking(bruno, b, {
    date: '2026-03-08',
    status: 'confirmed',
    total: 6000,
    createdAt: '2026-03-02T15:00:00Z',
  });
  // long before: in no figure
  await insertBooking(bruno, b, {
    date: '2026-01-01',
    status: 'completed',
    total: 9000,
    createdAt: '2025-12-20T15:00:00Z',
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts bookings made by New York day, revenue and fees of completed bookings less refunds, and the top barbers', async () => {
    const res = await admin.get('/api/admin/dashboard?days=7');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { series, ...rest } = res.body;
    expect(rest).toEqual({
      start: '2026-03-04',
      end: '2026-03-10',
      prevStart: '2026-02-25',
      prevEnd: '2026-03-03',
      current: { newBookings: 3, revenueCents: 8000, platformFeeCents: 800 },
      previous: { newBookings: 2, revenueCents: 2000, platformFeeCents: 200 },
      topBarbers: [
        {
          barberId: anna.barberId,
          name: 'Anna Blade',
          email: `${anna.username}@example.com`,
          bookings: 3,
          completed: 2,
          revenueCents: 8000,
          earningsCents: 7200,
        },
        {
          barberId: bruno.barberId,
          name: 'Bruno Fade',
          email: `${bruno.username}@example.com`,
          bookings: 1,
          completed: 0,
          revenueCents: 0,
          earningsCents: 0,
        },
      ],
    });
    expect(series).toHaveLength(7);
    expect(series.filter((d: { bookings: number; revenueCents: number }) => d.bookings || d.revenueCents)).toEqual([
      { date: '2026-03-05', bookings: 1, revenueCents: 5000 },
      { date: '2026-03-06', bookings: 0, revenueCents: 3000 },
      { date: '2026-03-07', bookings: 1, revenueCents: 0 },
      { date: '2026-03-09', bookings: 1, revenueCents: 0 },
    ]);
  });

  it('is for administrators only, and takes 7, 30 or 90 days', async () => {
    const barber = await signedInClient(t.app, anna);
    expect((await barber.get('/api/admin/dashboard?days=30')).status).toBe(403);
    const bad = await admin.get('/api/admin/dashboard?days=10');
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/admin/dashboard')).body.start).toBe('2026-02-09');
  });
});
