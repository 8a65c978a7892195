import { compareCursors, START_CURSOR } from '@barber/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../test/client';
import { createUser, type UserFixture } from '../test/fixtures';
import { settle, useLiveTestApp } from '../test/live';
import { formatCursor } from './cursor';
import {
  bookAs,
  clockAtStart,
  createBarber,
  liveSettings,
  PROGRESS,
  realClock,
  setStatus,
  type BarberFixture,
} from './liveFixtures';

const { t, signIn, liveClient } = useLiveTestApp();

/** Cursors of the committed events after `after`, in the tailer's order (optionally of one audience user). */
async function cursorsAfter(after: string, userId?: number): Promise<string[]> {
  const [tx, position] = after.split(':');
  const rows = await t.db.sql<{ cursor: string }[]>`
    SELECT transaction_id::text || ':' || global_position AS cursor FROM events
     WHERE (transaction_id, global_position) > (${tx!}::xid8, ${position!}::bigint)
       AND (${userId ?? null}::int IS NULL OR metadata->'audience'->'userIds' @> to_jsonb(${userId ?? 0}::int))
     ORDER BY transaction_id, global_position`;
  return rows.map((r) => r.cursor);
}

/**
 * Waits until this instance's tailer has pushed every event in the log. A replay reads only events
 * that are safe (no older transaction still running anywhere in the cluster), as the tailer does:
 * right after a commit the newest event may still be held back for a moment, and then comes live.
 */
async function tailerCaughtUp(): Promise<void> {
  await expect
    .poll(
      async () => {
        const [last] = await t.db.sql<{ cursor: string }[]>`
        SELECT transaction_id::text || ':' || global_position AS cursor FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;
        return formatCursor(t.app.liveHub.position) === (last?.cursor ?? START_CURSOR);
      },
      { timeout: 5000 },
    )
    .toBe(true);
}

let barber: BarberFixture;
let barberHttp: Client;
let customerUser: UserFixture;
let customer: Client;
let admin: Client;

beforeAll(async () => {
  await liveSettings(t.deps.settings);
  barber = await createBarber(t.db.sql);
  barberHttp = await signIn(barber.username);
  customerUser = await createUser(t.db.sql, 'customer');
  customer = await signIn(customerUser.username);
  admin = await signIn((await createUser(t.db.sql, 'admin')).username);
});

afterEach(() => realClock([t.deps]));

describe('catch-up', () => {
  it('replays exactly the three changes made while disconnected, in order, then goes on live', async () => {
    const client = await liveClient(customer).connect();
    const booking = await bookAs(customer, barber);
    await setStatus(barberHttp, booking.id, 'confirmed');
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(3);

    client.disconnect();
    clockAtStart([t.deps], booking);
    for (const status of ['en_route', 'arrived', 'in_progress']) await setStatus(barberHttp, booking.id, status);
    await tailerCaughtUp();
    await client.connect(); // the handshake sends the last cursor

    const replayed = client.of(booking.id).slice(3);
    expect(replayed.map((m) => [m.type, m.status, m.replayed])).toEqual([
      ['enRoute', 'en_route', true],
      ['arrived', 'arrived', true],
      ['started', 'in_progress', true],
    ]);
    // The replayed view is the booking as it is now.
    expect(replayed.every((m) => m.booking?.status === 'in_progress')).toBe(true);
    expect(client.caughtUp.at(-1)).toEqual({ cursor: replayed.at(-1)!.cursor, replayed: 3, complete: true });

    await setStatus(barberHttp, booking.id, 'completed');
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(7);
    expect(client.of(booking.id)[6]).toMatchObject({ type: 'completed', replayed: false });
    await settle();
    expect(client.of(booking.id)).toHaveLength(7);
  });

  it('replays only what the user may see', async () => {
    await tailerCaughtUp();
    const stranger = await signIn((await createUser(t.db.sql, 'customer')).username);
    const strangerClient = await liveClient(stranger, START_CURSOR).connect();
    expect(strangerClient.messages).toHaveLength(0);
    expect(strangerClient.caughtUp).toEqual([{ cursor: START_CURSOR, replayed: 0, complete: true }]);

    const mine = await liveClient(customer, START_CURSOR).connect();
    expect(mine.messages.map((m) => m.cursor)).toEqual(await cursorsAfter(START_CURSOR, customerUser.id));

    const everything = await liveClient(admin, START_CURSOR).connect();
    expect(everything.messages.map((m) => m.cursor)).toEqual(await cursorsAfter(START_CURSOR));
    expect(everything.messages.length).toBeGreaterThan(mine.messages.length - 1);
  });

  it('answers a catch-up request with an acknowledgement, and refuses a bad cursor', async () => {
    const client = await liveClient(admin).connect();
    await tailerCaughtUp();
    const all = await cursorsAfter(START_CURSOR);
    const from = all.at(-3)!;
    const answer = await client.catchUp(from);
    expect(answer).toEqual({ cursor: all.at(-1), replayed: 2, complete: true });
    expect(client.messages.map((m) => m.cursor)).toEqual(all.slice(-2));
    expect(await client.catchUp('nonsense')).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('tells a client whose cursor it cannot read to reload, and goes on live', async () => {
    const client = await liveClient(customer, 'not-a-cursor').connect();
    expect(client.caughtUp[0]).toMatchObject({ replayed: 0, complete: false });
    expect(client.messages).toHaveLength(0);
    const booking = await bookAs(customer, barber);
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(2);
  });

  it('has no gap and no duplicate when clients reconnect while changes are being committed', async () => {
    const watcher = await liveClient(admin).connect();
    const bookings = await Promise.all(Array.from({ length: 4 }, () => bookAs(customer, barber)));
    // Confirmed before their time (nobody confirms an appointment that has ended), then all taken through the day.
    for (const b of bookings) await setStatus(barberHttp, b.id, 'confirmed');
    await expect.poll(() => bookings.every((b) => watcher.of(b.id).length === 3), { timeout: 10_000 }).toBe(true);
    const start = watcher.cursor!;
    clockAtStart([t.deps], ...bookings);
    const steps = PROGRESS.filter((status) => status !== 'confirmed');
    const writing = Promise.all(
      bookings.map(async (b) => {
        for (const status of steps) await setStatus(barberHttp, b.id, status);
      }),
    );
    // Clients arrive with the start cursor at staggered moments while the changes are committed.
    const late = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, 10 * i));
        return liveClient(i % 2 ? admin : customer, start).connect();
      }),
    );
    await writing;
    const expected = { admin: await cursorsAfter(start), customer: await cursorsAfter(start, customerUser.id) };
    expect(expected.admin).toHaveLength(bookings.length * steps.length);
    for (const [i, client] of late.entries()) {
      const want = i % 2 ? expected.admin : expected.customer;
      await expect.poll(() => client.messages.length, { timeout: 5000 }).toBeGreaterThanOrEqual(want.length);
      const got = client.messages.map((m) => m.cursor);
      expect(got).toEqual(want);
      for (let k = 1; k < got.length; k++) expect(compareCursors(got[k]!, got[k - 1]!)).toBeGreaterThan(0);
    }
  });
});
