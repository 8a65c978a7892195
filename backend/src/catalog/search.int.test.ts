import { addDaysLocal, dayOfWeekLocal, minutesOfDay, nowLocalParts, todayLocal } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createBlocks, createService, createUser, type UserFixture } from '../test/fixtures';
import { insertBooking } from './testData';

const t = useTestApp();

const today = todayLocal();
const day = addDaysLocal(today, 3);
const weekday = dayOfWeekLocal(day);

let customer: UserFixture;
let alex: UserFixture; // Miami-Dade, all cities, 09:00-14:00, a booking 10:00-11:00 with a 30-minute buffer
let bea: UserFixture; // Broward only
let cruz: UserFixture; // Miami-Dade, Miami Beach only
let dana: UserFixture; // blacklists 33130
let eli: UserFixture; // not verified
let finn: UserFixture; // inactive block only
let gus: UserFixture; // Palm Beach, every day, all day
let alexService: { id: number };
let danaService: { id: number };
let eliService: { id: number };
let gusService: { id: number };

/** A booking of Alex's on `day`, straight into the read model. */
const bookAlex = (startTime: string, more: { travelBuffer?: number; status?: string } = {}) =>
  insertBooking(t.db.sql, {
    customerId: customer.id,
    barberId: alex.barberId!,
    serviceId: alexService.id,
    date: day,
    startTime,
    ...more,
  });

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false });
  customer = await createUser(sql, 'customer');
  alex = await createUser(sql, 'barber');
  bea = await createUser(sql, 'barber', { cities: ['fort_lauderdale'] });
  cruz = await createUser(sql, 'barber');
  dana = await createUser(sql, 'barber');
  eli = await createUser(sql, 'barber', { verified: false });
  finn = await createUser(sql, 'barber');
  gus = await createUser(sql, 'barber', { cities: ['palm_beach'] });

  alexService = await createService(sql, alex.barberId!, { duration: 60, priceCents: 3500 });
  await createService(sql, alex.barberId!, { name: 'Kids cut', duration: 90, priceCents: 2500 });
  await createBlocks(sql, alex.barberId!, {
    days: [weekday],
    startTime: '09:00',
    endTime: '14:00',
    counties: ['miami_dade'],
    travelBuffer: 30,
  });
  await bookAlex('10:00', { travelBuffer: 30 });
  await bookAlex('12:00', { status: 'cancelled' }); // a cancelled booking holds nothing

  await createService(sql, bea.barberId!, { duration: 30, category: 'beard' });
  await createBlocks(sql, bea.barberId!, {
    days: [weekday],
    startTime: '09:00',
    endTime: '11:00',
    counties: ['broward'],
  });

  await createService(sql, cruz.barberId!, { duration: 30 });
  await createBlocks(sql, cruz.barberId!, {
    days: [weekday],
    startTime: '15:00',
    endTime: '16:00',
    counties: ['miami_dade'],
    cities: ['Miami Beach'],
  });

  danaService = await createService(sql, dana.barberId!, { duration: 30 });
  await createBlocks(sql, dana.barberId!, { days: [weekday], counties: ['miami_dade'] });
  await sql`UPDATE barbers SET blacklisted_zipcodes = '{33130}' WHERE id = ${dana.barberId}`;

  eliService = await createService(sql, eli.barberId!, { duration: 30 });
  await createBlocks(sql, eli.barberId!, { days: [weekday], counties: ['miami_dade'] });

  await createService(sql, finn.barberId!, { duration: 30 });
  await createBlocks(sql, finn.barberId!, { days: [weekday], counties: ['miami_dade'] });
  await sql`UPDATE availability_blocks SET is_active = false WHERE barber_id = ${finn.barberId}`;

  gusService = await createService(sql, gus.barberId!, { duration: 30 });
  await createBlocks(sql, gus.barberId!, { startTime: '00:00', endTime: '23:59', counties: ['palm_beach'] });
});

const search = (q: Record<string, string>) => new Client(t.app).get(`/api/search/barbers?${new URLSearchParams(q)}`);
const availability = (q: Record<string, string | number>) =>
  new Client(t.app).get(
    `/api/availability?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );
const ids = (barbers: { id: number }[]) => barbers.map((b) => b.id).sort((a, b) => a - b);
/** A booking cancelled in the read model: its held time freed. */
async function cancelBooking(id: string) {
  await t.db.sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${id}`;
  await t.db.sql`DELETE FROM barber_schedule WHERE booking_id = ${id}`;
}

describe('GET /api/search/barbers', () => {
  it('finds the verified barbers whose blocks serve the county and city, minus blacklists', async () => {
    const miami = await search({ date: day, zipcode: '33130' });
    expect(miami.status).toBe(200);
    expect(ids(miami.body.barbers)).toEqual([alex.barberId]);
    expect(miami.body.message).toBe('Found 1 available barber(s)');

    const beach = await search({ date: day, zipcode: '33139' });
    expect(ids(beach.body.barbers)).toEqual(
      ids([{ id: alex.barberId! }, { id: cruz.barberId! }, { id: dana.barberId! }]),
    );
    expect(beach.body.barbers.find((b: { id: number }) => b.id === cruz.barberId).actualCitiesServed).toEqual([
      'Miami Beach',
    ]);

    const lauderdale = await search({ date: day, zipcode: '33301' });
    expect(ids(lauderdale.body.barbers)).toEqual([bea.barberId]);
  });

  it('leaves out a barber with no active service: nothing to book, no slot to show', async () => {
    const hal = await createUser(t.db.sql, 'barber');
    const retired = await createService(t.db.sql, hal.barberId!, { duration: 30 });
    await t.db.sql`UPDATE services SET is_active = false WHERE id = ${retired.id}`;
    await createBlocks(t.db.sql, hal.barberId!, { days: [weekday], counties: ['miami_dade'] });
    try {
      expect(ids((await search({ date: day, zipcode: '33130' })).body.barbers)).toEqual([alex.barberId]);
      await t.db.sql`UPDATE services SET is_active = true WHERE id = ${retired.id}`;
      expect(ids((await search({ date: day, zipcode: '33130' })).body.barbers)).toContain(hal.barberId);
    } finally {
      await t.db.sql`DELETE FROM availability_blocks WHERE barber_id = ${hal.barberId}`;
    }
  });

  it('leaves out a barber whose services all cost less than the minimum booking amount: none can be booked', async () => {
    const ivy = await createUser(t.db.sql, 'barber');
    await createService(t.db.sql, ivy.barberId!, { duration: 30, priceCents: 1500 });
    await createBlocks(t.db.sql, ivy.barberId!, { days: [weekday], counties: ['miami_dade'] });
    const found = async () => ids((await search({ date: day, zipcode: '33130' })).body.barbers);
    try {
      await t.deps.settings.update({ minimumBookingAmount: 20 });
      expect(await found()).toEqual([alex.barberId]);
      await t.deps.settings.update({ minimumBookingAmount: 10 }); // the memo does not answer for the old minimum
      expect(await found()).toContain(ivy.barberId);
    } finally {
      await t.db.sql`DELETE FROM availability_blocks WHERE barber_id = ${ivy.barberId}`;
      await t.deps.settings.update({ minimumBookingAmount: 20 });
    }
  });

  it('answers repeated searches from memory only while nothing changed: a booking, a cancellation, a block and a service show at once', async () => {
    const slots = async () => (await search({ date: day, zipcode: '33130' })).body.barbers[0]?.availableSlots;
    const before = ['11:30', '12:00', '12:30', '13:00'];
    expect(await slots()).toEqual(before);
    expect(await slots()).toEqual(before); // from the memo
    const id = await bookAlex('12:00', { travelBuffer: 0 });
    expect(await slots()).toEqual(['13:00']);
    await cancelBooking(id);
    expect(await slots()).toEqual(before);
    await t.db.sql`UPDATE availability_blocks SET end_time = '15:00' WHERE barber_id = ${alex.barberId}`;
    expect(await slots()).toEqual([...before, '13:30', '14:00']);
    await t.db.sql`UPDATE services SET duration = 30 WHERE id = ${alexService.id}`;
    expect(await slots()).toEqual(['09:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30']);
    await t.db.sql`UPDATE services SET duration = 60 WHERE id = ${alexService.id}`;
    await t.db.sql`UPDATE availability_blocks SET end_time = '14:00' WHERE barber_id = ${alex.barberId}`;
    expect(await slots()).toEqual(before);
  });

  it('keeps the travel buffer clear of existing bookings, with the shortest active service', async () => {
    const [result] = (await search({ date: day, zipcode: '33130' })).body.barbers;
    // 60 minutes (the shortest service) + a 30-minute buffer around the held [10:00, 11:30)
    expect(result.availableSlots).toEqual(['11:30', '12:00', '12:30', '13:00']);
    expect(result).toMatchObject({
      rating: '0.00',
      startingPrice: '25.00',
      isVerified: true,
      nextAvailable: { date: expect.any(String), startTime: expect.any(String) },
      user: { username: alex.username },
    });
    expect(result.services.map((s: { price: string }) => s.price)).toEqual(['25.00', '35.00']);
    expect(result.actualCitiesServed).toEqual(expect.arrayContaining(['Miami', 'Hialeah', 'Miami Beach']));
  });

  it('hides slots outside the time range and barbers without the category', async () => {
    const ranged = await search({ date: day, zipcode: '33130', startTime: '12:00', endTime: '12:30' });
    expect(ranged.body.barbers[0].availableSlots).toEqual(['12:00', '12:30']);
    const none = await search({ date: day, zipcode: '33130', startTime: '06:00', endTime: '09:00' });
    expect(none.body).toEqual({
      barbers: [],
      message: 'No barbers found. Try adjusting your date, time range or search area.',
      total: 0,
      page: 1,
      pageSize: 20,
      hasMore: false,
    });
    expect((await search({ date: day, zipcode: '33130', serviceCategory: 'beard' })).body.barbers).toEqual([]);
    expect((await search({ date: day, zipcode: '33301', serviceCategory: 'beard' })).body.barbers).toHaveLength(1);
    expect((await search({ date: day, zipcode: '33130', serviceCategory: 'all' })).body.barbers).toHaveLength(1);
  });

  it('offers dates from today to 30 days ahead only', async () => {
    const last = await search({ date: addDaysLocal(today, 30), zipcode: '33480' });
    expect(ids(last.body.barbers)).toEqual([gus.barberId]);
    expect(last.body.barbers[0].availableSlots[0]).toBe('00:00');
    const beyond = await search({ date: addDaysLocal(today, 31), zipcode: '33480' });
    expect(beyond.body).toMatchObject({
      barbers: [],
      message: 'Please choose a date from today to 30 days ahead.',
      total: 0,
      hasMore: false,
    });
    expect((await search({ date: addDaysLocal(today, -1), zipcode: '33480' })).body.barbers).toEqual([]);
  });

  it("follows the booking rules' injected clock, as the booking command does", async () => {
    // 20 days on: a date 31 days from today is inside the window, today is past
    t.deps.clock = () => new Date(Date.now() + 20 * 86_400_000);
    try {
      const ahead = addDaysLocal(today, 31);
      expect(ids((await search({ date: ahead, zipcode: '33480' })).body.barbers)).toEqual([gus.barberId]);
      const open = await availability({ zipcode: '33480', date: ahead, serviceId: gusService.id });
      expect(open.body.barbers[0].availableSlots).toContain('10:00');
      expect((await search({ date: today, zipcode: '33480' })).body.barbers).toEqual([]);
      expect((await availability({ zipcode: '33480', date: today, serviceId: gusService.id })).body).toMatchObject({
        barbers: [],
        searchStatus: 'no_availability',
      });
    } finally {
      t.deps.clock = undefined;
    }
  });

  it('offers today only the times later than now in New York', async () => {
    const before = nowLocalParts().minutes;
    const res = await search({ date: today, zipcode: '33480' });
    const after = nowLocalParts().minutes;
    const slots: string[] = res.body.barbers[0]?.availableSlots ?? [];
    expect(slots.every((s) => minutesOfDay(s) > before)).toBe(true);
    // every later grid time up to 23:00 (a 30-minute service in a block ending 23:59) is offered
    const laterGridTimes = (now: number) => Math.max(0, 46 - Math.floor(now / 30));
    expect(slots.length).toBeLessThanOrEqual(laterGridTimes(before));
    expect(slots.length).toBeGreaterThanOrEqual(laterGridTimes(after));
  });

  it('answers an empty list for a zipcode outside the area and 400 for a malformed one', async () => {
    expect((await search({ date: day, zipcode: '99999' })).body).toMatchObject({
      barbers: [],
      message: 'This zipcode is not in our service area.',
      total: 0,
    });
    const bad = await search({ date: day, zipcode: '331' });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: expect.stringContaining('Please enter a valid zipcode') },
    });
    expect((await search({ zipcode: '33130' })).status).toBe(400);
  });
});

describe('GET /api/availability', () => {
  it('answers the barber of the service with free times and the location', async () => {
    const res = await availability({ zipcode: '33130', date: day, serviceId: alexService.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      barbers: [{ barberId: alex.barberId, availableSlots: ['11:30', '12:00', '12:30', '13:00'] }],
      searchStatus: 'success',
      message: '4 available times',
      location: { city: 'Miami', county: 'miami_dade' },
    });
  });

  it('uses the chosen service duration', async () => {
    const [kids] = await t.db.sql<
      { id: number }[]
    >`SELECT id FROM services WHERE barber_id = ${alex.barberId} AND name = 'Kids cut'`;
    const res = await availability({ zipcode: '33130', date: day, serviceId: kids!.id });
    expect(res.body.barbers[0].availableSlots).toEqual(['11:30', '12:00', '12:30']);
  });

  it('says when the barber does not serve the area or blacklisted the zipcode', async () => {
    const away = await availability({ zipcode: '33301', date: day, serviceId: alexService.id });
    expect(away.body).toMatchObject({
      barbers: [],
      searchStatus: 'no_service_area',
      message: "This barber doesn't serve your area.",
      location: { city: 'Fort Lauderdale', county: 'broward' },
    });
    const blacklisted = await availability({ zipcode: '33130', date: day, serviceId: danaService.id });
    expect(blacklisted.body).toMatchObject({
      searchStatus: 'no_service_area',
      message: "This barber doesn't serve your area.",
    });
    expect((await availability({ zipcode: '33139', date: day, serviceId: danaService.id })).body.searchStatus).toBe(
      'success',
    );
  });

  it('says when there is no free time that day or outside the window', async () => {
    const otherDay = await availability({ zipcode: '33130', date: addDaysLocal(day, 1), serviceId: alexService.id });
    expect(otherDay.body).toMatchObject({
      barbers: [],
      searchStatus: 'no_availability',
      message: 'No available times for this date and service',
    });
    const beyond = await availability({ zipcode: '33480', date: addDaysLocal(today, 31), serviceId: gusService.id });
    expect(beyond.body.searchStatus).toBe('no_availability');
    const last = await availability({ zipcode: '33480', date: addDaysLocal(today, 30), serviceId: gusService.id });
    expect(last.body.searchStatus).toBe('success');
  });

  it('offers no time for a service cheaper than the minimum booking amount, and says why', async () => {
    const cheap = await createService(t.db.sql, alex.barberId!, { name: 'Line up', duration: 30, priceCents: 1000 });
    try {
      const res = await availability({ zipcode: '33130', date: day, serviceId: cheap.id });
      expect(res.body).toMatchObject({
        barbers: [],
        searchStatus: 'no_availability',
        message: 'Booking amount must be at least $20',
      });
    } finally {
      await t.db.sql`UPDATE services SET is_active = false WHERE id = ${cheap.id}`;
    }
  });

  it('answers invalid_zipcode for a zipcode outside the table', async () => {
    for (const zipcode of ['99999', 'abc', '3313']) {
      const res = await availability({ zipcode, date: day, serviceId: alexService.id });
      expect(res.body).toEqual({
        barbers: [],
        searchStatus: 'invalid_zipcode',
        message: 'Please enter a valid zipcode in our service area.',
        location: { city: null, county: null },
      });
    }
  });

  it('answers 404 for an unknown service or an unverified barber, 400 for bad input', async () => {
    expect((await availability({ zipcode: '33130', date: day, serviceId: 999999 })).status).toBe(404);
    expect((await availability({ zipcode: '33130', date: day, serviceId: eliService.id })).body).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await availability({ zipcode: '33130', date: 'tomorrow', serviceId: alexService.id })).status).toBe(400);
    expect((await availability({ zipcode: '33130', date: day, serviceId: 'x' })).status).toBe(400);
  });

  it('takes the time of a new booking at once and frees it when the booking is cancelled', async () => {
    const slots = async () =>
      (await availability({ zipcode: '33130', date: day, serviceId: alexService.id })).body.barbers[0].availableSlots;
    const id = await bookAlex('12:00', { travelBuffer: 0 });
    expect(await slots()).toEqual(['13:00']);
    await cancelBooking(id);
    expect(await slots()).toEqual(['11:30', '12:00', '12:30', '13:00']);
  });
});

describe('GET /api/barbers and GET /api/barbers/:id', () => {
  it('lists bookable verified barbers only, with next free slot and starting price', async () => {
    const res = await new Client(t.app).get('/api/barbers');
    expect(res.status).toBe(200);
    const listed = ids(res.body.barbers);
    expect(listed).toContain(alex.barberId);
    expect(listed).not.toContain(eli.barberId);
    // an inactive availability block only: cannot be booked, so not advertised (issue 11 item 5)
    expect(listed).not.toContain(finn.barberId);
    expect(res.body.barbers.find((b: { id: number }) => b.id === alex.barberId)).toMatchObject({
      startingPrice: '25.00',
    });
    const gusListing = res.body.barbers.find((b: { id: number }) => b.id === gus.barberId);
    expect(gusListing.nextAvailable.date).toBe(
      minutesOfDay('23:00') > nowLocalParts().minutes ? today : addDaysLocal(today, 1),
    );
  });

  it('filters by region and service category', async () => {
    const palm = await new Client(t.app).get('/api/barbers?city=palm_beach');
    expect(ids(palm.body.barbers)).toEqual([gus.barberId]);
    const beard = await new Client(t.app).get('/api/barbers?city=all&serviceCategory=beard');
    expect(ids(beard.body.barbers)).toEqual([bea.barberId]);
    expect((await new Client(t.app).get('/api/barbers?city=paris')).status).toBe(400);
  });

  it('answers one barber with services and reviews, 404 for unknown or unverified', async () => {
    const res = await new Client(t.app).get(`/api/barbers/${alex.barberId}`);
    expect(res.status).toBe(200);
    expect(res.body.barber.id).toBe(alex.barberId);
    expect(res.body.services).toHaveLength(2);
    expect(res.body.reviews).toEqual([]);
    expect((await new Client(t.app).get(`/api/barbers/${eli.barberId}`)).body).toEqual({
      message: 'Barber not found',
      code: 'NOT_FOUND',
    });
    expect((await new Client(t.app).get('/api/barbers/999999')).status).toBe(404);
    expect((await new Client(t.app).get('/api/barbers/abc')).status).toBe(400);
  });
});
