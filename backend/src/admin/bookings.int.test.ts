import { refundJobId, type AdminBookingsFilterQuery } from '@barber/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kit from '../bookings/testkit';
import { startBookingNotifier, type RunningNotifier } from '../notifications/subscriber';
import { recordSucceededIntent } from '../payments/record';
import { useTestApp } from '../test/app';
import { countingSql } from '../test/countingSql';
import { listAdminBookings } from './bookings';

/*
 * The admin's Bookings screen (issue 11 items 14 and 15): filters and search on the server, and cancel
 * and reschedule with the barber panel's command (PUT /api/bookings/{id}/update), recorded with the
 * admin as actor in the booking's history; a paid booking cancelled gets its refund requested by the
 * event-log subscriber (the durable refund path).
 */

const t = useTestApp();
let admin: kit.Person;
let customer: kit.Person;
let anna: kit.BookableBarber;
let bruno: kit.BookableBarber;
let notifier: RunningNotifier | undefined;
const ids: Record<string, string> = {};

async function book(barber: kit.BookableBarber, key: string, overrides: Record<string, unknown>) {
  const res = await customer.client.post('/api/bookings', kit.bookingBody(barber, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids[key] = res.body.booking.id;
  const saved = await customer.client.put(`/api/bookings/${ids[key]}/status`, kit.details);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return ids[key]!;
}

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  admin = await kit.signedIn(t, 'admin');
  await t.db.sql`UPDATE users SET full_name = 'Ada Admin' WHERE id = ${admin.user.id}`;
  customer = await kit.signedIn(t, 'customer');
  await t.db.sql`UPDATE users SET full_name = 'Carmen Ortiz' WHERE id = ${customer.user.id}`;
  anna = await kit.bookableBarber(t);
  await t.db.sql`UPDATE users SET full_name = 'Anna Blade' WHERE id = ${anna.user.id}`;
  bruno = await kit.bookableBarber(t);
  await t.db.sql`UPDATE users SET full_name = 'Bruno Fade' WHERE id = ${bruno.user.id}`;
  await t.db.sql`UPDATE services SET name = 'Beard Sculpt' WHERE id = ${bruno.service.id}`;
  await book(anna, 'annaMiami', {
    date: `${kit.inDays(3)}T00:00:00.000Z`,
    startTime: '10:00',
    city: 'miami',
    zipcode: '33139',
  });
  await book(anna, 'annaPalm', {
    date: `${kit.inDays(5)}T00:00:00.000Z`,
    startTime: '11:00',
    city: 'palm_beach',
    zipcode: '33401',
  });
  await book(bruno, 'brunoLauderdale', {
    date: `${kit.inDays(4)}T00:00:00.000Z`,
    startTime: '12:00',
    city: 'fort_lauderdale',
    zipcode: '33301',
  });
  notifier = await startBookingNotifier(t.deps, { name: 'admin-bookings-test', pollMs: 100, log: { error: () => {} } });
});
afterAll(async () => {
  await notifier?.stop();
});

const listed = async (query: string) => {
  const res = await admin.client.get(`/api/admin/bookings?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: res.body.bookings.map((b: { id: string }) => b.id).sort(), total: res.body.total as number };
};
const sorted = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

describe('GET /api/admin/bookings: filters and search (issue 11 item 14)', () => {
  it('filters by barber, region, date range and status, together, with the total of the filtered list', async () => {
    expect(await listed(`barberId=${anna.barberId}`)).toEqual({ ids: sorted('annaMiami', 'annaPalm'), total: 2 });
    expect(await listed('region=fort_lauderdale')).toEqual({ ids: sorted('brunoLauderdale'), total: 1 });
    expect(await listed(`from=${kit.inDays(4)}&to=${kit.inDays(5)}`)).toEqual({
      ids: sorted('annaPalm', 'brunoLauderdale'),
      total: 2,
    });
    expect(await listed(`from=${kit.inDays(4)}&barberId=${anna.barberId}`)).toEqual({
      ids: sorted('annaPalm'),
      total: 1,
    });
    expect(await listed(`status=pending&region=miami`)).toEqual({ ids: sorted('annaMiami'), total: 1 });
    expect(await listed('status=completed')).toEqual({ ids: [], total: 0 });
    expect((await listed('limit=1')).ids).toHaveLength(1);
    expect((await listed('limit=1')).total).toBe(3);
  });

  it('searches the customer, the barber (name, username, email), the service name and the booking id', async () => {
    expect(await listed('q=beard%20SCULPT')).toEqual({ ids: sorted('brunoLauderdale'), total: 1 });
    expect(await listed('q=carmen')).toEqual({ ids: sorted('annaMiami', 'annaPalm', 'brunoLauderdale'), total: 3 });
    expect(await listed('q=BRUNO')).toEqual({ ids: sorted('brunoLauderdale'), total: 1 });
    expect(await listed(`q=${anna.user.username}`)).toEqual({ ids: sorted('annaMiami', 'annaPalm'), total: 2 });
    expect(await listed(`q=${encodeURIComponent(`${customer.user.username}@example.com`)}`)).toMatchObject({
      total: 3,
    });
    expect(await listed(`q=${ids.annaPalm!.slice(0, 8)}`)).toEqual({ ids: sorted('annaPalm'), total: 1 });
    expect(await listed(`q=${ids.annaPalm!.toUpperCase()}`)).toEqual({ ids: sorted('annaPalm'), total: 1 });
    expect(await listed('q=nobody-like-this')).toEqual({ ids: [], total: 0 });
    expect(await listed('q=%25')).toEqual({ ids: [], total: 0 }); // '%' is a character, not a wildcard
  });

  it('counts the matches only when the page is full: a page that is not is the last, and its total is known', async () => {
    const { sql, sent } = countingSql(t.db.url);
    try {
      await sql`SELECT 1`; // the driver's one-time type lookup of a new connection
      const page = async (query: Partial<AdminBookingsFilterQuery>) => {
        sent.length = 0;
        const answer = await listAdminBookings(sql, { limit: 50, offset: 0, ...query });
        return { ids: answer.bookings.map((b) => b.id).sort(), total: answer.total, statements: sent.length };
      };
      expect(await page({ barberId: anna.barberId })).toEqual({
        ids: sorted('annaMiami', 'annaPalm'),
        total: 2,
        statements: 1,
      });
      expect(await page({ limit: 1, offset: 1, barberId: anna.barberId })).toMatchObject({ total: 2, statements: 2 });
      expect(await page({ limit: 2, offset: 2, barberId: anna.barberId })).toMatchObject({
        ids: [],
        total: 2,
        statements: 2, // past the end: counted
      });
      expect(await page({ status: 'completed' })).toEqual({ ids: [], total: 0, statements: 1 });
    } finally {
      await sql.end();
    }
  });

  it('refuses bad filters with 400', async () => {
    for (const bad of [
      'region=orlando',
      'status=lost',
      'from=2026-13-01',
      `from=${kit.inDays(5)}&to=${kit.inDays(4)}`,
      'barberId=abc',
      `q=${'x'.repeat(101)}`,
    ]) {
      expect((await admin.client.get(`/api/admin/bookings?${bad}`)).status, bad).toBe(400);
    }
  });
});

type HistoryEntry = {
  type: string;
  summary: string;
  actor: { role: string; userId: number | null; name: string | null };
};
const historyOf = async (id: string): Promise<HistoryEntry[]> => {
  const res = await admin.client.get(`/api/admin/bookings/${id}/history`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.history;
};

describe('admin cancel and reschedule from Bookings (issue 11 item 15)', () => {
  it('cancels a paid booking with a reason: the admin is the actor in its history and the refund is requested', async () => {
    const id = ids.annaMiami!;
    await recordSucceededIntent(
      t.deps,
      id,
      { id: 'pi_admin_cancel', amount: 3500, amount_received: 3500 },
      'test-admin-cancel-paid',
    );
    // A reason is required.
    const refused = await admin.client.put(`/api/bookings/${id}/update`, { status: 'cancelled' });
    expect(refused.status).toBe(400);

    const res = await admin.client.put(`/api/bookings/${id}/update`, {
      status: 'cancelled',
      cancellationReason: 'Barber is sick',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Barber is sick', paid: true });

    const history = await historyOf(id);
    expect(history.map((e) => e.type)).toEqual(['created', 'detailsSaved', 'paid', 'confirmed', 'cancelled']);
    expect(history.at(-1)).toMatchObject({
      summary: 'Cancelled: Barber is sick',
      actor: { role: 'admin', userId: admin.user.id, name: 'Ada Admin' },
    });
    expect(history[0]!.actor).toMatchObject({ role: 'customer', name: 'Carmen Ortiz' });
    expect(history[2]!.actor).toMatchObject({ role: 'system', userId: null });

    // The event-log subscriber queues the refund job (the worker then refunds at Stripe).
    await expect
      .poll(async () => (await t.deps.queues.refunds.getJob(refundJobId(id)))?.data, { timeout: 10_000 })
      .toEqual({ bookingId: id });
  });

  it('reschedules a booking as the barber panel does, recorded with the admin as actor; an unpaid cancel requests no refund', async () => {
    const id = ids.brunoLauderdale!;
    const newDate = kit.inDays(6);
    const res = await admin.client.put(`/api/bookings/${id}/update`, {
      isEditingDateTime: true,
      date: newDate,
      startTime: '14:00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ date: newDate, startTime: '14:00', endTime: '14:30' });
    const history = await historyOf(id);
    expect(history.at(-1)).toMatchObject({
      type: 'rescheduled',
      summary: `Rescheduled to ${newDate} 14:00-14:30`,
      actor: { role: 'admin', userId: admin.user.id, name: 'Ada Admin' },
    });
    // In the past: refused, nothing recorded.
    const past = await admin.client.put(`/api/bookings/${id}/update`, {
      isEditingDateTime: true,
      date: kit.inDays(-1),
      startTime: '14:00',
    });
    expect(past.status).toBe(400);
    expect(await historyOf(id)).toHaveLength(history.length);

    const cancelled = await admin.client.put(`/api/bookings/${id}/update`, {
      status: 'cancelled',
      cancellationReason: 'Customer called',
    });
    expect(cancelled.status).toBe(200);
    expect((await historyOf(id)).at(-1)).toMatchObject({ type: 'cancelled', actor: { role: 'admin' } });
    // Give the subscriber its chance on a later event, then check no refund was asked for the unpaid one.
    await expect
      .poll(async () => (await t.deps.queues.refunds.getJob(refundJobId(ids.annaMiami!))) !== undefined)
      .toBe(true);
    expect(await t.deps.queues.refunds.getJob(refundJobId(id))).toBeUndefined();
  });

  it('the history is for administrators only; an unknown booking is 404', async () => {
    const id = ids.annaPalm!;
    expect((await anna.client.get(`/api/admin/bookings/${id}/history`)).status).toBe(403);
    expect((await customer.client.get(`/api/admin/bookings/${id}/history`)).status).toBe(403);
    expect((await admin.client.get('/api/admin/bookings/00000000-0000-4000-8000-000000000000/history')).status).toBe(
      404,
    );
    expect((await admin.client.get('/api/admin/bookings/not-a-uuid/history')).status).toBe(400);
  });
});
