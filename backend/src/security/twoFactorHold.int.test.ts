import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_REQUIRED_MESSAGE } from '../plugins/auth';
import { createUser } from '../test/fixtures';
import { useLiveTestApp } from '../test/live';

// "Require 2FA for admin accounts" held only the routes of a role: an administrator who had not enrolled could
// still edit any user's account, change any booking and follow every booking live as the admin room.
const live = useLiveTestApp();
const t = live.t;

describe('an administrator held to the two-factor set-up', () => {
  it('uses no signed-in route but who-am-I, sign-out and enrolment, and gets no live socket', async () => {
    await t.deps.settings.update({ twoFactorEnabled: true });
    const admin = await createUser(t.db.sql, 'admin');
    const customer = await createUser(t.db.sql, 'customer');
    const client = await live.signIn(admin.username);
    const held = {
      status: 403,
      body: { code: 'TWO_FACTOR_SETUP_REQUIRED', message: TWO_FACTOR_SETUP_REQUIRED_MESSAGE },
    };

    const edit = { fullName: 'Taken Over', email: 'taken@example.com', phone: '3055550100' };
    expect(await client.put(`/api/users/${customer.id}`, edit)).toMatchObject(held);
    expect(await client.get('/api/notifications')).toMatchObject(held);
    expect(await client.get('/api/my-bookings')).toMatchObject(held);
    const [row] = await t.db.sql<
      { fullName: string }[]
    >`SELECT full_name AS "fullName" FROM users WHERE id = ${customer.id}`;
    expect(row!.fullName).not.toBe('Taken Over');
    await expect(live.liveClient(client).connect()).rejects.toThrow('TWO_FACTOR_SETUP_REQUIRED');

    expect((await client.get('/api/current-user')).status).toBe(200);
    expect((await client.get('/api/auth/two-factor')).status).toBe(200);
    expect((await client.post('/api/auth/two-factor/setup')).status).toBe(200);

    // Off again: the same session uses them all.
    await t.deps.settings.update({ twoFactorEnabled: false });
    expect((await client.get('/api/notifications')).status).toBe(200);
    const socket = await live.liveClient(client).connect();

    // On again: the socket opened meanwhile loses the admin room at once, as its handshake would be refused now.
    const dropped = new Promise<string>((resolve) => socket.socket.on('disconnect', (reason) => resolve(reason)));
    await t.deps.settings.update({ twoFactorEnabled: true });
    expect(
      await Promise.race([dropped, new Promise((r) => setTimeout(() => r('still connected after 3 s'), 3000))]),
    ).toBe('io server disconnect');
  });
});
