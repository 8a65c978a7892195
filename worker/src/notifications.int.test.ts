import * as kit from '@barber/backend/bookings/testkit';
import { NOTIFICATIONS_CHANNEL } from '@barber/backend/notifications/live';
import { BOOKING_NOTIFIER, startBookingNotifier } from '@barber/backend/notifications/subscriber';
import { Client } from '@barber/backend/test/client';
import { bookingStreamId, REMINDER_LEAD_MS, toInstant } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { email } from './jobs/email';
import { inAppNotification } from './jobs/inAppNotification';
import { startSubscribers } from './subscribers';
import { subscriberOptions, useMailingWorker } from './testkit';

// Fee collection off: customers confirm without payment (the Stripe path is in payments.int.test.ts).
const { t, smtp, stack } = await useMailingWorker({ rateLimitEnabled: false, feeCollectionEnabled: false });
let barber: kit.BookableBarber;
let customer: kit.Person;

beforeAll(async () => {
  [barber, customer] = await kit.barberAnd(t, 'customer');
});

let n = 0;
function slot() {
  const i = n++;
  return { date: kit.inDays(3 + Math.floor(i / 8)), startTime: `${String(9 + (i % 8)).padStart(2, '0')}:00` };
}

async function confirmedBooking(who: kit.Person = customer) {
  const at = slot();
  const created = await who.client.post('/api/bookings', kit.bookingBody(barber, at));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.booking.id as string;
  expect((await who.client.put(`/api/bookings/${id}/status`, kit.details)).status).toBe(200);
  const confirmed = await who.client.put(`/api/bookings/${id}/status`, { status: 'confirmed' });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { id, ...at };
}

const emailOf = (p: kit.Person) => `${p.user.username}@example.com`;
const mailsTo = (p: kit.Person, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(emailOf(p)) && m.subject.startsWith(subject));
/** Until the notifications queue has nothing left to do. */
async function settled() {
  await expect
    .poll(
      async () =>
        Object.values(
          await t.deps.queues.notifications.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
        ).reduce((a, b) => a + b, 0),
      {
        timeout: 10_000,
      },
    )
    .toBe(0);
}

const inApp = (userId: number, bookingId: string) =>
  t.db.sql<{ id: number; kind: string; title: string; body: string }[]>`
    SELECT id, kind, title, body FROM notifications WHERE user_id = ${userId} AND booking_id = ${bookingId} ORDER BY id`;

/**
 * Until the booking's confirmation is told, at today's clock: a test that then moves the clock days ahead would
 * otherwise have it handled late, and a late notice is told to no one.
 */
async function toldOfConfirmation(booking: { id: string }) {
  await expect
    .poll(async () => (await inApp(customer.user.id, booking.id)).map((r) => r.title), { timeout: 10_000 })
    .toEqual(['Booking confirmed']);
  await settled();
}

describe('booking notifications', () => {
  it('a confirmation reaches both sides in the app, and the customer by email through SMTP', async () => {
    const booking = await confirmedBooking();
    await expect.poll(() => mailsTo(customer, 'Booking confirmed'), { timeout: 10_000 }).toHaveLength(1);
    const [mail] = mailsTo(customer, 'Booking confirmed');
    expect(mail!.subject).toBe(`Booking confirmed - ${(await t.deps.settings.get()).platformName}`);
    expect(mail!.from).toBe('no-reply@barber.local');
    expect(mail!.text).toContain(`Hi Test,`);
    expect(mail!.text).toMatch(/Your Haircut with Test barber\S+ on \w+day, \w+ \d+ at \d+:00 (AM|PM) is confirmed\./);
    expect(mail!.text).toContain('https://barbers.example/bookings');

    await expect
      .poll(async () => (await inApp(customer.user.id, booking.id)).map((r) => r.title), { timeout: 5000 })
      .toEqual(['Booking confirmed']);
    await expect
      .poll(async () => (await inApp(barber.user.id, booking.id)).map((r) => r.title), { timeout: 5000 })
      .toEqual(['New booking request', 'Booking confirmed']);
    expect(mailsTo(barber, 'New booking request')).toHaveLength(1);
  });

  it("honours each user's email preferences; the bell gets everything", async () => {
    const picky = await kit.signedIn(t, 'customer');
    await t.db.sql`INSERT INTO notification_preferences (user_id, data)
                   VALUES (${picky.user.id}, ${t.db.sql.json({ emailBookingConfirmations: false })})`;
    const booking = await confirmedBooking(picky);
    await expect
      .poll(async () => (await inApp(picky.user.id, booking.id)).map((r) => r.title), { timeout: 10_000 })
      .toEqual(['Booking confirmed']);

    expect((await picky.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(200);
    // Cancellation emails stay on (the default), confirmation emails were switched off.
    await expect.poll(() => mailsTo(picky, 'Booking cancelled'), { timeout: 10_000 }).toHaveLength(1);
    expect(mailsTo(picky, 'Booking confirmed')).toHaveLength(0);
    await expect
      .poll(async () => (await inApp(barber.user.id, booking.id)).map((r) => r.body).at(-1), { timeout: 5000 })
      .toMatch(/^Test customer\S+ cancelled their Haircut on /);
  });

  it('a notice queued before its channel was switched off does not go out when its job runs (a retry, the sweeper)', async () => {
    const late = await kit.signedIn(t, 'customer');
    const queued = (category: 'booking' | 'cancellation', key: string) => ({
      email: {
        id: `email-${key}`,
        data: { userId: late.user.id, to: emailOf(late), subject: `Late ${key}`, text: 'x', sourceKey: key, category },
      } as unknown as Job,
      inApp: {
        id: `inapp-${key}`,
        data: { userId: late.user.id, kind: 'late', title: `Late ${key}`, body: '', sourceKey: key, category },
      } as unknown as Job,
    });
    const notices = () =>
      t.db.sql<{ title: string }[]>`SELECT title FROM notifications WHERE user_id = ${late.user.id} ORDER BY id`;
    // the user switches cancellation emails and in-app notices off after the jobs were queued
    const first = queued('cancellation', 'late-1');
    await t.db.sql`INSERT INTO notification_preferences (user_id, data)
                   VALUES (${late.user.id}, ${t.db.sql.json({ emailCancellations: false, pushNotifications: false })})`;
    expect(await email(t.deps, first.email)).toEqual({ sent: false });
    expect(await inAppNotification(t.deps, first.inApp)).toEqual({ created: false });
    // the platform switches email off: a booking email queued before goes nowhere either
    await t.deps.settings.update({ emailNotifications: false });
    try {
      expect(await email(t.deps, queued('booking', 'late-2').email)).toEqual({ sent: false });
    } finally {
      await t.deps.settings.update({ emailNotifications: true });
    }
    // what is still wanted goes
    expect(await email(t.deps, queued('booking', 'late-3').email)).toEqual({ sent: true });
    expect(smtp.messages.filter((m) => m.to.includes(emailOf(late))).map((m) => m.subject)).toEqual(['Late late-3']);
    expect(await notices()).toEqual([]);
  });

  it("a notice email queued before the user changed their address goes to the new one; a deleted user's to no one", async () => {
    const moving = await kit.signedIn(t, 'customer');
    const job = (key: string) =>
      ({
        id: `email-${key}`,
        data: { userId: moving.user.id, to: emailOf(moving), subject: `Moved ${key}`, text: 'x', sourceKey: key },
      }) as unknown as Job;
    const newAddress = `new-${moving.user.username}@example.com`;
    await t.db.sql`UPDATE users SET email = ${newAddress} WHERE id = ${moving.user.id}`;
    expect(await email(t.deps, job('moved-1'))).toEqual({ sent: true });
    const sent = smtp.messages.filter((m) => m.subject === 'Moved moved-1');
    expect(sent.map((m) => m.to)).toEqual([[newAddress]]);

    await t.db.sql`DELETE FROM users WHERE id = ${moving.user.id}`;
    expect(await email(t.deps, job('moved-2'))).toEqual({ sent: false });
  });

  it('tells the customer when the barber is on the way and has arrived', async () => {
    const booking = await confirmedBooking();
    await toldOfConfirmation(booking);
    expect((await barber.client.put(`/api/bookings/${booking.id}/update`, { estimatedTravelTime: 25 })).status).toBe(
      200,
    );
    kit.clockAtAppointment(t, booking, -30); // half an hour before: on the way, then there
    expect((await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'en_route' })).status).toBe(200);
    expect((await barber.client.put(`/api/bookings/${booking.id}/status`, { status: 'arrived' })).status).toBe(200);
    kit.setClock(t, undefined);
    await expect
      .poll(async () => (await inApp(customer.user.id, booking.id)).map((r) => r.title), { timeout: 10_000 })
      .toEqual(['Booking confirmed', 'Your barber is on the way', 'Your barber has arrived']);
    const [, enRoute] = await inApp(customer.user.id, booking.id);
    expect(enRoute!.body).toMatch(
      /is on the way to you for your \d+:00 (AM|PM) appointment\. Expected arrival: about \d+:55 (AM|PM)\.$/,
    ); // 30 min before, 25 to travel
    await expect.poll(() => mailsTo(customer, 'Your barber is on the way'), { timeout: 5000 }).not.toHaveLength(0);
  });
});

describe('reminders', () => {
  const reminders = () => t.deps.queues.reminders;

  it('are scheduled 24 h before the appointment, moved on reschedule and removed on cancel', async () => {
    const booking = await confirmedBooking();
    const expectedDelay = (date: string, time: string) =>
      toInstant(date, time).getTime() - REMINDER_LEAD_MS - Date.now();
    await expect.poll(() => reminders().getJobState(`reminder-${booking.id}`), { timeout: 10_000 }).toBe('delayed');
    const job = (await reminders().getJob(`reminder-${booking.id}`))!;
    expect(job.name).toBe('reminder');
    expect(job.data).toEqual({
      bookingId: booking.id,
      startsAt: toInstant(booking.date, booking.startTime).toISOString(),
    });
    expect(
      Math.abs(
        job.timestamp + job.opts.delay! - (toInstant(booking.date, booking.startTime).getTime() - REMINDER_LEAD_MS),
      ),
    ).toBeLessThan(10_000);
    expect(Math.abs(job.opts.delay! - expectedDelay(booking.date, booking.startTime))).toBeLessThan(10_000);

    const moved = { date: kit.inDays(12), startTime: '15:00', endTime: '15:30' };
    const res = await barber.client.put(`/api/bookings/${booking.id}/update`, { isEditingDateTime: true, ...moved });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const movedAt = toInstant(moved.date, moved.startTime).toISOString();
    await expect
      .poll(async () => (await reminders().getJob(`reminder-${booking.id}`))?.data.startsAt, { timeout: 10_000 })
      .toBe(movedAt);
    const movedJob = (await reminders().getJob(`reminder-${booking.id}`))!;
    expect(Math.abs(movedJob.opts.delay! - expectedDelay(moved.date, moved.startTime))).toBeLessThan(10_000);
    // the in-app notice is a job of its own: it may land after the reminder moved
    await expect
      .poll(async () => (await inApp(customer.user.id, booking.id)).map((r) => r.title), { timeout: 10_000 })
      .toContain('Booking rescheduled');

    expect((await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(200);
    await expect.poll(() => reminders().getJob(`reminder-${booking.id}`), { timeout: 10_000 }).toBeUndefined();
  });

  it('when due, remind both sides; a stale one (booking moved) reminds nobody', async () => {
    const booking = await confirmedBooking();
    // each stored reminder is announced, so that the bells open on screen show it at once
    const announced: string[] = [];
    const { unlisten } = await t.db.sql.listen(NOTIFICATIONS_CHANNEL, (payload) => announced.push(payload));
    const startsAt = toInstant(booking.date, booking.startTime).toISOString();
    await reminders().add(
      'reminder',
      { bookingId: booking.id, startsAt: '2020-01-01T15:00:00.000Z' },
      { jobId: `stale-${booking.id}` },
    );
    await reminders().add('reminder', { bookingId: booking.id, startsAt }, { jobId: `due-${booking.id}` });
    await expect.poll(() => reminders().getJobState(`due-${booking.id}`), { timeout: 10_000 }).toBe('completed');
    await expect.poll(() => reminders().getJobState(`stale-${booking.id}`), { timeout: 10_000 }).toBe('completed');
    expect((await reminders().getJob(`stale-${booking.id}`))!.returnvalue).toEqual({
      outcome: 'ignored: booking was moved',
    });
    await expect
      .poll(async () => (await inApp(customer.user.id, booking.id)).filter((r) => r.kind === 'booking_reminder'), {
        timeout: 5000,
      })
      .toHaveLength(1);
    await expect
      .poll(async () => (await inApp(barber.user.id, booking.id)).filter((r) => r.kind === 'booking_reminder'), {
        timeout: 5000,
      })
      .toHaveLength(1);
    const [forBarber] = (await inApp(barber.user.id, booking.id)).filter((r) => r.kind === 'booking_reminder');
    expect(forBarber!.body).toContain('1200 Ocean Dr, Miami Beach, 4B');
    // run days ahead of its time here: neither today nor tomorrow (notifications/messages.test.ts has the titles)
    await expect.poll(() => mailsTo(customer, 'Upcoming appointment'), { timeout: 5000 }).toHaveLength(1);
    const [forCustomer] = (await inApp(customer.user.id, booking.id)).filter((r) => r.kind === 'booking_reminder');
    await expect
      .poll(() => announced, { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([`${customer.user.id}:${forCustomer!.id}`, `${barber.user.id}:${forBarber!.id}`]),
      );
    await unlisten();
  });

  it('follow the injected clock: none once the appointment has started, "today" on its morning', async () => {
    const [started, sameDay] = [await confirmedBooking(), await confirmedBooking()];
    for (const booking of [started, sameDay]) await toldOfConfirmation(booking);
    const due = async (booking: { id: string; date: string; startTime: string }, minutesAfterStart: number) => {
      kit.clockAtAppointment(t, booking, minutesAfterStart);
      const startsAt = toInstant(booking.date, booking.startTime).toISOString();
      await reminders().add('reminder', { bookingId: booking.id, startsAt }, { jobId: `clock-${booking.id}` });
      await expect.poll(() => reminders().getJobState(`clock-${booking.id}`), { timeout: 10_000 }).toBe('completed');
      return (await reminders().getJob(`clock-${booking.id}`))!.returnvalue;
    };
    try {
      expect(await due(started, 5)).toEqual({ outcome: 'ignored: the appointment has started' });
      expect(await due(sameDay, -60)).toEqual({ outcome: 'reminded' });
    } finally {
      kit.setClock(t, undefined);
    }
    const reminded = async (booking: { id: string }) =>
      (await inApp(customer.user.id, booking.id)).filter((r) => r.kind === 'booking_reminder').map((r) => r.title);
    expect(await reminded(started)).toEqual([]);
    expect(await reminded(sameDay)).toEqual(['Appointment today']);
  });
});

describe('the subscriber', () => {
  it('resumes from its saved cursor after a restart, announcing nothing twice', async () => {
    await stack.subscribers!.stop();
    const booking = await confirmedBooking(); // appended while no subscriber runs
    stack.subscribers = await startSubscribers(t.deps, subscriberOptions);
    await expect
      .poll(async () => (await inApp(customer.user.id, booking.id)).map((r) => r.title), { timeout: 10_000 })
      .toEqual(['Booking confirmed']);
    await settled();
    const mailsBefore = smtp.messages.length;
    // Another subscription read from the very start of the log (a crash that handles everything again) adds nothing.
    const replay = await startSubscribers(t.deps, { ...subscriberOptions, name: 'replay' });
    await replay.stop();
    await t.db.sql`UPDATE subscriptions SET transaction_id = '0'::xid8, global_position = 0 WHERE name = 'replay'`;
    const [head] = await t.db.sql<{ p: bigint }[]>`SELECT max(global_position) AS p FROM events`;
    const fromStart = await startSubscribers(t.deps, { ...subscriberOptions, name: 'replay' });
    await expect
      .poll(
        async () =>
          (await t.db.sql<{ p: bigint }[]>`SELECT global_position AS p FROM subscriptions WHERE name = 'replay'`)[0]!.p,
        { timeout: 10_000 },
      )
      .toBe(head!.p);
    await new Promise((r) => setTimeout(r, 500));
    await fromStart.stop();
    await settled();
    expect(smtp.messages.length).toBe(mailsBefore);
    expect((await inApp(customer.user.id, booking.id)).map((r) => r.title)).toEqual(['Booking confirmed']);
    expect(mailsTo(customer, 'Booking confirmed').length).toBeGreaterThan(0);
    const [dupes] = await t.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM (SELECT source_key FROM email_log GROUP BY source_key HAVING count(*) > 1) d`;
    expect(dupes!.n).toBe(0);
  });

  it('handling an event a day late tells no one of it (news of a day ago is no news)', async () => {
    await stack.subscribers!.stop();
    const booking = await confirmedBooking(); // appended while no subscriber runs
    kit.setClock(t, new Date(Date.now() + 25 * 3600_000)); // handled 25 hours later
    try {
      stack.subscribers = await startSubscribers(t.deps, subscriberOptions);
      const [head] = await t.db.sql<{ p: bigint }[]>`SELECT max(global_position) AS p FROM events`;
      await expect
        .poll(
          async () =>
            (
              await t.db.sql<
                { p: bigint }[]
              >`SELECT global_position AS p FROM subscriptions WHERE name = ${BOOKING_NOTIFIER}`
            )[0]?.p,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(head!.p);
      await settled();
      expect(await inApp(customer.user.id, booking.id)).toEqual([]);
    } finally {
      kit.setClock(t, undefined);
    }
  });
  it('a parked event handled after later events of its booking tells no one (no "confirmed" after "cancelled")', async () => {
    await stack.subscribers!.stop();
    const booking = await confirmedBooking(); // appended while no subscriber runs
    const [confirmed] = await t.db.sql<{ eventId: string; tx: string; position: string; recordedAt: Date }[]>`
      SELECT event_id AS "eventId", transaction_id::text AS tx, global_position::text AS position, recorded_at AS "recordedAt"
        FROM events WHERE stream_id = ${bookingStreamId(booking.id)} AND type = 'confirmed'`;
    expect((await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).status).toBe(200);
    // as the subscription leaves an event it failed on again and again: parked, the cursor just past it
    await t.db
      .sql`UPDATE subscriptions SET transaction_id = ${confirmed!.tx}::xid8, global_position = ${confirmed!.position}
                    WHERE name = ${BOOKING_NOTIFIER}`;
    await t.db.sql`INSERT INTO parked_events (subscription, event_id, global_position, recorded_at, error, attempts)
                   VALUES (${BOOKING_NOTIFIER}, ${confirmed!.eventId}, ${confirmed!.position}, ${confirmed!.recordedAt}, 'test', 5)`;
    const notifier = await startBookingNotifier(t.deps, { ...subscriberOptions, parkedRetryMs: 100 });
    try {
      await expect
        .poll(
          async () => (await t.db.sql`SELECT 1 FROM parked_events WHERE subscription = ${BOOKING_NOTIFIER}`).length,
          {
            timeout: 10_000,
          },
        )
        .toBe(0);
    } finally {
      await notifier.stop();
      stack.subscribers = await startSubscribers(t.deps, subscriberOptions);
    }
    await settled();
    expect((await inApp(customer.user.id, booking.id)).map((r) => r.title)).toEqual(['Booking cancelled']);
  });
});

describe('GET /api/notifications and marking read', () => {
  it('answers the own notifications newest first with the unread count; marks one or all read', async () => {
    const booking = await confirmedBooking();
    await expect.poll(async () => (await inApp(customer.user.id, booking.id)).length, { timeout: 10_000 }).toBe(1);
    const list = await customer.client.get('/api/notifications');
    expect(list.status).toBe(200);
    const { notifications, unreadCount } = list.body;
    expect(unreadCount).toBe(notifications.length);
    expect(notifications[0]).toMatchObject({
      title: 'Booking confirmed',
      bookingId: booking.id,
      read: false,
      kind: 'booking_confirmed',
    });
    const times = notifications.map((x: { createdAt: string }) => Date.parse(x.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const one = await customer.client.put(`/api/notifications/${notifications[0].id}/read`);
    expect(one.status).toBe(200);
    expect(one.body.notification).toMatchObject({ id: notifications[0].id, read: true });
    expect((await customer.client.get('/api/notifications')).body.unreadCount).toBe(unreadCount - 1);

    // Someone else's notification is not found, and nothing changes.
    expect(
      (await barber.client.put(`/api/notifications/${notifications[1]?.id ?? notifications[0].id}/read`)).status,
    ).toBe(404);
    expect((await customer.client.put('/api/notifications/abc/read')).status).toBe(400);
    expect((await new Client(t.app).get('/api/notifications')).status).toBe(401);

    const all = await customer.client.put('/api/notifications/read-all');
    expect(all.body).toEqual({ updated: unreadCount - 1, unreadCount: 0 });
    expect((await customer.client.get('/api/notifications')).body.unreadCount).toBe(0);
    expect((await barber.client.get('/api/notifications')).body.unreadCount).toBeGreaterThan(0);
  });
});

describe('password reset email', () => {
  it('sends the reset link queued by POST /api/forgot-password', async () => {
    const person = await kit.signedIn(t, 'customer');
    expect((await new Client(t.app).post('/api/forgot-password', { email: emailOf(person) })).status).toBe(200);
    await expect.poll(() => mailsTo(person, 'Reset your password'), { timeout: 10_000 }).toHaveLength(1);
    expect(mailsTo(person, 'Reset your password')[0]!.text).toMatch(/\/reset-password\?token=\S+/);
  });
});

describe('GET /api/admin/jobs', () => {
  it('lists the failed jobs and counts of every queue, for admins only', async () => {
    const failing = await t.deps.queues.notifications.add('no-such-job', {}, { attempts: 1 });
    await expect.poll(() => t.deps.queues.notifications.getJobState(failing.id!), { timeout: 5000 }).toBe('failed');
    const admin = await kit.signedIn(t, 'admin');
    const res = await admin.client.get('/api/admin/jobs');
    expect(res.status).toBe(200);
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual([
      'stripe-events',
      'notifications',
      'reminders',
      'refunds',
    ]);
    const notifications = res.body.queues.find((q: { name: string }) => q.name === 'notifications');
    expect(notifications.counts.failed).toBeGreaterThanOrEqual(1);
    expect(notifications.counts.completed).toBeGreaterThan(0);
    expect(notifications.failed).toContainEqual(
      expect.objectContaining({
        id: failing.id,
        name: 'no-such-job',
        attemptsMade: 1,
        failedReason: expect.stringContaining('No handler'),
      }),
    );
    expect((await customer.client.get('/api/admin/jobs')).status).toBe(403);
    expect((await new Client(t.app).get('/api/admin/jobs')).status).toBe(401);
  });
});
