import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../test/fixtures';
import { useLiveTestApp } from '../test/live';

// The IP whitelist holds for the administrators' live activity too: a session taken elsewhere opens no socket.
const live = useLiveTestApp();

afterEach(async () => {
  await live.t.deps.settings.update({ ipWhitelist: '' });
});

describe('the IP whitelist and the live socket', () => {
  it("refuses an administrator's socket from an address it does not list, and lets a customer's through", async () => {
    const admin = await live.signIn((await createUser(live.t.db.sql, 'admin')).username);
    const customer = await live.signIn((await createUser(live.t.db.sql, 'customer')).username);
    // the sockets come from 127.0.0.1
    await live.t.deps.settings.update({ ipWhitelist: '10.0.0.0/8' });
    await expect(live.liveClient(admin).connect()).rejects.toThrow('FORBIDDEN');
    await live.liveClient(customer).connect();

    await live.t.deps.settings.update({ ipWhitelist: '10.0.0.0/8, 127.0.0.1' });
    await live.liveClient(admin).connect();
  });
});
