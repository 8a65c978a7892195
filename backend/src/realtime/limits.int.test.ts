import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../test/client';
import { createUser } from '../test/fixtures';
import { useLiveTestApp } from '../test/live';
import { DEFAULT_LIVE_LIMITS } from './hub';
import { bookAs, createBarber, lastCursor, liveSettings, type BarberFixture, type LiveClient } from './liveFixtures';

const { t, signIn, liveClient } = useLiveTestApp();
const { socketsPerUser, catchUpsPerMinute } = DEFAULT_LIVE_LIMITS;

let barber: BarberFixture;
beforeAll(async () => {
  await liveSettings(t.deps.settings);
  barber = await createBarber(t.db.sql);
});

/** A signed-in customer of its own, so that each test counts from zero. */
async function freshCustomer(): Promise<Client> {
  return signIn((await createUser(t.db.sql, 'customer')).username);
}

/** Connects a client the server is expected to refuse: resolves with what it was told. */
function refusal(client: LiveClient): Promise<{ code: string; message: string }> {
  return new Promise((resolve, reject) => {
    client.socket.once('refused', resolve);
    client.socket.once('caught-up', () => reject(new Error('served, not refused')));
    client.socket.once('connect_error', reject);
    client.socket.connect();
  });
}

describe('live limits per user', () => {
  const opened: LiveClient[] = [];
  afterAll(() => opened.forEach((c) => c.disconnect()));

  it(`refuses a user's socket beyond ${socketsPerUser} with TOO_MANY_CONNECTIONS, and no one else's`, async () => {
    const customer = await freshCustomer();
    for (let i = 0; i < socketsPerUser; i++) opened.push(await liveClient(customer).connect());
    const extra = liveClient(customer);
    expect(await refusal(extra)).toMatchObject({ code: 'TOO_MANY_CONNECTIONS' });
    await expect.poll(() => extra.socket.connected).toBe(false);

    // Another user is served; and a closed socket frees its place.
    opened.push(await liveClient(await freshCustomer()).connect());
    opened.shift()!.disconnect();
    await expect
      .poll(async () => {
        const again = liveClient(customer);
        try {
          await again.connect();
          opened.push(again);
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
  });

  it(`answers catch-ups beyond ${catchUpsPerMinute} a minute with RATE_LIMITED; a reconnect is then told to reload`, async () => {
    const customer = await freshCustomer();
    const client = await liveClient(customer).connect();
    opened.push(client);
    const from = await lastCursor(t.db.sql);
    for (let i = 0; i < catchUpsPerMinute; i++) expect(await client.catchUp(from)).toMatchObject({ complete: true });
    expect(await client.catchUp(from)).toMatchObject({ code: 'RATE_LIMITED' });

    // Reconnecting with a cursor is a catch-up too: not replayed, the client reloads over HTTP.
    const reconnect = await liveClient(customer, from).connect();
    opened.push(reconnect);
    expect(reconnect.caughtUp[0]).toMatchObject({ replayed: 0, complete: false });

    // Another user's catch-ups are not affected.
    const other = await liveClient(await freshCustomer()).connect();
    opened.push(other);
    expect(await other.catchUp(from)).toMatchObject({ complete: true });
  });

  it('clamps a far-future cursor to the head: the socket is told to reload and still gets live messages', async () => {
    const customer = await freshCustomer();
    const forged = '9999999999:99999999';
    const client = await liveClient(customer, forged).connect();
    opened.push(client);
    expect(client.caughtUp[0]).toEqual({ cursor: await lastCursor(t.db.sql), replayed: 0, complete: false });
    expect(await client.catchUp(forged)).toMatchObject({ replayed: 0, complete: false });

    const booking = await bookAs(customer, barber);
    await expect.poll(() => client.of(booking.id).length, { timeout: 10_000 }).toBe(1);
  });
});
