import { createBookingSchema, toInstant, type BookingActor } from '@barber/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect';
import { useTestApp } from '../test/app';
import { countingSql, type SentStatement } from '../test/countingSql';
import { createBooking } from './create';
import { bookableBarber, bookingBody, details, signedIn, type BookableBarber, type Person } from './testkit';
import { updateBookingStatus } from './update';
import { updateBookingEta } from './eta';

/*
 * What one booking command costs in Postgres round trips, counted at the driver: every statement
 * the command sends. A booking is one lookup and one statement that appends, projects and answers;
 * a status change is one stream read and that statement. Pinned so that it cannot creep back.
 */
const t = useTestApp();
let counting: Sql;
let sent: SentStatement[];
let barber: BookableBarber;
let customer: Person;

beforeAll(async () => {
  ({ sql: counting, sent } = countingSql(t.db.url));
  await counting`SELECT 1`; // the driver's one-time type lookup of a new connection
  barber = await bookableBarber(t);
  customer = await signedIn(t, 'customer');
});
afterAll(async () => {
  await counting.end();
});

/**
 * The statements a command awaits, and the post-commit wake-up of the other processes' tailers
 * (sent once per command at most, not awaited by it: wakeups.ts).
 */
async function roundTrips<T>(
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[]; parameters: number[]; wakeups: number }> {
  sent.length = 0;
  const result = await run();
  await counting`SELECT 1`; // lets the wake-up go out before counting
  const all = sent.slice(0, -1);
  const wakeup = (s: SentStatement) => s.text.includes('pg_notify');
  const commands = all.filter((s) => !wakeup(s));
  return {
    result,
    statements: commands.map((s) => s.text),
    parameters: commands.map((s) => s.parameters),
    wakeups: all.length - commands.length,
  };
}

const deps = () => ({ ...t.deps, sql: counting });
const MAX_COMMAND_PARAMETERS = 16;
const actorOf = (p: Person, role: 'customer'): BookingActor => ({ role, userId: p.user.id, barberId: null });

describe('round trips of a booking command', () => {
  it('books in two statements (lookup, then append + projections + answer) and no transaction around them', async () => {
    const body = createBookingSchema.parse(bookingBody(barber, { startTime: '09:00' }));
    const { result, statements, parameters, wakeups } = await roundTrips(() =>
      createBooking(deps(), actorOf(customer, 'customer'), body),
    );
    expect(result.status).toBe('pending');
    expect(statements).toHaveLength(2);
    // The event's 7, the held time's 6 and the booking row as one json value: each parameter is inferred,
    // serialised and framed by the driver on every command (48 when the row went column by column).
    expect(parameters[1]).toBeLessThanOrEqual(MAX_COMMAND_PARAMETERS);
    expect(wakeups).toBe(1);
    expect(statements.some((s) => /^\s*begin/i.test(s))).toBe(false);
    const [row] = await t.db.sql`SELECT count(*)::int AS n FROM barber_schedule WHERE booking_id = ${result.id}`;
    expect(row!.n).toBe(1);
  });

  it('books with an Idempotency-Key in three (the stored answer is looked up first)', async () => {
    const body = createBookingSchema.parse(bookingBody(barber, { startTime: '11:00' }));
    const { statements } = await roundTrips(() =>
      createBooking(deps(), actorOf(customer, 'customer'), body, { idempotencyHeader: 'rt-key-1' }),
    );
    expect(statements).toHaveLength(3);
  });

  it('changes a status in two statements (stream read, then append + projections + answer)', async () => {
    const body = createBookingSchema.parse(bookingBody(barber, { startTime: '13:00' }));
    const booking = await createBooking(t.deps, actorOf(customer, 'customer'), body);
    const { result, statements, parameters } = await roundTrips(() =>
      updateBookingStatus(deps(), booking.id, actorOf(customer, 'customer'), { status: 'cancelled' } as never),
    );
    expect(result.status).toBe('cancelled');
    expect(statements).toHaveLength(2);
    expect(parameters[1]).toBeLessThanOrEqual(MAX_COMMAND_PARAMETERS);
    const [row] = await t.db.sql`SELECT count(*)::int AS n FROM barber_schedule WHERE booking_id = ${booking.id}`;
    expect(row!.n).toBe(0);
  });

  it('moves an arrival time in two statements too (issue 13: stream read, then append + projections + answer)', async () => {
    const start = '15:00';
    const body = createBookingSchema.parse(bookingBody(barber, { startTime: start }));
    const booking = await createBooking(t.deps, actorOf(customer, 'customer'), body);
    await updateBookingStatus(t.deps, booking.id, actorOf(customer, 'customer'), details as never);
    await t.deps.settings.update({ feeCollectionEnabled: false });
    await updateBookingStatus(t.deps, booking.id, actorOf(customer, 'customer'), { status: 'confirmed' } as never);
    const barberActor: BookingActor = { role: 'barber', userId: barber.user.id, barberId: barber.barberId };
    const now = toInstant(booking.date, start);
    const onTheWay = await updateBookingStatus({ ...deps(), clock: () => now }, booking.id, barberActor, {
      status: 'en_route',
    } as never);
    expect(onTheWay.etaAt).not.toBeNull();
    const { result, statements } = await roundTrips(() =>
      updateBookingEta({ ...deps(), clock: () => now }, booking.id, barberActor, { addMinutes: 10 }),
    );
    expect(result.etaAt).toBe(new Date(Date.parse(onTheWay.etaAt!) + 10 * 60_000).toISOString());
    expect(statements).toHaveLength(2);
  });
});
