import { io as connectSocket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../eventstore/store';
import type { Client } from '../test/client';
import { createUser } from '../test/fixtures';
import { settle, useLiveTestApp } from '../test/live';
import {
  bookAs,
  clockAtStart,
  createBarber,
  liveSettings,
  realClock,
  type LiveClient,
  setStatus,
  type BarberFixture,
} from './liveFixtures';

const { t, url, signIn, liveClient } = useLiveTestApp();
const live = (http: Client): Promise<LiveClient> => liveClient(http).connect();

describe('live path: connection', () => {
  it('refuses a socket without a session', async () => {
    const socket = connectSocket(url(), { transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.message).toBe('UNAUTHENTICATED');
  });

  it('refuses a socket opened by another site', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const http = await signIn(user.username);
    const socket = connectSocket(url(), {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: http.cookieHeader, origin: 'https://evil.example' },
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.message).toMatch(/websocket error|403|forbidden/i);
  });

  it('answers a handshake without a cursor with the cursor live messages follow', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const client = await live(await signIn(user.username));
    expect(client.caughtUp).toEqual([{ cursor: expect.stringMatching(/^\d+:\d+$/), replayed: 0, complete: true }]);
    expect(client.messages).toHaveLength(0);
  });
});

describe('live path: rooms follow the user', () => {
  it('disconnects a user who became a barber (their client joins the barber room on reconnecting), not one renamed', async () => {
    await t.deps.settings.update({ autoApproveBarbers: true });
    try {
      const [becoming, renamed] = [await createUser(t.db.sql, 'customer'), await createUser(t.db.sql, 'customer')];
      const becomingHttp = await signIn(becoming.username);
      const renamedHttp = await signIn(renamed.username);
      const [a, b] = [await live(becomingHttp), await live(renamedHttp)];
      const dropped = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
      let renamedDropped = false;
      b.socket.once('disconnect', () => (renamedDropped = true));

      const profile = await becomingHttp.post('/api/barbers', {
        bio: 'Fades at your door, ten years.',
        yearsOfExperience: 3,
      });
      expect(profile.status, JSON.stringify(profile.body)).toBe(201);
      expect(await dropped).toBe('io server disconnect');
      const named = await renamedHttp.put(`/api/users/${renamed.id}`, {
        fullName: 'Another Name',
        email: `${renamed.username}@example.com`,
      });
      expect(named.status).toBe(200);
      await settle();
      expect(renamedDropped).toBe(false);
    } finally {
      await t.deps.settings.update({ autoApproveBarbers: false });
    }
  });
});

describe('live path: an administrator who turns two-factor sign-in off while the platform requires it', () => {
  it('loses the admin room in every tab at once, as a new handshake would be refused', async () => {
    const admin = await createUser(t.db.sql, 'admin');
    const http = await signIn(admin.username);
    // Enrolled (accounts/twoFactor.ts writes enabled_at once a code is confirmed) and required.
    await t.db.sql`INSERT INTO user_two_factor (user_id, secret, enabled_at) VALUES (${admin.id}, 'unused', now())`;
    await t.deps.bus.invalidate('user', [admin.id]);
    await t.deps.settings.update({ twoFactorEnabled: true });
    try {
      const otherTab = await live(http);
      const dropped = new Promise<string>((resolve) => otherTab.socket.once('disconnect', resolve));
      // What disableTwoFactor writes and announces.
      await t.db.sql`DELETE FROM user_two_factor WHERE user_id = ${admin.id}`;
      await t.deps.bus.invalidate('user', [admin.id]);
      expect(
        await Promise.race([dropped, new Promise((r) => setTimeout(() => r('still connected after 3 s'), 3000))]),
      ).toBe('io server disconnect');
    } finally {
      await t.deps.settings.update({ twoFactorEnabled: false });
    }
  });
});

describe('live path: a session that ends while its socket shakes hands', () => {
  it('refuses the socket: the end could not find it in its room yet', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const http = await signIn(user.username);
    expect((await http.get('/api/current-user')).status).toBe(200); // the user held by this instance's cache
    let connecting: Promise<LiveClient> | undefined;
    // The handshake's look-up of the user waits on this lock while the session ends.
    await t.db.sql.begin(async (tx) => {
      await tx`LOCK TABLE user_two_factor IN ACCESS EXCLUSIVE MODE`;
      connecting = live(http);
      connecting.catch(() => {});
      await new Promise((r) => setTimeout(r, 300));
      expect((await http.post('/api/logout')).status).toBe(200);
    });
    await expect(connecting!).rejects.toThrow('UNAUTHENTICATED');
  });
});

describe('live path: who receives what', () => {
  let barber: BarberFixture;
  let otherBarber: BarberFixture;
  let customer: Client;
  let barberHttp: Client;
  const sockets = {} as Record<'mine' | 'stranger' | 'barber' | 'otherBarber' | 'admin', LiveClient>;

  beforeAll(async () => {
    await liveSettings(t.deps.settings);
    barber = await createBarber(t.db.sql);
    otherBarber = await createBarber(t.db.sql);
    const [c, s, a] = await Promise.all([
      createUser(t.db.sql, 'customer'),
      createUser(t.db.sql, 'customer'),
      createUser(t.db.sql, 'admin'),
    ]);
    customer = await signIn(c.username);
    barberHttp = await signIn(barber.username);
    sockets.mine = await live(customer);
    sockets.stranger = await live(await signIn(s.username));
    sockets.barber = await live(barberHttp);
    sockets.otherBarber = await live(await signIn(otherBarber.username));
    sockets.admin = await live(await signIn(a.username));
  });

  it('pushes each booking event, with the read model, to its customer, its barber and admins only', async () => {
    const booking = await bookAs(customer, barber);
    const confirmed = await setStatus(barberHttp, booking.id, 'confirmed');

    for (const who of ['mine', 'barber', 'admin'] as const) {
      await expect.poll(() => sockets[who].of(booking.id).length, { timeout: 10_000 }).toBe(3);
      const [created, details, confirm] = sockets[who].of(booking.id);
      expect(details).toMatchObject({ type: 'detailsSaved', status: null });
      expect(created).toMatchObject({ bookingId: booking.id, type: 'created', status: 'pending', replayed: false });
      expect(confirm).toMatchObject({ bookingId: booking.id, type: 'confirmed', status: 'confirmed', replayed: false });
      expect(confirm!.booking).toEqual(confirmed);
      expect(BigInt(confirm!.position)).toBeGreaterThan(BigInt(created!.position));
      expect(confirm!.cursor.endsWith(`:${confirm!.position}`)).toBe(true);
    }
    await settle();
    expect(sockets.stranger.messages).toHaveLength(0);
    expect(sockets.otherBarber.messages).toHaveLength(0);
  });

  it('says a reschedule that calls off the visit under way confirmed the booking again', async () => {
    const booking = await bookAs(customer, barber);
    await setStatus(barberHttp, booking.id, 'confirmed');
    clockAtStart([t.deps], booking);
    try {
      await setStatus(barberHttp, booking.id, 'en_route');
      const later = barber.nextSlot();
      const moved = await barberHttp.put(`/api/bookings/${booking.id}/update`, {
        isEditingDateTime: true,
        ...later,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.booking.status).toBe('confirmed');
    } finally {
      realClock([t.deps]);
    }
    for (const who of ['mine', 'barber', 'admin'] as const) {
      await expect
        .poll(() => sockets[who].of(booking.id).find((m) => m.type === 'rescheduled'), { timeout: 10_000 })
        .toMatchObject({ type: 'rescheduled', status: 'confirmed', booking: { status: 'confirmed' } });
    }
  });

  it('gives another barber their own bookings and nothing of the first barber', async () => {
    const booking = await bookAs(customer, otherBarber);
    await expect.poll(() => sockets.otherBarber.of(booking.id).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => sockets.admin.of(booking.id).length, { timeout: 10_000 }).toBe(2);
    await settle();
    expect(sockets.barber.of(booking.id)).toHaveLength(0);
    expect(sockets.stranger.messages).toHaveLength(0);
  });

  it('pushes an event of another stream by its audience, without a booking', async () => {
    await t.db.sql.begin((tx) =>
      appendToStream(tx, 'note-live-1', 0, [{ type: 'noted', data: { hello: 'world' } }], {
        audience: { userIds: [barber.id], barberIds: [] },
      }),
    );
    await expect
      .poll(() => sockets.barber.messages.filter((m) => m.type === 'noted').length, { timeout: 10_000 })
      .toBe(1);
    expect(sockets.barber.messages.find((m) => m.type === 'noted')).toMatchObject({
      bookingId: null,
      status: null,
      booking: null,
    });
    await expect
      .poll(() => sockets.admin.messages.filter((m) => m.type === 'noted').length, { timeout: 10_000 })
      .toBe(1);
    await settle();
    expect(sockets.mine.messages.filter((m) => m.type === 'noted')).toHaveLength(0);
  });
});
