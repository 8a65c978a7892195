import { describe, expect, it } from 'vitest';
import type { LiveClient } from '../realtime/liveFixtures';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';
import { useLiveTestApp } from '../test/live';
import { passwordResetJobs } from '../test/queues';

// Issue 10: a password change, an admin set-password and a reset end the user's other sessions and
// disconnect their sockets; a logout disconnects the session's sockets.
const { t, signIn, liveClient } = useLiveTestApp();

const disconnected = (client: LiveClient) =>
  new Promise<string>((resolve) => {
    if (!client.socket.connected) resolve('already');
    client.socket.once('disconnect', (reason) => resolve(reason));
  });

async function signedInTwice() {
  const user = await createUser(t.db.sql, 'customer');
  const here = await signIn(user.username);
  const elsewhere = await signIn(user.username);
  const socket = await liveClient(elsewhere).connect();
  return { user, here, elsewhere, socket };
}

describe('sessions and sockets end with the password', () => {
  it("a password change signs the user's other sessions out and disconnects their sockets", async () => {
    await t.deps.settings.update({ rateLimitEnabled: false });
    const { user, here, elsewhere, socket } = await signedInTwice();
    const gone = disconnected(socket);
    const res = await here.request('PUT', `/api/users/${user.id}/password`, {
      currentPassword: PASSWORD,
      newPassword: 'a-new-password-1',
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await elsewhere.get('/api/current-user')).status).toBe(401);
    expect((await here.get('/api/current-user')).status).toBe(200);
  });

  it("an administrator's set-password signs the user out everywhere and disconnects their sockets", async () => {
    const { user, here, socket } = await signedInTwice();
    const admin = await createUser(t.db.sql, 'admin');
    const adminClient = await signIn(admin.username);
    const gone = disconnected(socket);
    expect(
      (await adminClient.request('PUT', `/api/admin/users/${user.id}/password`, { newPassword: 'set-by-admin-1' }))
        .status,
    ).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await here.get('/api/current-user')).status).toBe(401);
  });

  it('a reset signs the user out everywhere and disconnects their sockets', async () => {
    const { user, here, socket } = await signedInTwice();
    const gone = disconnected(socket);
    await new Client(t.app).post('/api/forgot-password', { email: `${user.username}@example.com` });
    const job = (await passwordResetJobs(t)).find((j) => j.userId === user.id)!;
    const token = new URL(job.resetUrl).searchParams.get('token')!;
    expect((await new Client(t.app).post('/api/reset-password', { token, newPassword: 'after-reset-12' })).status).toBe(
      200,
    );
    expect(await gone).toBe('io server disconnect');
    expect((await here.get('/api/current-user')).status).toBe(401);
  });

  it("a logout disconnects that session's sockets, and only those", async () => {
    const { here, elsewhere, socket } = await signedInTwice();
    const mine = await liveClient(here).connect();
    const gone = disconnected(mine);
    expect((await here.post('/api/logout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(socket.socket.connected).toBe(true);
    expect((await elsewhere.get('/api/current-user')).status).toBe(200);
  });
});
