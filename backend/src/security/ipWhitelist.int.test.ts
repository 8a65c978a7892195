import { IP_WHITELIST_MESSAGE } from '@barber/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ADDRESS_REFUSED, addressAllowed } from '../platform/addressAllowlist';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';

// The platform setting ipWhitelist (docs/spec/barber-and-admin.md: "text, no field on screen") was stored and
// read nowhere. Administrators now sign in and act only from the listed addresses; other roles anywhere.
const t = useTestApp();

afterEach(async () => {
  await t.deps.settings.update({ ipWhitelist: '' });
});

/** A request from `address` (light-my-request's remoteAddress; the test app trusts no proxy). */
const from = (address: string, url: string, cookie: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { cookie, 'x-requested-with': 'test' },
    ...(payload ? { payload } : {}),
  });

async function signedIn(role: 'admin' | 'customer') {
  const user = await createUser(t.db.sql, role);
  const client = new Client(t.app);
  await client.login(user.username, PASSWORD);
  return { user, client };
}

describe('the IP whitelist of the admin area', () => {
  it('refuses a list that would lock out the administrator writing it, and one with an entry that is not an address', async () => {
    const { client } = await signedIn('admin');
    const lockout = await client.patch('/api/admin/settings', { ipWhitelist: '203.0.113.0/24' });
    expect(lockout.status).toBe(400);
    expect(lockout.body.message).toBe('This IP whitelist would lock you out: your address 127.0.0.1 is not in it.');
    const bad = await client.patch('/api/admin/settings', { ipWhitelist: '127.0.0.1, office-router' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'body.ipWhitelist', message: IP_WHITELIST_MESSAGE }]);
    expect(t.deps.settings.current().ipWhitelist).toBe('');
  });

  it('lets administrators in from the listed addresses and ranges only, and everyone else anywhere', async () => {
    const admin = await signedIn('admin');
    const customer = await signedIn('customer');
    const saved = await admin.client.patch('/api/admin/settings', {
      ipWhitelist: '127.0.0.1\n203.0.113.0/24, 2001:db8::/32',
    });
    expect(saved.status).toBe(200);

    const cookie = admin.client.cookieHeader;
    expect((await from('203.0.113.7', '/api/admin/settings', cookie)).statusCode).toBe(200);
    expect((await from('2001:db8::5', '/api/admin/settings', cookie)).statusCode).toBe(200);
    const outside = await from('198.51.100.9', '/api/admin/settings', cookie);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_ADDRESS_REFUSED });
    // any guarded route, not only the admin area's, the two-factor ones too
    expect((await from('198.51.100.9', '/api/notifications', cookie)).statusCode).toBe(403);
    expect((await from('198.51.100.9', '/api/auth/two-factor', cookie)).statusCode).toBe(403);
    expect((await from('127.0.0.1', '/api/auth/two-factor', cookie)).statusCode).toBe(200);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.9',
      headers: { 'x-requested-with': 'test' },
      payload: { username: admin.user.username, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    // a wrong password gets the same answer from there: the refusal tells nothing of the password
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.9',
      headers: { 'x-requested-with': 'test' },
      payload: { username: admin.user.username, password: 'not-the-password' },
    });
    expect([guess.statusCode, guess.json().message]).toEqual([403, ADMIN_ADDRESS_REFUSED]);

    expect((await from('198.51.100.9', '/api/notifications', customer.client.cookieHeader)).statusCode).toBe(200);
  });

  it('reads a list stored before writes were checked without widening it or failing every request', () => {
    // "10.0.0.0/" is not the whole IPv4 space, "/33" does not throw on each request; the valid entries hold
    expect(addressAllowed('10.0.0.0/, 10.1.0.0/33, 127.0.0.1', '8.8.8.8')).toBe(false);
    expect(addressAllowed('10.0.0.0/, 10.1.0.0/33, 127.0.0.1', '127.0.0.1')).toBe(true);
    expect(addressAllowed('10.0.0.0/8', '::ffff:10.2.3.4')).toBe(true);
  });
});
