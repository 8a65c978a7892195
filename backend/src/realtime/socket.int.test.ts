import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../eventstore/store';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';
import type { PushMessage } from './socket';

const t = useTestApp({ realtime: true, listen: true });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

function url(): string {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

async function connectAs(username: string): Promise<Socket> {
  const client = new Client(t.app);
  await client.login(username, PASSWORD);
  const socket = connectSocket(url(), { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('live path', () => {
  it('refuses a socket without a session', async () => {
    const socket = connectSocket(url(), { transports: ['websocket'] });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('UNAUTHENTICATED');
  });

  it('pushes a committed event to the sockets of its audience and of admins only', async () => {
    const customer = await createUser(t.db.sql, 'customer');
    const stranger = await createUser(t.db.sql, 'customer');
    const admin = await createUser(t.db.sql, 'admin');
    const [mine, theirs, admins] = await Promise.all([connectAs(customer.username), connectAs(stranger.username), connectAs(admin.username)]);
    const received = { mine: [] as PushMessage[], theirs: [] as PushMessage[], admins: [] as PushMessage[] };
    mine.on('event', (m: PushMessage) => received.mine.push(m));
    theirs.on('event', (m: PushMessage) => received.theirs.push(m));
    admins.on('event', (m: PushMessage) => received.admins.push(m));

    await t.db.sql.begin((tx) =>
      appendToStream(tx, 'booking-live-1', 0, [{ type: 'created', data: { hello: 'world' } }], {
        audience: { userIds: [customer.id], barberIds: [] },
      }),
    );

    await expect.poll(() => received.mine.length, { timeout: 3000 }).toBe(1);
    await expect.poll(() => received.admins.length, { timeout: 3000 }).toBe(1);
    expect(received.mine[0]).toMatchObject({ streamId: 'booking-live-1', type: 'created', data: { hello: 'world' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(received.theirs).toHaveLength(0);
  });
});
