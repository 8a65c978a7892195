import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';
import { useTestInstances } from '../test/instances';
import { useLiveClients } from '../test/live';
import {
  bookAs,
  clockAtStart,
  createBarber,
  lastCursorOf,
  liveSettings,
  published,
  realClock,
  setStatus,
} from './liveFixtures';
import { readVisibleAfter } from './replay';

/*
 * The replay/live boundary, made deterministic: the replay is held open while a change is committed
 * and pushed, once before its query (the change is both replayed and buffered: sent once) and once
 * after it (only the buffer has it: sent after the replay, not lost).
 */
const hold: { before?: () => Promise<void>; after?: () => Promise<void> } = {};
const t = useTestInstances(1, {
  readReplay: async (...args) => {
    const before = hold.before;
    hold.before = undefined;
    await before?.();
    const events = await readVisibleAfter(...args);
    const after = hold.after;
    hold.after = undefined;
    await after?.();
    return events;
  },
});
const openLive = useLiveClients();

describe('replay/live boundary', () => {
  let customer: Client;
  let barberHttp: Client;
  let barber: Awaited<ReturnType<typeof createBarber>>;

  beforeAll(async () => {
    const { app, deps } = t.instances[0]!;
    await liveSettings(deps.settings);
    barber = await createBarber(t.db.sql);
    customer = new Client(app);
    await customer.login((await createUser(t.db.sql, 'customer')).username, PASSWORD);
    barberHttp = new Client(app);
    await barberHttp.login(barber.username, PASSWORD);
  });

  it('sends a change pushed during the replay exactly once, in order', async () => {
    const { app, url } = t.instances[0]!;
    const client = await openLive(url, customer).connect();
    const booking = await bookAs(customer, barber);
    await setStatus(barberHttp, booking.id, 'confirmed');
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(3);
    client.disconnect();

    clockAtStart([t.instances[0]!.deps], booking);
    await setStatus(barberHttp, booking.id, 'en_route');
    await published(app.liveHub, await lastCursorOf(t.db.sql, booking.id));
    const pushDuringReplay = (status: string) => async () => {
      await setStatus(barberHttp, booking.id, status);
      await published(app.liveHub, await lastCursorOf(t.db.sql, booking.id));
    };
    hold.before = pushDuringReplay('arrived');
    hold.after = pushDuringReplay('in_progress');
    await client.connect();
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(6);

    const after = client.of(booking.id).slice(3);
    expect(after.map((m) => [m.type, m.replayed])).toEqual([
      ['enRoute', true],
      ['arrived', true],
      ['started', false],
    ]);
    expect(client.caughtUp.at(-1)).toEqual({ cursor: after[2]!.cursor, replayed: 2, complete: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(client.of(booking.id)).toHaveLength(6);
    realClock([t.instances[0]!.deps]);
  });
});
