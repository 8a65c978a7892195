import { addDaysLocal, toInstant, todayLocal } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createBlocks, createService, createUser, type UserFixture } from '../test/fixtures';
import { readListings, STORED_SLOTS } from './listings';
import { insertBooking } from './testData';

const t = useTestApp();
let customer: UserFixture;
let barber: UserFixture;
let serviceId: number;
// a fixed "now": 08:00 in New York two days ahead, so that the barber's 09:00-12:00 block is all in the future
const day = addDaysLocal(todayLocal(), 2);
const at = (time: string, date = day) => toInstant(date, time);

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false });
  customer = await createUser(sql, 'customer');
  barber = await createUser(sql, 'barber', { cities: ['boca_raton'] });
  serviceId = (await createService(sql, barber.barberId!, { duration: 30 })).id;
  await createBlocks(sql, barber.barberId!, {
    startTime: '09:00',
    endTime: '12:00',
    counties: ['palm_beach'],
    travelBuffer: 0,
  });
});

/** A booking 09:00-10:00 on the day, written straight into the tables: the listing's first slot moves to 10:00. */
const bookNineToTen = () =>
  insertBooking(t.db.sql, {
    customerId: customer.id,
    barberId: barber.barberId!,
    serviceId,
    date: day,
    startTime: '09:00',
    duration: 60,
    travelBuffer: 0,
  });

const listing = async (now: Date) => (await readListings(t.db.sql, { ids: [barber.barberId!] }, now)).barbers[0]!;
const builtVersion = async () =>
  (
    await t.db.sql<
      { built: string | null; version: string }[]
    >`SELECT built_version::text AS built, version::text AS version FROM barber_listings WHERE barber_id = ${barber.barberId}`
  )[0]!;

describe('the listing read model', () => {
  it('answers the next free slot from the stored ones, and stays right as time passes', async () => {
    expect((await listing(at('08:00'))).nextAvailable).toEqual({ date: day, startTime: '09:00' });
    const row = await builtVersion();
    expect(row.built).toBe(row.version);
    // later the same morning: the first stored slot still ahead, without a rebuild
    expect((await listing(at('09:10'))).nextAvailable).toEqual({ date: day, startTime: '09:30' });
    expect(await builtVersion()).toEqual(row);
    // once every stored slot has passed the row is rebuilt from that moment
    const later = at('11:45', addDaysLocal(day, Math.ceil(STORED_SLOTS / 6)));
    expect((await listing(later)).nextAvailable).toEqual({
      date: addDaysLocal(day, Math.ceil(STORED_SLOTS / 6) + 1),
      startTime: '09:00',
    });
  });

  it('is rebuilt after a booking, a cancellation, a new service and a profile change (the triggers)', async () => {
    await listing(at('08:00'));
    const id = await bookNineToTen();
    expect((await listing(at('08:00'))).nextAvailable).toEqual({ date: day, startTime: '10:00' });
    await t.db.sql`DELETE FROM barber_schedule WHERE booking_id = ${id}`;
    expect((await listing(at('08:00'))).nextAvailable).toEqual({ date: day, startTime: '09:00' });

    await createService(t.db.sql, barber.barberId!, { name: 'Buzz cut', priceCents: 1500 });
    expect((await listing(at('08:00'))).startingPrice).toBe('15.00');
    await t.db.sql`UPDATE users SET full_name = 'Renamed Barber' WHERE id = ${barber.id}`;
    expect((await listing(at('08:00'))).user.fullName).toBe('Renamed Barber');
  });

  it("is rebuilt when a booking's held time moves (a reschedule updates its barber_schedule row)", async () => {
    const id = await bookNineToTen();
    expect((await listing(at('08:00'))).nextAvailable).toEqual({ date: day, startTime: '10:00' });
    await t.db
      .sql`UPDATE barber_schedule SET during = tstzrange(${at('11:00')}, ${at('12:00')}, '[)') WHERE booking_id = ${id}`;
    expect((await listing(at('08:00'))).nextAvailable).toEqual({ date: day, startTime: '09:00' });
    await t.db.sql`DELETE FROM barber_schedule WHERE booking_id = ${id}`;
  });

  it('does not write back a row built from data older than its version', async () => {
    await listing(at('08:00'));
    const before = await builtVersion();
    await t.db.sql`UPDATE barbers SET bio = 'New bio' WHERE id = ${barber.barberId}`;
    const after = await builtVersion();
    expect(after.version).not.toBe(before.version);
    expect(after.built).toBe(before.built); // stale until read
    expect((await listing(at('08:00'))).bio).toBe('New bio');
    const rebuilt = await builtVersion();
    expect(rebuilt.built).toBe(rebuilt.version);
  });
});

describe('conditional GET of the public catalogue', () => {
  it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
    const url = '/api/barbers?city=boca_raton';
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.json().barbers.map((b: { id: number }) => b.id)).toEqual([barber.barberId]);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.db.sql`UPDATE barbers SET years_of_experience = years_of_experience + 1 WHERE id = ${barber.barberId}`;
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    const profile = await t.app.inject({ method: 'GET', url: `/api/barbers/${barber.barberId}` });
    expect(profile.statusCode).toBe(200);
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/barbers/${barber.barberId}`,
      headers: { 'if-none-match': profile.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it("gives the profile a new ETag when a reviewer's name changes (what the review says of them)", async () => {
    const reviewer = await createUser(t.db.sql, 'customer');
    await t.db.sql`UPDATE users SET full_name = 'Ana Diaz' WHERE id = ${reviewer.id}`;
    await t.db.sql`INSERT INTO reviews (barber_id, customer_id, rating, comment)
                   VALUES (${barber.barberId}, ${reviewer.id}, 5, 'Great')`;
    const url = `/api/barbers/${barber.barberId}`;
    const before = await t.app.inject({ method: 'GET', url });
    expect(before.json().reviews.map((r: { customerName: string }) => r.customerName)).toContain('Ana D.');
    await t.db.sql`UPDATE users SET full_name = 'Zed Quill' WHERE id = ${reviewer.id}`;
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().reviews.map((r: { customerName: string }) => r.customerName)).toContain('Zed Q.');
  });
});

describe('the public catalogue lists only bookable barbers', () => {
  it('leaves out a verified barber until they have an active service and an active availability block', async () => {
    const { sql } = t.db;
    const fresh = await createUser(sql, 'barber', { cities: ['palm_beach'] });
    const listed = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/barbers?city=palm_beach' });
      expect(res.statusCode).toBe(200);
      return res.json().barbers.map((b: { id: number }) => b.id);
    };
    expect(await listed()).not.toContain(fresh.barberId); // no services, no availability
    const service = await createService(sql, fresh.barberId!, { duration: 30 });
    expect(await listed()).not.toContain(fresh.barberId); // no availability
    await createBlocks(sql, fresh.barberId!, { days: [1], counties: ['palm_beach'] });
    expect(await listed()).toEqual([fresh.barberId]);
    await sql`UPDATE availability_blocks SET is_active = false WHERE barber_id = ${fresh.barberId}`;
    expect(await listed()).not.toContain(fresh.barberId);
    await sql`UPDATE availability_blocks SET is_active = true WHERE barber_id = ${fresh.barberId}`;
    await sql`UPDATE services SET is_active = false WHERE id = ${service.id}`;
    expect(await listed()).not.toContain(fresh.barberId);
  });
});
