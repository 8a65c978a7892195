import * as kit from '@barber/backend/bookings/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweep } from './sweeper';
import { loseQueue, useMailingWorker } from './testkit';
import { startWorkers } from './worker';

/**
 * A notice owed is never lost with Redis: the subscribers write each notification job to the outbox
 * (Postgres) before they queue it, the worker marks it handled, and the sweeper queues again what stays
 * unhandled.
 */
const { t, smtp, stack } = await useMailingWorker({ rateLimitEnabled: false, feeCollectionEnabled: false });
let barber: kit.BookableBarber;
let customer: kit.Person;

beforeAll(async () => {
  [barber, customer] = await kit.barberAnd(t, 'customer');
});

const outbox = (bookingId: string) =>
  t.db.sql<{ jobId: string; handled: boolean }[]>`
    SELECT job_id AS "jobId", handled_at IS NOT NULL AS handled FROM notification_outbox
     WHERE job_id LIKE ANY (SELECT '%' || event_id || '%' FROM events WHERE stream_id = ${`booking-${bookingId}`})`;
const confirmationMails = () =>
  smtp.messages.filter(
    (m) => m.to.includes(`${customer.user.username}@example.com`) && m.subject.startsWith('Booking confirmed'),
  );

/** A sweep late enough that the notices queued a moment ago count as settled. */
const sweepLater = () => sweep(t.deps, { now: new Date(Date.now() + 120_000) });

describe('notices are never lost', () => {
  it('notification jobs that Redis lost are queued again from the outbox by the sweeper, and sent once', async () => {
    await stack.workers.close();
    const created = await customer.client.post('/api/bookings', kit.bookingBody(barber, { startTime: '10:00' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.booking.id as string;
    expect((await customer.client.put(`/api/bookings/${id}/status`, kit.details)).status).toBe(200);
    expect((await customer.client.put(`/api/bookings/${id}/status`, { status: 'confirmed' })).status).toBe(200);
    // The subscriber wrote the confirmation's notices (in-app for both sides, the customer's email) and queued them.
    await expect.poll(async () => (await outbox(id)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const owed = await outbox(id);
    expect(owed.every((n) => !n.handled)).toBe(true);
    await loseQueue(t, 'notifications');
    expect(await t.deps.queues.notifications.getJob(owed[0]!.jobId)).toBeUndefined();
    stack.workers = startWorkers(stack.deps);

    // Within its first minute a notice is left to the job the subscriber queued.
    expect((await sweep(t.deps)).notices).toEqual({});
    expect((await sweepLater()).notices).toEqual({ queued: owed.length });
    await expect.poll(async () => (await outbox(id)).every((n) => n.handled), { timeout: 10_000 }).toBe(true);
    expect(confirmationMails()).toHaveLength(1);
    const [inApp] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM notifications WHERE booking_id = ${id} AND kind = 'booking_confirmed'`;
    expect(inApp!.n).toBeGreaterThanOrEqual(1);
    // Handled: nothing more to queue, and nothing sent twice.
    expect((await sweepLater()).notices).toEqual({});
    expect(confirmationMails()).toHaveLength(1);
  });

  it('keeps outbox rows for a week, then the sweeper deletes them', async () => {
    const jobId = `inapp-old-${Date.now()}`;
    await t.db.sql`INSERT INTO notification_outbox (job_id, name, data, created_at, handled_at)
                   VALUES (${jobId}, 'in-app', '{}', now() - interval '8 days', now() - interval '8 days')`;
    expect((await sweep(t.deps)).notices).toEqual({ pruned: 1 });
    expect(await t.db.sql`SELECT 1 FROM notification_outbox WHERE job_id = ${jobId}`).toHaveLength(0);
  });
});
