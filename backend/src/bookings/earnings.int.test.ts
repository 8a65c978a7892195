import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import * as kit from './testkit';

/*
 * Issue 11 item 10: the Earnings screen built its charts in the browser from up to 20 sequential page
 * requests, guessed "New Clients" as 40% of the bookings and its Export only showed a toast. One call now
 * answers totals, the period before, the series and the split by service; a second downloads the CSV.
 * Issue 11 item 11: the calendar marks past days from GET /api/barber-bookings/dates.
 */

const t = useTestApp();
kit.useBookingRules(t);
let barber: kit.BookableBarber;
let otherBarber: kit.BookableBarber;
let ana: kit.Person;
let ben: kit.Person;
let admin: kit.Person;

/** Books at `date` 10:00 (fee collection off), saves details, confirms and, on the day, completes it. */
async function completed(
  who: kit.Person,
  date: string,
  startTime = '10:00',
  withBarber: kit.BookableBarber = barber,
): Promise<string> {
  const res = await who.client.post(
    '/api/bookings',
    kit.bookingBody(withBarber, { date: `${date}T00:00:00.000Z`, startTime }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = `/api/bookings/${res.body.booking.id}`;
  expect((await who.client.put(`${url}/status`, kit.details)).status).toBe(200);
  expect((await who.client.put(`${url}/status`, { status: 'confirmed' })).status).toBe(200);
  kit.clockAtAppointment(t, { date, startTime });
  expect((await withBarber.client.put(`${url}/status`, { status: 'in_progress' })).status).toBe(200);
  expect((await withBarber.client.put(`${url}/status`, { status: 'completed' })).status).toBe(200);
  kit.setClock(t, undefined);
  return res.body.booking.id as string;
}

let ids: string[];

beforeAll(async () => {
  barber = await kit.bookableBarber(t, { priceCents: 3500 });
  otherBarber = await kit.bookableBarber(t, { priceCents: 5000 });
  [ana, ben, admin] = await kit.signedInAs(t, 'customer', 'customer', 'admin');
  // Ana first comes on day 3 and again on day 5; Ben first comes on day 5; Ana also sees another barber on day 6.
  ids = [
    await completed(ana, kit.inDays(3)),
    await completed(ana, kit.inDays(5), '11:00'),
    await completed(ben, kit.inDays(5)),
  ];
  await completed(ana, kit.inDays(6), '10:00', otherBarber);
  // A cancelled booking on day 9 counts nowhere in earnings, but the calendar marks its day.
  const cancelled = await ben.client.post(
    '/api/bookings',
    kit.bookingBody(barber, { date: `${kit.inDays(9)}T00:00:00.000Z`, startTime: '09:00' }),
  );
  expect(
    (await ben.client.put(`/api/bookings/${cancelled.body.booking.id}/status`, { status: 'cancelled' })).status,
  ).toBe(200);
});
describe('GET /api/barber/earnings', () => {
  it('answers totals, new clients from real first bookings, the period before, a daily series and the service split in one call', async () => {
    const res = await barber.client.get(`/api/barber/earnings?startDate=${kit.inDays(4)}&endDate=${kit.inDays(6)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // two completed bookings of $35 in the range; only Ben is new (Ana's first was on day 3)
    expect(res.body.earnings).toEqual({
      totalBookings: 2,
      totalRevenue: 70,
      netRevenue: 70,
      platformFees: 0,
      newClients: 1,
    });
    expect(res.body.previous).toEqual({
      startDate: kit.inDays(1),
      endDate: kit.inDays(3),
      totalBookings: 1,
      totalRevenue: 35,
      netRevenue: 35,
      platformFees: 0,
      newClients: 1,
    });
    expect(res.body.series).toEqual({
      unit: 'day',
      points: [
        { start: kit.inDays(4), revenue: 0, fees: 0, net: 0, bookings: 0 },
        { start: kit.inDays(5), revenue: 70, fees: 0, net: 70, bookings: 2 },
        { start: kit.inDays(6), revenue: 0, fees: 0, net: 0, bookings: 0 },
      ],
    });
    expect(res.body.byService).toEqual([{ name: expect.any(String), revenue: 70, count: 2 }]);
  });

  it('buckets a long range by month, and never counts another barber', async () => {
    const res = await barber.client.get(`/api/barber/earnings?startDate=${kit.inDays(-200)}&endDate=${kit.inDays(20)}`);
    expect(res.body.series.unit).toBe('month');
    expect(res.body.earnings).toMatchObject({ totalBookings: 3, totalRevenue: 105, newClients: 2 });
    const sum = res.body.series.points.reduce((n: number, p: { bookings: number }) => n + p.bookings, 0);
    expect(sum).toBe(3);
    expect(res.body.series.points[0].start).toBe(kit.inDays(-200));
  });

  it('refuses a reversed or too long range with 400', async () => {
    expect(
      (await barber.client.get(`/api/barber/earnings?startDate=${kit.inDays(5)}&endDate=${kit.inDays(4)}`)).status,
    ).toBe(400);
    expect(
      (await barber.client.get(`/api/barber/earnings?startDate=${kit.inDays(-1000)}&endDate=${kit.inDays(4)}`)).status,
    ).toBe(400);
  });
});

describe('GET /api/barber/earnings/export', () => {
  it('downloads text/csv with one row per completed booking in the range and a totals row', async () => {
    const res = await barber.client.get(
      `/api/barber/earnings/export?startDate=${kit.inDays(0)}&endDate=${kit.inDays(10)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="earnings-${kit.inDays(0)}-to-${kit.inDays(10)}.csv"`,
    );
    expect(String(res.body).startsWith('\ufeff')).toBe(true); // a UTF-8 byte order mark: Excel reads "José" as written
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Start,End,Booking ID,Customer,Service,Total,Platform Fee,Net Earnings');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[1]).toContain(`${kit.inDays(3)},10:00,10:30,${ids[0]},`);
    expect(lines[1]).toMatch(/,35\.00,0\.00,35\.00$/);
    expect(lines[4]).toBe('Total,,,3 completed bookings,,,105.00,0.00,105.00');
  });

  it("is the barber's own: another barber may not name them", async () => {
    const res = await otherBarber.client.get(`/api/barber/earnings/export?barberId=${barber.barberId}`);
    expect(res.status).toBe(403);
    const named = await admin.client.get(
      `/api/barber/earnings/export?barberId=${barber.barberId}&startDate=${kit.inDays(0)}&endDate=${kit.inDays(10)}`,
    );
    expect(String(named.body).trim().split('\r\n')).toHaveLength(5);
  });
});

describe('GET /api/barber-bookings/dates', () => {
  it('marks every day with a booking, past or cancelled, within the asked dates', async () => {
    const res = await barber.client.get(`/api/barber-bookings/dates?from=${kit.inDays(0)}&to=${kit.inDays(30)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dates: [kit.inDays(3), kit.inDays(5), kit.inDays(9)] });
    expect(
      (await barber.client.get(`/api/barber-bookings/dates?from=${kit.inDays(4)}&to=${kit.inDays(8)}`)).body,
    ).toEqual({
      dates: [kit.inDays(5)],
    });
  });

  it('refuses a reversed range and one longer than 62 days', async () => {
    expect(
      (await barber.client.get(`/api/barber-bookings/dates?from=${kit.inDays(5)}&to=${kit.inDays(4)}`)).status,
    ).toBe(400);
    expect(
      (await barber.client.get(`/api/barber-bookings/dates?from=${kit.inDays(0)}&to=${kit.inDays(70)}`)).status,
    ).toBe(400);
  });
});
