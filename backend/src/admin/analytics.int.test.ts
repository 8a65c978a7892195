import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { keptAmounts } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { bookingsReport } from './reports';
import { createService, createUser, PASSWORD, type UserFixture } from '../test/fixtures';

/*
 * Analytics and Reports (issue 11 item 12). The bookings read model is filled directly with rows of known
 * dates, statuses and amounts (past dates included, which the booking commands would refuse), so that each
 * figure can be checked exactly; the calls under test are the API's.
 */

const t = useTestApp();
let admin: Client;
let customer: UserFixture;
let anna: UserFixture; // barber, Miami
let bruno: UserFixture; // barber, Palm Beach
let serviceA: number;
let serviceB: number;

interface Row {
  barber: UserFixture;
  service: number;
  date: string;
  status: string;
  total: number; // cents
  fee: number;
  city: string;
  zipcode: string;
  feeCollection?: boolean;
  paid?: boolean;
  refunded?: boolean;
  /** What was given back (a refund made in Stripe's dashboard may be part of the total). */
  refundedCents?: number;
}

async function insertBooking(r: Row): Promise<string> {
  const id = randomUUID();
  await t.db.sql`
    INSERT INTO bookings (id, version, customer_id, barber_id, service_id, date, start_time, end_time, starts_at, ends_at,
                          duration_minutes, status, total_cents, platform_fee_cents, barber_amount_cents, fee_collection_enabled,
                          city, display_city, zipcode, paid, refunded, refunded_cents, created_at, updated_at)
    VALUES (${id}, 1, ${customer.id}, ${r.barber.barberId!}, ${r.service}, ${r.date}::date, '10:00', '10:30',
            (${r.date}::date + time '10:00') AT TIME ZONE 'America/New_York', (${r.date}::date + time '10:30') AT TIME ZONE 'America/New_York',
            30, ${r.status}, ${r.total}, ${r.fee}, ${r.total - r.fee}, ${r.feeCollection ?? true}, ${r.city}, null, ${r.zipcode},
            ${r.paid ?? false}, ${r.refunded ?? false}, ${r.refundedCents ?? 0}, now(), now())`;
  return id;
}

const miami = { city: 'miami', zipcode: '33139' };
const palm = { city: 'palm_beach', zipcode: '33401' };

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false });
  const adminUser = await createUser(sql, 'admin');
  admin = new Client(t.app);
  await admin.login(adminUser.username, PASSWORD);
  customer = await createUser(sql, 'customer');
  await sql`UPDATE users SET full_name = 'Cora Customer' WHERE id = ${customer.id}`;
  anna = await createUser(sql, 'barber');
  await sql`UPDATE users SET full_name = 'Anna Blade' WHERE id = ${anna.id}`;
  bruno = await createUser(sql, 'barber', { cities: ['palm_beach'] });
  await sql`UPDATE users SET full_name = '=Bruno Fade' WHERE id = ${bruno.id}`;
  serviceA = (await createService(sql, anna.barberId!, { name: 'Skin Fade' })).id;
  serviceB = (await createService(sql, bruno.barberId!, { name: 'Beard, Trim "Deluxe"' })).id;

  // Every fee is 10% of the total.
  const annas = (date: string, status: string, total: number, more: Partial<Row> = {}) =>
    insertBooking({ barber: anna, service: serviceA, date, status, total, fee: total / 10, ...miami, ...more });
  const brunos = (date: string, status: string, total: number, more: Partial<Row> = {}) =>
    insertBooking({ barber: bruno, service: serviceB, date, status, total, fee: total / 10, ...palm, ...more });
  // 2026-03-01 .. 2026-03-03, plus one row before and one after the range asked for below.
  await annas('2026-03-01', 'completed', 5000, { paid: true });
  await annas('2026-03-01', 'completed', 3000, { feeCollection: false });
  await annas('2026-03-03', 'cancelled', 3000);
  // 10 of 40 refunded in Stripe's dashboard after the service: 30 kept (27 for Bruno, 3 of fees); and a full refund.
  await brunos('2026-03-03', 'completed', 4000, { paid: true, refundedCents: 1000 });
  await brunos('2026-03-03', 'completed', 4000, { paid: true, refunded: true, refundedCents: 4000 });
  await brunos('2026-03-02', 'no_show', 4000);
  await brunos('2026-03-02', 'confirmed', 4000);
  await annas('2026-02-28', 'completed', 9900);
  await annas('2026-03-04', 'completed', 9900);
});

const range = 'startDate=2026-03-01&endDate=2026-03-03';

describe('GET /api/admin/analytics', () => {
  it('answers the totals, every day, every region and the top barbers of the range in one call', async () => {
    const res = await admin.get(`/api/admin/analytics?${range}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body.startDate).toBe('2026-03-01');
    expect(body.endDate).toBe('2026-03-03');
    expect(body.totals).toEqual({
      bookings: 7,
      completed: 4,
      revenue: 110,
      platformFees: 11,
      cancellations: 1,
      noShows: 1,
    });
    expect(body.byDay).toEqual([
      { date: '2026-03-01', bookings: 2, completed: 2, revenue: 80, platformFees: 8, cancellations: 0, noShows: 0 },
      { date: '2026-03-02', bookings: 2, completed: 0, revenue: 0, platformFees: 0, cancellations: 0, noShows: 1 },
      { date: '2026-03-03', bookings: 3, completed: 2, revenue: 30, platformFees: 3, cancellations: 1, noShows: 0 },
    ]);
    expect(body.byRegion.map((r: { region: string }) => r.region)).toEqual([
      'miami',
      'boca_raton',
      'fort_lauderdale',
      'palm_beach',
    ]);
    expect(body.byRegion.find((r: { region: string }) => r.region === 'miami')).toMatchObject({
      label: 'Miami, FL',
      bookings: 3,
      completed: 2,
      revenue: 80,
      cancellations: 1,
    });
    expect(body.byRegion.find((r: { region: string }) => r.region === 'palm_beach')).toMatchObject({
      bookings: 4,
      completed: 2,
      revenue: 30,
      noShows: 1,
    });
    expect(body.byRegion.find((r: { region: string }) => r.region === 'boca_raton')).toMatchObject({
      bookings: 0,
      revenue: 0,
    });
    // Revenue less refunds ranks them.
    expect(body.topBarbers).toEqual([
      { barberId: anna.barberId, name: 'Anna Blade', completed: 2, bookings: 3, revenue: 80, platformFees: 8 },
      { barberId: bruno.barberId, name: '=Bruno Fade', completed: 2, bookings: 4, revenue: 30, platformFees: 3 },
    ]);
  });

  it('defaults to the last 30 days and refuses bad ranges with 400', async () => {
    const res = await admin.get('/api/admin/analytics');
    expect(res.status).toBe(200);
    expect(res.body.byDay).toHaveLength(30);
    expect(res.body.byDay.at(-1).date).toBe(res.body.endDate);
    for (const bad of [
      'startDate=2026-03-04&endDate=2026-03-01',
      'startDate=2026-02-30&endDate=2026-03-01',
      'startDate=yesterday',
      'startDate=2024-01-01&endDate=2026-03-01',
      'startDate=2020-01-01',
    ]) {
      const refused = await admin.get(`/api/admin/analytics?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message, bad).toBeTruthy();
    }
  });
});

describe('GET /api/admin/reports/{kind}', () => {
  // the files start with a UTF-8 byte order mark, so that Excel reads "José" as written
  const rows = (text: string) => {
    expect(text.startsWith('\ufeff')).toBe(true);
    return parse(text, { relax_column_count: true, bom: true }) as string[][];
  };

  it('downloads the bookings of the range as CSV, with the range in the file name and a totals row', async () => {
    const res = await admin.get(`/api/admin/reports/bookings?${range}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bookings-2026-03-01-to-2026-03-03.csv"');
    const table = rows(res.body as string);
    expect(table[0]!.join(', ')).toBe(
      'Booking ID, Date, Start, End, Status, Region, City, Customer, Customer Email, Barber, Barber Email, Service, ' +
        'Total, Platform Fee, Barber Amount, Paid, Refunded, Cancellation Reason',
    );
    expect(table).toHaveLength(1 + 7 + 1);
    expect(table.slice(1, -1).map((r) => r[1])).toEqual([
      '2026-03-01',
      '2026-03-01',
      '2026-03-02',
      '2026-03-02',
      '2026-03-03',
      '2026-03-03',
      '2026-03-03',
    ]);
    // A quote and a comma survive; a cell starting with '=' is not a formula.
    expect(table.some((r) => r[11] === 'Beard, Trim "Deluxe"')).toBe(true);
    expect(table.some((r) => r[9] === "'=Bruno Fade")).toBe(true);
    expect(table.at(-1)!.slice(0, 2)).toEqual(['Totals', '7 bookings']);
    expect(table.at(-1)!.slice(12, 15)).toEqual(['270.00', '27.00', '243.00']);
    // Refunded: the amount given back, so a part refund shows as one.
    const brunoCompleted = table.filter((r) => r[9] === "'=Bruno Fade" && r[4] === 'Completed');
    expect(brunoCompleted.map((r) => r[16]).sort()).toEqual(['10.00', '40.00']);
    expect(table.find((r) => r[9] === 'Anna Blade')![16]).toBe('0.00');
  });

  it('earnings per barber and payouts owed (paid through the platform, not refunded)', async () => {
    const earnings = await admin.get(`/api/admin/reports/earnings?${range}`);
    expect(earnings.status).toBe(200);
    expect(earnings.headers['content-disposition']).toBe(
      'attachment; filename="earnings-per-barber-2026-03-01-to-2026-03-03.csv"',
    );
    const e = rows(earnings.body as string);
    expect(e[0]).toEqual([
      'Barber ID',
      'Barber',
      'Email',
      'Bookings',
      'Completed',
      'Gross Revenue',
      'Platform Fees',
      'Barber Earnings',
    ]);
    expect(e.find((r) => r[1] === 'Anna Blade')!.slice(3)).toEqual(['3', '2', '80.00', '8.00', '72.00']);
    // Bruno's: 30 kept of a part-refunded 40, nothing of the one refunded in full.
    expect(e.find((r) => r[1] === "'=Bruno Fade")!.slice(3)).toEqual(['4', '2', '30.00', '3.00', '27.00']);
    expect(e.at(-1)).toEqual(['Totals', '2 barbers', '', '7', '4', '110.00', '11.00', '99.00']);

    const payouts = await admin.get(`/api/admin/reports/payouts?${range}`);
    expect(payouts.headers['content-disposition']).toBe('attachment; filename="payouts-2026-03-01-to-2026-03-03.csv"');
    const p = rows(payouts.body as string);
    expect(p[0]).toEqual(['Barber ID', 'Barber', 'Email', 'Paid Completed Bookings', 'Amount Owed']);
    // Anna: one paid booking of 50 (fee 5) owes 45; her fee-collection-off booking was paid to her directly.
    // Bruno: two paid, one refunded in full, and 10 of the other's 40 given back: the refund shared by the fee and
    // his share in the booking's proportions, 36 - 9 = 27.
    expect(p.find((r) => r[1] === 'Anna Blade')!.slice(3)).toEqual(['1', '45.00']);
    expect(p.find((r) => r[1] === "'=Bruno Fade")!.slice(3)).toEqual(['1', '27.00']);
    expect(p.at(-1)).toEqual(['Totals', '2 barbers', '', '2', '72.00']);
  });

  it('sends the bookings a batch at a time, read by a cursor that a download given up closes', async () => {
    const res = await admin.get(`/api/admin/reports/bookings?${range}`);
    // streamed: the length is not known before the last row is read
    expect(res.headers['content-length']).toBeUndefined();
    const whole = { startDate: '2026-03-01', endDate: '2026-03-03' };
    const parts: string[] = [];
    for await (const part of await bookingsReport(t.db.sql, whole, 2)) parts.push(String(part));
    expect(parts.length).toBeGreaterThanOrEqual(4); // the header, then the rows two at a time (7), then the totals
    expect(parts.join('')).toBe(res.body);

    const reading = async () =>
      (
        await t.db.sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state <> 'idle' AND query LIKE '%AS customer_email%'
             AND pid <> pg_backend_pid()`
      )[0]!.n;
    const stream = await bookingsReport(t.db.sql, whole, 2);
    expect(await reading()).toBe(1); // the cursor, open
    for await (const _header of stream) break; // the download stops after its first part
    await expect.poll(reading, { timeout: 5000 }).toBe(0);
    expect((await admin.get(`/api/admin/reports/bookings?${range}`)).body).toBe(res.body);
  });

  it('refuses an unknown report and a bad range with 400', async () => {
    expect((await admin.get(`/api/admin/reports/everything?${range}`)).status).toBe(400);
    expect((await admin.get('/api/admin/reports/bookings?startDate=2026-03-05&endDate=2026-03-01')).status).toBe(400);
  });
});

describe('the kept amounts of migration 028', () => {
  it('are what keptAmounts (shared, used by the admin dashboard) says, cent for cent', async () => {
    const cases = [
      { total: 4500, fee: 450, refundedCents: 0 },
      { total: 4000, fee: 400, refundedCents: 1000 },
      { total: 3333, fee: 333, refundedCents: 1001 },
      { total: 2, fee: 1, refundedCents: 1 },
      { total: 4500, fee: 450, refundedCents: 4500 },
      { total: 4500, fee: 450, refundedCents: 1000, refunded: true },
      { total: 4500, fee: 450, refundedCents: 9000 },
    ];
    for (const c of cases) {
      // dated outside every range the other tests ask for
      const id = await insertBooking({
        barber: anna,
        service: serviceA,
        date: '2025-01-02',
        status: 'completed',
        ...miami,
        ...c,
      });
      const [row] = await t.db.sql<{ total: number; platformFee: number; barberAmount: number }[]>`
        SELECT kept_total_cents AS total, kept_fee_cents AS "platformFee", kept_barber_cents AS "barberAmount"
          FROM bookings WHERE id = ${id}`;
      const expected = keptAmounts({
        totalCents: c.total,
        barberAmountCents: c.total - c.fee,
        refundedCents: c.refundedCents,
        refunded: c.refunded ?? false,
      });
      expect(row, JSON.stringify(c)).toEqual(expected);
    }
  });
});

describe('admin only', () => {
  it('refuses visitors, customers and barbers', async () => {
    const visitor = new Client(t.app);
    const asCustomer = new Client(t.app);
    await asCustomer.login(customer.username, PASSWORD);
    const asBarber = new Client(t.app);
    await asBarber.login(anna.username, PASSWORD);
    for (const url of [
      `/api/admin/analytics?${range}`,
      `/api/admin/reports/bookings?${range}`,
      '/api/admin/bookings?q=anna',
    ]) {
      expect((await visitor.get(url)).status, url).toBe(401);
      expect((await asCustomer.get(url)).status, url).toBe(403);
      expect((await asBarber.get(url)).status, url).toBe(403);
    }
  });
});
