import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR, bookingStreamId } from '@barber/shared';
import { createdData } from '@barber/shared/bookings/fixtures';
import { appendToStream } from '../eventstore/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { clockNow } from './clock';
import { runBookingCommand } from './commands';
import { rebuildReadModels } from './rebuild';
import * as kit from './testkit';

const t = useTestApp();
kit.useBookingRules(t, { rateLimitEnabled: false });

let barber: kit.BookableBarber;
let alice: kit.Person;
let bob: kit.Person;

async function snapshot() {
  const bookings = await t.db.sql`SELECT * FROM bookings ORDER BY id`;
  const schedule = await t.db
    .sql`SELECT booking_id, barber_id, during::text AS during FROM barber_schedule ORDER BY booking_id`;
  return { bookings: bookings.map((r) => ({ ...r })), schedule: schedule.map((r) => ({ ...r })) };
}

/** A day of a barber's bookings through the HTTP API and the worker's path. */
async function scriptADay(): Promise<void> {
  const date = kit.inDays(4);
  const create = async (who: kit.Person, startTime: string) => {
    const res = await who.client.post('/api/bookings', kit.bookingBody(barber, { date, startTime }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.booking.id as string;
  };
  const status = async (who: kit.Person, id: string, body: Record<string, unknown>) => {
    const res = await who.client.put(`/api/bookings/${id}/status`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** The $35 payment recorded as the Stripe webhook's job records it. */
  const paid = (id: string, paymentIntentId: string) =>
    runBookingCommand(t.deps, id, {
      type: 'recordPayment',
      actor: SYSTEM_ACTOR,
      now: clockNow(t.deps),
      data: { paymentIntentId, amount: 3500 },
    });
  const update = async (id: string, body: Record<string, unknown>) => {
    const res = await barber.client.put(`/api/bookings/${id}/update`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  // Paid, then taken all the way to completed, with notes on the way.
  const full = await create(alice, '09:00');
  await status(alice, full, kit.details);
  await paid(full, 'pi_day_1');
  await update(full, { barberNotes: 'Bring the clippers', estimatedTravelTime: 20 });
  // The barber's progress is taken on the appointment's day.
  kit.clockAtAppointment(t, { date, startTime: '09:00' }, -30);
  await status(barber, full, { status: 'en_route' });
  await status(barber, full, { status: 'arrived' });
  kit.clockAtAppointment(t, { date, startTime: '09:00' }, 1);
  await status(barber, full, { status: 'in_progress' });
  await status(barber, full, { status: 'completed' });
  kit.setClock(t, undefined);

  // Paid then cancelled by the customer, then refunded by the worker.
  const refunded = await create(bob, '11:00');
  await status(bob, refunded, kit.details);
  await paid(refunded, 'pi_day_2');
  await status(bob, refunded, { status: 'cancelled' });
  await runBookingCommand(t.deps, refunded, {
    type: 'recordRefund',
    actor: SYSTEM_ACTOR,
    data: { refundId: 're_day_2', amount: 3500 },
  });

  // A slot freed by the cancellation is booked again, then rescheduled and confirmed by the barber.
  await t.deps.settings.update({ feeCollectionEnabled: false });
  const moved = await create(alice, '11:00');
  await update(moved, {
    isEditingDateTime: true,
    date,
    startTime: '13:00',
    endTime: '13:30',
    barberNotes: 'Moved to 1pm',
  });
  await status(alice, moved, kit.details);
  await update(moved, { status: 'confirmed' });

  // Cancelled by the barber, and a no-show.
  const barberCancelled = await create(bob, '15:00');
  await update(barberCancelled, { status: 'cancelled', cancellationReason: 'Car trouble' });
  const noShow = await create(bob, '16:00');
  await status(bob, noShow, kit.details);
  await status(barber, noShow, { status: 'confirmed' });
  kit.clockAtAppointment(t, { date, startTime: '16:00' }, 1);
  await status(barber, noShow, { status: 'no_show' });
  kit.setClock(t, undefined);

  // Still pending, with details saved.
  const pending = await create(alice, '17:00');
  await status(alice, pending, kit.details);
  await t.deps.settings.update({ feeCollectionEnabled: true });
}

beforeAll(async () => {
  [barber, alice, bob] = await kit.barberAnd(t, 'customer', 'customer');
  await scriptADay();
});

describe('rebuilding the booking read models from the event log', () => {
  it('gives identical bookings and barber_schedule tables', async () => {
    const before = await snapshot();
    expect(before.bookings).toHaveLength(6);
    expect(before.schedule).toHaveLength(3); // completed, rescheduled+confirmed, pending
    expect(before.bookings.map((b) => b.status).sort()).toEqual([
      'cancelled',
      'cancelled',
      'completed',
      'confirmed',
      'no_show',
      'pending',
    ]);

    const result = await rebuildReadModels(t.db.sql);
    expect(result.streams).toBe(6);
    expect(await snapshot()).toEqual(before);
  });

  it('repairs tampered or lost rows', async () => {
    const before = await snapshot();
    await t.db.sql`UPDATE bookings SET status = 'pending', total_cents = 1 WHERE status = 'completed'`;
    await t.db.sql`DELETE FROM barber_schedule`;
    await t.db.sql`DELETE FROM bookings WHERE status = 'no_show'`;
    await rebuildReadModels(t.db.sql);
    expect(await snapshot()).toEqual(before);
  });

  it('runs one rebuild at a time', async () => {
    const before = await snapshot();
    let second: Promise<unknown> | undefined;
    await rebuildReadModels(t.db.sql, {
      onBatch: async () => {
        second = rebuildReadModels(t.db.sql);
        await expect(second).rejects.toMatchObject({ code: 'CONFLICT' });
      },
    });
    expect(second).toBeDefined();
    expect(await snapshot()).toEqual(before);
  });

  it('runs as npm run rebuild (backend/src/bookings/rebuildCli.ts)', async () => {
    const before = await snapshot();
    await t.db.sql`TRUNCATE bookings, barber_schedule`;
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'backend/src/bookings/rebuildCli.ts'], {
      cwd: new URL('../../..', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.db.url },
    });
    expect(stdout).toMatch(/Rebuilt bookings and barber_schedule from \d+ events of 6 booking streams/);
    expect(await snapshot()).toEqual(before);
  });

  it('replays a booking of the log whose start the spring-forward change skips (made before the commands refused it): it holds no time', async () => {
    const bookingId = randomUUID();
    const data = createdData({
      bookingId,
      customerId: alice.user.id,
      barberId: barber.barberId,
      serviceId: barber.service.id,
      date: '2026-03-08',
      startTime: '02:30',
      endTime: '03:30',
      durationMinutes: 60,
      travelBuffer: 0,
    });
    await appendToStream(t.db.sql, bookingStreamId(bookingId), 0, [{ type: 'created', data }]);
    await rebuildReadModels(t.db.sql);
    const [row] = await t.db.sql`SELECT status FROM bookings WHERE id = ${bookingId}`;
    expect(row).toEqual({ status: 'pending' });
    expect(await t.db.sql`SELECT 1 FROM barber_schedule WHERE booking_id = ${bookingId}`).toHaveLength(0);
  });
});
