import * as kit from '@barber/backend/bookings/testkit';
import { REMINDER_SWEEP_HORIZON_MS } from '@barber/backend/notifications/reminders';
import { BOOKING_NOTIFIER } from '@barber/backend/notifications/subscriber';
import { REMINDER_LEAD_MS, reminderJobId, toInstant } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSweeper, sweep } from './sweeper';
import { subscriberOptions, useMailingWorker } from './testkit';

/** Reminders survive Redis restarting without persistence: the sweeper rebuilds them from Postgres, and each goes out once. */

const { t, smtp } = await useMailingWorker({ rateLimitEnabled: false, feeCollectionEnabled: false });
let barber: kit.BookableBarber;
let customer: kit.Person;

beforeAll(async () => {
  [barber, customer] = await kit.barberAnd(t, 'customer');
});

async function confirmedBooking(date: string, startTime: string) {
  const created = await customer.client.post(
    '/api/bookings',
    kit.bookingBody(barber, { date: `${date}T00:00:00.000Z`, startTime }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.booking.id as string;
  expect((await customer.client.put(`/api/bookings/${id}/status`, kit.details)).status).toBe(200);
  expect((await customer.client.put(`/api/bookings/${id}/status`, { status: 'confirmed' })).status).toBe(200);
  return { id, date, startTime };
}

const reminders = () => t.deps.queues.reminders;
/** A reminder's subject: its title says today, tomorrow or neither by the day it goes out (the jobs run early here). */
const isReminder = (subject: string) =>
  /^(Appointment today|Appointment tomorrow|Upcoming appointment) - /.test(subject);
const reminderMails = (to: kit.Person = customer) =>
  smtp.messages.filter((m) => isReminder(m.subject) && m.to.includes(`${to.user.username}@example.com`));
const remindersInApp = async () =>
  t.db.sql<{ bookingId: string; n: number }[]>`
    SELECT booking_id AS "bookingId", count(*)::int AS n FROM notifications WHERE kind = 'booking_reminder' GROUP BY booking_id`;
const queued = async () =>
  Object.values(await reminders().getJobCounts('waiting', 'active', 'delayed', 'prioritized')).reduce(
    (a, b) => a + b,
    0,
  );

async function notificationsSettled() {
  await expect
    .poll(
      async () =>
        Object.values(await t.deps.queues.notifications.getJobCounts('waiting', 'active', 'delayed')).reduce(
          (a, b) => a + b,
          0,
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
}

/** Redis restarted without persistence: every key of this test's prefix is gone (queues, sessions, all). */
async function redisRestartedEmpty() {
  const keys = await t.deps.redis.keys(`${t.config.REDIS_PREFIX}:*`);
  if (keys.length) await t.deps.redis.del(...keys);
}

describe('reminders after Redis lost its jobs', () => {
  it('are rebuilt by the sweeper: the overdue ones go out at once, late, the others when due; each exactly once', async () => {
    const soon = kit.inDays(3);
    const later = kit.inDays(5);
    const bookings = [
      ...(await Promise.all(['09:00', '10:00', '11:00', '12:00'].map((at) => confirmedBooking(soon, at)))),
      ...(await Promise.all(['09:00', '10:00', '11:00', '12:00'].map((at) => confirmedBooking(later, at)))),
    ];
    const early = bookings.slice(0, 4);
    const late = bookings.slice(4);
    // The subscriber scheduled every reminder as a delayed job.
    for (const b of bookings)
      await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('delayed');
    await expect.poll(queued, { timeout: 10_000 }).toBe(8);
    // Let the confirmation notices settle, so that only reminders are left to count.
    await notificationsSettled();

    await redisRestartedEmpty();
    expect(await queued()).toBe(0);

    // The worker restarts and sweeps at a time (12 h before the first day's appointments) when the first
    // four reminders are overdue and the other four due in a day and a half, beyond the sweep's horizon:
    // those are left to the sweeps of the hour before them.
    const at = new Date(toInstant(soon, '09:00').getTime() - 12 * 3600_000);
    const rebuilt = await sweep(t.deps, { now: at });
    await expect.poll(() => reminderMails().length, { timeout: 10_000 }).toBe(4);
    expect(rebuilt.reminders).toEqual({ scheduled: 4 });
    for (const b of early)
      await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('completed');
    for (const b of late) expect(await reminders().getJobState(reminderJobId(b.id))).toBe('unknown');

    // A second sweep at that time changes nothing: the sent ones are in sent_reminders.
    expect((await sweep(t.deps, { now: at })).reminders).toEqual({});

    // Time passes: each of the other four is queued by a sweep of the hour before it comes due (half an
    // hour before: the next one, an hour later, is still beyond the horizon), and goes out once due.
    for (const b of late) {
      const dueAt = toInstant(b.date, b.startTime).getTime() - REMINDER_LEAD_MS;
      const before = new Date(dueAt - REMINDER_SWEEP_HORIZON_MS / 2);
      expect((await sweep(t.deps, { now: before })).reminders).toEqual({ scheduled: 1 });
      const job = (await reminders().getJob(reminderJobId(b.id)))!;
      expect(await job.getState()).toBe('delayed');
      expect(job.data.startsAt).toBe(toInstant(b.date, b.startTime).toISOString());
      expect((await sweep(t.deps, { now: before })).reminders).toEqual({ kept: 1 });
      await job.promote();
      await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('completed');
    }
    await expect.poll(() => reminderMails().length, { timeout: 10_000 }).toBe(8);

    // Redis loses everything again; sweeps at any time and a stray duplicate job send nothing twice.
    await redisRestartedEmpty();
    for (const now of [at, new Date(toInstant(later, '09:00').getTime() - REMINDER_LEAD_MS / 2), new Date()]) {
      expect((await sweep(t.deps, { now })).reminders).toEqual({});
    }
    expect(await queued()).toBe(0);
    const stray = await reminders().add(
      'reminder',
      { bookingId: early[0]!.id, startsAt: toInstant(soon, '09:00').toISOString() },
      { jobId: 'stray' },
    );
    await expect.poll(() => reminders().getJobState(stray.id!), { timeout: 10_000 }).toBe('completed');
    expect((await reminders().getJob('stray'))!.returnvalue).toEqual({ outcome: 'ignored: already sent' });

    // One email per booking to each side, each naming its own appointment, and nothing else reminded.
    for (const person of [customer, barber]) {
      const mails = reminderMails(person);
      expect(mails).toHaveLength(8);
      expect(new Set(mails.map((m) => m.text)).size).toBe(8);
    }
    expect(smtp.messages.filter((m) => isReminder(m.subject))).toHaveLength(16);
    const inApp = await remindersInApp();
    expect(inApp).toHaveLength(8);
    expect(inApp.every((r) => r.n === 2)).toBe(true);
    const [sent] = await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM sent_reminders`;
    expect(sent!.n).toBe(8);
  });

  it('a booking confirmed within 24 hours of its start is not reminded late', async () => {
    customer = await kit.signedIn(t, 'customer'); // the sessions went with Redis
    const b = await confirmedBooking(kit.inDays(6), '09:00');
    const startsAt = toInstant(b.date, b.startTime);
    await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('delayed');
    await notificationsSettled();
    await redisRestartedEmpty();
    // As if the confirmation had come 20 hours before the start: its reminder time had passed already.
    await t.db.sql`UPDATE events SET recorded_at = ${new Date(startsAt.getTime() - 20 * 3600_000)}
                    WHERE stream_id = ${`booking-${b.id}`} AND type = 'confirmed'`;
    expect((await sweep(t.deps, { now: new Date(startsAt.getTime() - 10 * 3600_000) })).reminders).toEqual({});
    // Confirmed before its reminder time, the same booking is reminded late.
    await t.db.sql`UPDATE events SET recorded_at = now() WHERE stream_id = ${`booking-${b.id}`} AND type = 'confirmed'`;
    expect((await sweep(t.deps, { now: new Date(startsAt.getTime() - 10 * 3600_000) })).reminders).toEqual({
      scheduled: 1,
    });
    await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('completed');
    expect((await reminders().getJob(reminderJobId(b.id)))!.returnvalue).toEqual({ outcome: 'reminded' });
  });

  it('a booking confirmed within 24 hours of its start by the injected clock gets no reminder job', async () => {
    customer = await kit.signedIn(t, 'customer');
    const date = kit.inDays(12);
    kit.clockAtAppointment(t, { date, startTime: '11:00' }, -20 * 60); // 20 hours before
    let b: Awaited<ReturnType<typeof confirmedBooking>>;
    try {
      b = await confirmedBooking(date, '11:00');
      // the notifier's cursor passed the confirmation: it has decided about the reminder
      await expect
        .poll(
          async () =>
            (
              await t.db.sql`
                SELECT 1 FROM subscriptions s, events e
                 WHERE s.name = ${BOOKING_NOTIFIER} AND e.stream_id = ${`booking-${b.id}`} AND e.type = 'confirmed'
                   AND (s.transaction_id, s.global_position) >= (e.transaction_id, e.global_position)`
            ).length,
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      kit.setClock(t, undefined);
    }
    expect(await reminders().getJobState(reminderJobId(b.id))).toBe('unknown');
  });

  it("reminds the barber though the customer's address is refused, and its retry sends only what had not gone", async () => {
    customer = await kit.signedIn(t, 'customer');
    const b = await confirmedBooking(kit.inDays(9), '15:30');
    await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('delayed');
    await notificationsSettled();
    const barberBefore = reminderMails(barber).length;
    smtp.refuse.add(`${customer.user.username}@example.com`);
    try {
      await (await reminders().getJob(reminderJobId(b.id)))!.promote();
      await expect.poll(() => reminderMails(barber).length, { timeout: 10_000 }).toBe(barberBefore + 1);
      expect(reminderMails(customer)).toHaveLength(0);
    } finally {
      smtp.refuse.clear();
    }
    await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 20_000 }).toBe('completed');
    expect(reminderMails(customer)).toHaveLength(1);
    expect(reminderMails(barber)).toHaveLength(barberBefore + 1);
    expect((await remindersInApp()).find((r) => r.bookingId === b.id)?.n).toBe(2);
  });

  it("the worker's sweeper runs at its start and then on its interval", async () => {
    customer = await kit.signedIn(t, 'customer');
    const b = await confirmedBooking(kit.inDays(7), '09:00');
    await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('delayed');
    await notificationsSettled();
    await redisRestartedEmpty();
    // The sweeper reads the app's clock: half an hour before the reminder comes due, within the horizon.
    kit.clockAtAppointment(t, b, -(REMINDER_LEAD_MS + REMINDER_SWEEP_HORIZON_MS / 2) / 60_000);
    const sweeper = startSweeper(t.deps, { intervalMs: 300, log: subscriberOptions.log });
    try {
      await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('delayed');
      await redisRestartedEmpty();
      await expect.poll(() => reminders().getJobState(reminderJobId(b.id)), { timeout: 10_000 }).toBe('delayed');
    } finally {
      await sweeper.stop();
      kit.setClock(t, undefined);
    }
    const job = (await reminders().getJob(reminderJobId(b.id)))!;
    expect(job.data).toEqual({ bookingId: b.id, startsAt: toInstant(b.date, b.startTime).toISOString() });
  });
});
