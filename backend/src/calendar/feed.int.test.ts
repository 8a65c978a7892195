import { createHash } from 'node:crypto';
import { toInstant } from '@barber/shared';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import * as kit from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client, type Answer } from '../test/client';

/*
 * Issue 13 part 3: the barber's private iCalendar feed and the customer's .ics, through the API. Every
 * calendar answer is parsed by ical.js (Mozilla's RFC 5545 parser, the one Thunderbird uses), so a
 * malformed file fails here rather than in someone's calendar.
 */

const t = useTestApp({ env: { PUBLIC_URL: 'https://barbers.example' } });
let barber: kit.BookableBarber;
let customer: kit.Person;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false, feeCollectionEnabled: false });
  [barber, customer] = await kit.barberAnd(t, 'customer');
});

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  status: string;
  summary: string;
  location: string;
}

/** The VEVENTs of a calendar answer, after checking it is one and that ical.js reads it. */
function eventsOf(res: Answer): ParsedEvent[] {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const text = res.body as string;
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((e) => ({
    uid: String(e.getFirstPropertyValue('uid')),
    sequence: Number(e.getFirstPropertyValue('sequence')),
    start: (e.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    end: (e.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate(),
    status: String(e.getFirstPropertyValue('status')),
    summary: String(e.getFirstPropertyValue('summary')),
    location: String(e.getFirstPropertyValue('location')),
  }));
}

/** Book with the barber and save the contact details (so the booking has an address). */
async function book(startTime: string, day = 3): Promise<{ id: string; version: number }> {
  const res = await customer.client.post(
    '/api/bookings',
    kit.bookingBody(barber, { startTime, date: `${kit.inDays(day)}T00:00:00.000Z` }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const saved = await customer.client.put(`/api/bookings/${res.body.booking.id}/status`, kit.details);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.booking;
}

/** The feed's path on this app, from the URL the API gives (which is under PUBLIC_URL). */
async function feedPath(client: Client): Promise<string> {
  const res = await client.get('/api/barber/calendar-feed');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.url);
  expect(url.origin).toBe('https://barbers.example');
  return url.pathname;
}

const anonymous = () => new Client(t.app);

describe("the barber's calendar feed", () => {
  it('is a secret link under PUBLIC_URL, the same on every call, stored only as a hash', async () => {
    const first = await barber.client.get('/api/barber/calendar-feed');
    expect(first.body.url).toMatch(/^https:\/\/barbers\.example\/api\/calendar\/[\w-]{43}\.ics$/);
    expect((await barber.client.get('/api/barber/calendar-feed')).body).toEqual(first.body);
    const token = /\/([\w-]{43})\.ics$/.exec(first.body.url)![1]!;
    const rows = await t.db.sql`SELECT * FROM calendar_feeds WHERE barber_id = ${barber.barberId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers text/calendar without a session: one VEVENT per booking, UID the booking id, SEQUENCE its version, the address as LOCATION', async () => {
    const booking = await book('10:00');
    const res = await anonymous().get(await feedPath(barber.client));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-security-policy']).toBeDefined(); // the security headers stay on
    expect(res.headers['set-cookie']).toBeUndefined(); // a calendar app's fetch leaves no session behind
    const event = eventsOf(res).find((e) => e.uid === booking.id);
    expect(event).toMatchObject({
      sequence: booking.version,
      status: 'TENTATIVE', // pending: not paid yet
      location: '1200 Ocean Dr, Miami Beach, 4B, FL 33139',
    });
    expect(event!.start.toISOString()).toBe(toInstant(kit.inDays(3), '10:00').toISOString());
    expect(event!.end.toISOString()).toBe(toInstant(kit.inDays(3), '10:30').toISOString());
    expect(event!.summary).toMatch(/^Haircut · Test customer/);
    expect(res.body).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/); // UTC: valid for Google and Apple without a VTIMEZONE
  });

  it('a feed fetched after a reschedule shows the new time with a higher SEQUENCE', async () => {
    const booking = await book('12:00');
    const path = await feedPath(barber.client);
    const before = eventsOf(await anonymous().get(path)).find((e) => e.uid === booking.id)!;
    const moved = await barber.client.put(`/api/bookings/${booking.id}/update`, {
      isEditingDateTime: true,
      date: `${kit.inDays(5)}T00:00:00.000Z`,
      startTime: '15:00',
      endTime: '15:30',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = eventsOf(await anonymous().get(path)).filter((e) => e.uid === booking.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.start.toISOString()).toBe(toInstant(kit.inDays(5), '15:00').toISOString());
    expect(after[0]!.end.toISOString()).toBe(toInstant(kit.inDays(5), '15:30').toISOString());
    expect(after[0]!.sequence).toBe(moved.body.booking.version);
    expect(after[0]!.sequence).toBeGreaterThan(before.sequence);
  });

  it('keeps a cancelled booking as STATUS:CANCELLED with a higher SEQUENCE', async () => {
    const booking = await book('14:00');
    const path = await feedPath(barber.client);
    const cancelled = await customer.client.put(`/api/bookings/${booking.id}/status`, {
      status: 'cancelled',
      reason: 'Out of town',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const event = eventsOf(await anonymous().get(path)).find((e) => e.uid === booking.id);
    expect(event).toMatchObject({ status: 'CANCELLED', sequence: cancelled.body.booking.version });
    expect(event!.sequence).toBeGreaterThan(booking.version);
  });

  it("lists only that barber's bookings, from 30 days ago on", async () => {
    const other = await kit.bookableBarber(t);
    const mine = await book('16:00');
    const theirs = await customer.client.post('/api/bookings', kit.bookingBody(other, { startTime: '16:00' }));
    expect(theirs.status).toBe(201);
    const old = await book('17:00');
    await t.db.sql`UPDATE bookings SET date = date - 40 WHERE id = ${old.id}`;
    const uids = eventsOf(await anonymous().get(await feedPath(barber.client))).map((e) => e.uid);
    expect(uids).toContain(mine.id);
    expect(uids).not.toContain(theirs.body.booking.id);
    expect(uids).not.toContain(old.id);
    const otherUids = eventsOf(await anonymous().get(await feedPath(other.client))).map((e) => e.uid);
    expect(otherUids).toEqual([theirs.body.booking.id]);
  });

  it('"Regenerate link" gives a new link; the old one answers 404, as a wrong one does', async () => {
    const oldPath = await feedPath(barber.client);
    expect((await anonymous().get(oldPath)).status).toBe(200);
    const regenerated = await barber.client.post('/api/barber/calendar-feed/regenerate');
    expect(regenerated.status).toBe(200);
    const newPath = new URL(regenerated.body.url).pathname;
    expect(newPath).not.toBe(oldPath);
    expect(await feedPath(barber.client)).toBe(newPath);
    expect((await anonymous().get(newPath)).status).toBe(200);
    const stale = await anonymous().get(oldPath);
    expect(stale).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const wrong = await anonymous().get(`/api/calendar/${'A'.repeat(43)}.ics`);
    expect(wrong).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await anonymous().get('/api/calendar/short.ics')).status).toBe(400);
  });

  it("ends with the barber's sessions: a password change or an administrator's reset closes the link, and the settings show a new one", async () => {
    const owner = await kit.bookableBarber(t);
    const [admin] = await kit.signedInAs(t, 'admin');
    const before = await feedPath(owner.client);
    expect((await anonymous().get(before)).status).toBe(200);

    const changed = await owner.client.put('/api/auth/change-password', {
      currentPassword: 'password123',
      newPassword: 'another-pass-1',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await anonymous().get(before)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // screens asking at once after the change get one new link between them, not one each (all but one dead)
    const asked = await Promise.all(Array.from({ length: 5 }, () => owner.client.get('/api/barber/calendar-feed')));
    expect(new Set(asked.map((res) => res.body.url)).size).toBe(1);
    const renewed = await feedPath(owner.client);
    expect(renewed).not.toBe(before);
    expect((await anonymous().get(renewed)).status).toBe(200);

    const reset = await admin.client.put(`/api/admin/users/${owner.user.id}/reset-account`, {
      newPassword: 'admin-chosen-1',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await anonymous().get(renewed)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // the other barbers' links are untouched
    expect((await anonymous().get(await feedPath(barber.client))).status).toBe(200);
  });

  it('is for barbers: customers and administrators are refused, visitors asked to sign in; regenerating needs the CSRF header', async () => {
    expect((await anonymous().get('/api/barber/calendar-feed')).status).toBe(401);
    expect((await customer.client.get('/api/barber/calendar-feed')).status).toBe(403);
    const admin = await kit.signedIn(t, 'admin');
    expect((await admin.client.get('/api/barber/calendar-feed')).status).toBe(403);
    expect((await admin.client.post('/api/barber/calendar-feed/regenerate')).status).toBe(403);
    const before = await feedPath(barber.client);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/barber/calendar-feed/regenerate',
      headers: { cookie: barber.client.cookieHeader, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await feedPath(barber.client)).toBe(before);
  });
});

describe("the customer's .ics", () => {
  it('downloads one booking as an attachment for its customer', async () => {
    const booking = await book('18:00');
    const res = await customer.client.get(`/api/bookings/${booking.id}/ics`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="appointment-[0-9a-f]{8}\.ics"$/);
    expect(res.body).toContain('\r\nMETHOD:PUBLISH\r\n');
    const events = eventsOf(res);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: booking.id,
      sequence: booking.version,
      location: '1200 Ocean Dr, Miami Beach, 4B, FL 33139',
    });
    expect(events[0]!.summary).toMatch(/^Haircut with Test barber/);
    expect(events[0]!.start.toISOString()).toBe(toInstant(kit.inDays(3), '18:00').toISOString());
  });

  it('is refused to everyone else: other customers, its barber, administrators and visitors', async () => {
    const booking = await book('19:00');
    const url = `/api/bookings/${booking.id}/ics`;
    const other = await kit.signedIn(t, 'customer');
    const admin = await kit.signedIn(t, 'admin');
    expect((await other.client.get(url)).status).toBe(403);
    expect((await barber.client.get(url)).status).toBe(403);
    expect((await admin.client.get(url)).status).toBe(403);
    expect((await anonymous().get(url)).status).toBe(401);
    const refused = await other.client.get(url);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(refused.body)).not.toContain('Ocean Dr');
    expect((await customer.client.get('/api/bookings/00000000-0000-4000-8000-000000000000/ics')).status).toBe(404);
    expect((await customer.client.get('/api/bookings/not-a-uuid/ics')).status).toBe(400);
  });
});
