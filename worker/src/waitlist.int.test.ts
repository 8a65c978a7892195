import { randomUUID } from 'node:crypto';
import * as kit from '@barber/backend/bookings/testkit';
import { appendToStream, streamVersion } from '@barber/backend/eventstore/store';
import { formatWhen } from '@barber/backend/notifications/messages';
import { waitlistStreamId } from '@barber/backend/waitlist/subscriber';
import { toInstant, WAITLIST_SLOT_OPENED } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { expireAbandonedCheckouts } from './sweeps/expiredCheckouts';
import { useMailingWorker } from './testkit';

/*
 * Issue 13, part 2: the worker's waitlist subscriber turns a freed slot into in-app notifications and,
 * where the customer's preferences allow, an email with a link to the booking widget on that barber,
 * date and time. Freed by a cancellation, an expired checkout and a reschedule.
 */

const { t, smtp } = await useMailingWorker({
  rateLimitEnabled: false,
  feeCollectionEnabled: false,
  pendingBookingExpiryMinutes: 30,
});

let day = 3;

/**
 * A barber whose only hours (10:00-11:00 unless told, no travel buffer) are fully booked on a date of its own, by
 * bookings of its service (30 minutes unless told) at `starts`.
 */
async function fullDay(options: { duration?: number; endTime?: string; starts?: string[] } = {}): Promise<{
  barber: kit.BookableBarber;
  booker: kit.Person;
  date: string;
  bookings: string[];
}> {
  const barber = await kit.bookableBarber(t, {
    travelBuffer: 0,
    ...(options.duration ? { duration: options.duration } : {}),
  });
  await t.db
    .sql`UPDATE availability_blocks SET start_time = '10:00', end_time = ${options.endTime ?? '11:00'} WHERE barber_id = ${barber.barberId}`;
  const booker = await kit.signedIn(t, 'customer');
  const date = kit.inDays(day++);
  const bookings: string[] = [];
  for (const startTime of options.starts ?? ['10:00', '10:30']) {
    const made = await booker.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { date: `${date}T00:00:00.000Z`, startTime }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    bookings.push(made.body.booking.id as string);
  }
  return { barber, booker, date, bookings };
}

const inApp = (userId: number) =>
  t.db.sql<
    { kind: string; title: string; body: string }[]
  >`SELECT kind, title, body FROM notifications WHERE user_id = ${userId} ORDER BY id`;
const mailsTo = (p: kit.Person) => smtp.messages.filter((m) => m.to.includes(`${p.user.username}@example.com`));

async function waiting(
  barber: kit.BookableBarber,
  date: string,
  extra: Record<string, unknown> = {},
): Promise<kit.Person> {
  const who = await kit.signedIn(t, 'customer');
  const joined = await who.client.post('/api/waitlist', { barberId: barber.barberId, date, ...extra });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  return who;
}

describe('the waitlist worker', () => {
  it('a cancellation notifies every waiting customer in the app, and by email with the booking link when allowed', async () => {
    const { barber, booker, date, bookings } = await fullDay();
    const keen = await waiting(barber, date, { serviceId: barber.service.id, zipcode: '33139' });
    const quiet = await waiting(barber, date);
    await t.db
      .sql`INSERT INTO notification_preferences (user_id, data) VALUES (${quiet.user.id}, ${t.db.sql.json({ emailBookingConfirmations: false })})`;
    const unplugged = await waiting(barber, date);
    await t.db
      .sql`INSERT INTO notification_preferences (user_id, data) VALUES (${unplugged.user.id}, ${t.db.sql.json({ pushNotifications: false })})`;

    expect((await booker.client.put(`/api/bookings/${bookings[0]}/status`, kit.details)).status).toBe(200);
    expect((await booker.client.put(`/api/bookings/${bookings[0]}/status`, { status: 'cancelled' })).status).toBe(200);

    await expect
      .poll(async () => (await inApp(keen.user.id)).map((n) => n.title), { timeout: 10_000 })
      .toEqual(['A slot opened']);
    await expect
      .poll(async () => (await inApp(quiet.user.id)).map((n) => n.title), { timeout: 10_000 })
      .toEqual(['A slot opened']);
    const [notice] = await inApp(keen.user.id);
    expect(notice!.kind).toBe('waitlist_slot_opened');
    expect(notice!.body).toMatch(
      /^A Haircut slot opened with Test barber\S+ on \w+day, \w+ \d+ at 10:00 AM\. It is not held for you: book it before someone else does\.$/,
    );

    await expect.poll(() => mailsTo(keen).length, { timeout: 10_000 }).toBe(1);
    const [mail] = mailsTo(keen);
    expect(mail!.subject).toMatch(/^A slot opened - /);
    expect(mail!.text).toContain(
      `https://barbers.example/barbers/${barber.barberId}?date=${date}&startTime=10:00&serviceId=${barber.service.id}&zipcode=33139`,
    );
    // the customer who switched booking emails off gets none; the one who cancelled is not on the list
    expect(mailsTo(quiet)).toHaveLength(0);
    // the one who switched in-app notices off gets the email, and no live "A slot opened" banner either
    await expect.poll(() => mailsTo(unplugged).length, { timeout: 10_000 }).toBe(1);
    expect(await inApp(unplugged.user.id)).toEqual([]);
    const audiences = await t.db.sql<{ customerId: number; userIds: number[] }[]>`
      SELECT (data->>'customerId')::int AS "customerId", ARRAY(SELECT jsonb_array_elements_text(metadata->'audience'->'userIds'))::int[] AS "userIds"
        FROM events WHERE type = 'waitlistSlotOpened' AND (data->>'customerId')::int IN (${keen.user.id}, ${unplugged.user.id})`;
    expect(Object.fromEntries(audiences.map((a) => [a.customerId, a.userIds]))).toEqual({
      [keen.user.id]: [keen.user.id],
      [unplugged.user.id]: [],
    });
    expect((await inApp(booker.user.id)).map((n) => n.title)).not.toContain('A slot opened');
  });

  it('an offer whose time has begun by the time it is told (the worker was down meanwhile) is not sent', async () => {
    const { barber, date } = await fullDay();
    const late = await waiting(barber, date);
    const [entry] = await t.db.sql<
      { id: number }[]
    >`SELECT id FROM waitlist_entries WHERE customer_id = ${late.user.id}`;
    const offer = (day: string, sourceEventId: string) => ({
      type: WAITLIST_SLOT_OPENED,
      data: {
        entryId: entry!.id,
        customerId: late.user.id,
        barberId: barber.barberId,
        serviceId: null,
        date: day,
        zipcode: null,
        startTime: '10:00',
        cause: 'cancelled',
        sourceEventId,
      },
    });
    const streamId = waitlistStreamId(entry!.id);
    // what step 1 appended when the time was ahead: yesterday's, and (after it) one still ahead
    await appendToStream(t.db.sql, streamId, await streamVersion(t.db.sql, streamId), [
      offer(kit.inDays(-1), randomUUID()),
      offer(date, randomUUID()),
    ]);
    // the one still ahead is told (after the past one was handled: one stream, in order), and only it
    const ahead = formatWhen(date, '10:00');
    await expect
      .poll(async () => (await inApp(late.user.id)).some((n) => n.body.includes(ahead)), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => mailsTo(late).some((m) => m.text.includes(ahead)), { timeout: 10_000 }).toBe(true);
    expect(await inApp(late.user.id)).toHaveLength(1);
    expect(mailsTo(late)).toHaveLength(1);
  });

  it('an expired checkout frees the slot for the waitlist', async () => {
    await t.deps.settings.update({ feeCollectionEnabled: true });
    try {
      const { barber, date, bookings } = await fullDay();
      // starting 10:00 to 10:15: the 10:00 slot only (a slot is in the range by its start, as search shows it)
      const who = await waiting(barber, date, { startTime: '10:00', endTime: '10:15' });
      expect(
        await expireAbandonedCheckouts(t.deps, { now: new Date(Date.now() + 31 * 60_000), log: { error: () => {} } }),
      ).toMatchObject({ expired: expect.any(Number) });
      await expect
        .poll(async () => (await inApp(who.user.id)).map((n) => n.title), { timeout: 10_000 })
        .toEqual(['A slot opened']);
      expect((await who.client.get('/api/waitlist')).body.entries[0]).toMatchObject({
        status: 'notified',
        notifiedSlot: '10:00',
      });
      for (const id of bookings)
        expect((await t.db.sql`SELECT status FROM bookings WHERE id = ${id}`)[0]!.status).toBe('cancelled');
    } finally {
      await t.deps.settings.update({ feeCollectionEnabled: false });
    }
  });

  it('a reschedule frees the old time for the waitlist of that day', async () => {
    const { barber, booker, date, bookings } = await fullDay();
    const who = await waiting(barber, date, { startTime: '10:30' });
    expect((await booker.client.put(`/api/bookings/${bookings[1]}/status`, kit.details)).status).toBe(200);
    const moved = await barber.client.put(`/api/bookings/${bookings[1]}/update`, {
      isEditingDateTime: true,
      date: kit.inDays(20),
      startTime: '10:00',
      endTime: '10:30',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect
      .poll(async () => (await inApp(who.user.id)).map((n) => n.body), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/at 10:30 AM\./)]);
  });

  it('a no-show frees what is left of its time for the waitlist', async () => {
    const { barber, booker, date, bookings } = await fullDay({
      duration: 60,
      endTime: '12:00',
      starts: ['10:00', '11:00'],
    });
    await t.db.sql`INSERT INTO services (barber_id, name, duration, price_cents)
                   VALUES (${barber.barberId}, 'Line up', 30, 2000)`;
    const first = bookings[0]!;
    expect((await booker.client.put(`/api/bookings/${first}/status`, kit.details)).status).toBe(200);
    expect((await booker.client.put(`/api/bookings/${first}/status`, { status: 'confirmed' })).status).toBe(200);
    const who = await waiting(barber, date); // any service: the 30-minute one fits 10:30-11:00
    kit.setClock(t, toInstant(date, '10:05'));
    try {
      const missed = await barber.client.put(`/api/bookings/${first}/status`, { status: 'no_show' });
      expect(missed.status, JSON.stringify(missed.body)).toBe(200);
      await expect
        .poll(async () => (await inApp(who.user.id)).map((n) => n.body), { timeout: 10_000 })
        .toEqual([expect.stringMatching(/at 10:30 AM\./)]);
    } finally {
      kit.setClock(t, undefined);
    }
  });

  it('a customer who booked that barber that day, or left, is not told', async () => {
    const { barber, booker, date, bookings } = await fullDay();
    const left = await waiting(barber, date);
    const entryId = (await left.client.get('/api/waitlist')).body.entries[0].id;
    expect((await left.client.delete(`/api/waitlist/${entryId}`)).status).toBe(200);
    const stays = await waiting(barber, date);
    expect((await booker.client.put(`/api/bookings/${bookings[0]}/status`, { status: 'cancelled' })).status).toBe(200);
    await expect.poll(async () => (await inApp(stays.user.id)).length, { timeout: 10_000 }).toBe(1);
    // stays books the freed slot: their entry ends; the next cancellation tells them nothing more
    const made = await stays.client.post(
      '/api/bookings',
      kit.bookingBody(barber, { date: `${date}T00:00:00.000Z`, startTime: '10:00' }),
    );
    expect(made.status).toBe(201);
    expect((await stays.client.get('/api/waitlist')).body.entries[0].status).toBe('booked');
    const late = await waiting(barber, date);
    expect((await booker.client.put(`/api/bookings/${bookings[1]}/status`, { status: 'cancelled' })).status).toBe(200);
    await expect.poll(async () => (await inApp(late.user.id)).length, { timeout: 10_000 }).toBe(1);
    expect(await inApp(stays.user.id)).toHaveLength(1);
    expect(await inApp(left.user.id)).toHaveLength(0);
  });
});
