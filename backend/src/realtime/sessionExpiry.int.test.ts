import { describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../plugins/redisSessionStore';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';
import { useTestInstances } from '../test/instances';
import { useLiveClients } from '../test/live';

/** One instance that looks up its sockets' sessions every 300 ms instead of every minute. */
const t = useTestInstances(1, { sessionCheckMs: 300 });
const openLive = useLiveClients();

async function signedIn(username: string): Promise<Client> {
  const client = new Client(t.instances[0]!.app);
  await client.login(username, PASSWORD);
  return client;
}

describe('a session that times out', () => {
  it('disconnects its sockets, though nobody announced its end, and keeps the others', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const expiring = await signedIn(user.username);
    const staying = await signedIn(user.username);
    const doomed = await openLive(t.instances[0]!.url, expiring).connect();
    const kept = await openLive(t.instances[0]!.url, staying).connect();
    let reason: string | undefined;
    doomed.socket.once('disconnect', (r) => (reason = r));

    // Its timeout, as Redis carries it out: the key expires.
    const id = decodeURIComponent(expiring.cookieHeader.slice('sid='.length)).split('.')[0]!;
    expect(await t.instances[0]!.deps.redis.pexpire(sessionKey(t.config.REDIS_PREFIX, id), 1)).toBe(1);

    await vi.waitUntil(() => reason !== undefined, { timeout: 3000, interval: 50 });
    expect(reason).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);
  });
});

describe('a session timeout lowered below the time since a session last rolled forward', () => {
  it('disconnects the sockets of that session at the next check, and keeps those of a session used since', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const idle = await signedIn(user.username);
    const active = await signedIn(user.username);
    const doomed = await openLive(t.instances[0]!.url, idle).connect();
    const kept = await openLive(t.instances[0]!.url, active).connect();
    let reason: string | undefined;
    doomed.socket.once('disconnect', (r) => (reason = r));
    // the idle session last rolled forward two hours ago (its 24-hour lifetime counted from then)
    const key = sessionKey(
      t.config.REDIS_PREFIX,
      decodeURIComponent(idle.cookieHeader.slice('sid='.length)).split('.')[0]!,
    );
    const data = JSON.parse((await t.instances[0]!.deps.redis.get(key))!);
    data.cookie = { originalMaxAge: 24 * 3600_000, expires: new Date(Date.now() + 22 * 3600_000).toISOString() };
    await t.instances[0]!.deps.redis.set(key, JSON.stringify(data), 'KEEPTTL');
    await t.instances[0]!.deps.settings.update({ sessionTimeout: 1 });
    try {
      await vi.waitUntil(() => reason !== undefined, { timeout: 3000, interval: 50 });
      expect(reason).toBe('io server disconnect');
      expect(kept.socket.connected).toBe(true);
    } finally {
      await t.instances[0]!.deps.settings.update({ sessionTimeout: 24 });
    }
  });
});

describe("a user's sessions revoked in Postgres whose deletion from Redis failed", () => {
  it('disconnects their sockets at the next check, and keeps the sockets of others', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const someoneElse = await createUser(t.db.sql, 'customer');
    const revokedSession = await signedIn(user.username);
    const doomed = await openLive(t.instances[0]!.url, revokedSession).connect();
    const kept = await openLive(t.instances[0]!.url, await signedIn(someoneElse.username)).connect();
    let reason: string | undefined;
    doomed.socket.once('disconnect', (r) => (reason = r));

    // what a password change writes in its statement; its Redis deletes never ran
    await t.db.sql`UPDATE users SET sessions_valid_after = now() WHERE id = ${user.id}`;

    await vi.waitUntil(() => reason !== undefined, { timeout: 3000, interval: 50 });
    expect(reason).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);
    // and it cannot connect again
    await expect(openLive(t.instances[0]!.url, revokedSession).connect()).rejects.toThrow();
  });
});

describe('a user changed in Postgres with no announcement heard', () => {
  it('disconnects a socket whose rooms would differ now (a barber profile) at the next check, and keeps the others', async () => {
    const becoming = await createUser(t.db.sql, 'customer');
    const staying = await createUser(t.db.sql, 'customer');
    const changed = await openLive(t.instances[0]!.url, await signedIn(becoming.username)).connect();
    const kept = await openLive(t.instances[0]!.url, await signedIn(staying.username)).connect();
    let reason: string | undefined;
    changed.socket.once('disconnect', (r) => (reason = r));

    // What creating a barber profile writes, its announcement lost (a bus that resubscribed or went deaf).
    await t.db.sql`INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status)
                   VALUES (${becoming.id}, 'Fades.', 3, ${['miami']}, true, 'approved')`;

    await vi.waitUntil(() => reason !== undefined, { timeout: 3000, interval: 50 });
    expect(reason).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);
  });
});
