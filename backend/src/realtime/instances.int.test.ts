import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  type LiveClient,
  published,
  realClock,
  setStatus,
  type BarberFixture,
} from './liveFixtures';

/** Two backend instances (two ports, own pools and tailers) on one database and one Redis prefix. */
const t = useTestInstances(2, { replayLimit: 5 });
const openLive = useLiveClients();

function liveClient(instance: 0 | 1, http: Client, cursor?: string | null): LiveClient {
  return openLive(t.instances[instance]!.url, http, cursor);
}

let barber: BarberFixture;
let barberOnA: Client;
let customerOnA: Client;
let admin: Client;

beforeAll(async () => {
  const a = t.instances[0]!.app;
  await liveSettings(t.instances[0]!.deps.settings);
  barber = await createBarber(t.db.sql);
  barberOnA = new Client(a);
  await barberOnA.login(barber.username, PASSWORD);
  customerOnA = new Client(a);
  await customerOnA.login((await createUser(t.db.sql, 'customer')).username, PASSWORD);
  admin = new Client(a);
  await admin.login((await createUser(t.db.sql, 'admin')).username, PASSWORD);
});

const allInstances = () => t.instances.map((i) => i.deps);
afterEach(() => realClock(allInstances()));

describe('several instances', () => {
  it('pushes a change made through instance A to sockets on instance B (and A)', async () => {
    // The session lives in the shared Redis: the cookie signed in on A opens a socket on B.
    const onB = await liveClient(1, customerOnA).connect();
    const barberOnB = await liveClient(1, barberOnA).connect();
    const adminOnA = await liveClient(0, admin).connect();
    const booking = await bookAs(customerOnA, barber);
    const view = await setStatus(barberOnA, booking.id, 'confirmed');

    for (const client of [onB, barberOnB, adminOnA]) {
      await expect
        .poll(() => client.of(booking.id).map((m) => m.type), { timeout: 10_000 })
        .toEqual(['created', 'detailsSaved', 'confirmed']);
      expect(client.of(booking.id)[2]!.booking).toEqual(view);
    }
    // Each instance pushed it from its own tailer.
    expect(onB.of(booking.id)[2]!.cursor).toBe(adminOnA.of(booking.id)[2]!.cursor);
  });

  it('gives a client that reconnects to the other instance exactly the three changes it missed, in order', async () => {
    const client = await liveClient(0, customerOnA).connect();
    const booking = await bookAs(customerOnA, barber);
    await setStatus(barberOnA, booking.id, 'confirmed');
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(3);
    client.disconnect();

    clockAtStart(allInstances(), booking);
    for (const status of ['en_route', 'arrived', 'in_progress']) await setStatus(barberOnA, booking.id, status);
    await published(t.instances[1]!.app.liveHub, await lastCursorOf(t.db.sql, booking.id));
    const back = await liveClient(1, customerOnA, client.cursor).connect();

    expect(back.messages.map((m) => [m.type, m.status, m.replayed])).toEqual([
      ['enRoute', 'en_route', true],
      ['arrived', 'arrived', true],
      ['started', 'in_progress', true],
    ]);
    expect(back.caughtUp).toEqual([{ cursor: back.messages[2]!.cursor, replayed: 3, complete: true }]);
  });

  it('tells a client that missed more than the replay limit to reload, then goes on live', async () => {
    const client = await liveClient(1, customerOnA).connect();
    const booking = await bookAs(customerOnA, barber);
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(2);
    client.disconnect();

    clockAtStart(allInstances(), booking);
    for (const status of ['confirmed', 'en_route', 'arrived', 'in_progress', 'completed'])
      await setStatus(barberOnA, booking.id, status);
    const second = await bookAs(customerOnA, barber);
    const head = await lastCursorOf(t.db.sql, second.id);
    await published(t.instances[1]!.app.liveHub, head);
    const back = await liveClient(1, customerOnA, client.cursor).connect();
    expect(back.messages).toHaveLength(0);
    expect(back.caughtUp).toEqual([{ cursor: head, replayed: 0, complete: false }]);

    await setStatus(barberOnA, second.id, 'confirmed');
    await expect
      .poll(() => back.of(second.id).map((m) => [m.type, m.replayed]), { timeout: 10_000 })
      .toEqual([['confirmed', false]]);
  });
});
