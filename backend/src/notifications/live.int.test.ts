import { notificationSchema, type Notification } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/fixtures';
import { useLiveTestApp } from '../test/live';
import { announceNotification } from './live';

/*
 * A reminder (or a notice whose job ran late) comes with no booking event: the bell heard of it only on a
 * reload. Announced after it is stored, it reaches its owner's open screens at once, and nobody else's.
 */
const { t, signIn, liveClient } = useLiveTestApp();

function received(client: ReturnType<typeof liveClient>): Notification[] {
  const got: Notification[] = [];
  client.socket.on('notification', (raw) => got.push(notificationSchema.parse(raw)));
  return got;
}

describe('a stored notification, announced', () => {
  it("is pushed to its owner's sockets as the list shows it, and to no one else's", async () => {
    const [owner, stranger] = [await createUser(t.db.sql, 'customer'), await createUser(t.db.sql, 'customer')];
    const ownerHttp = await signIn(owner.username);
    const ownerLive = liveClient(ownerHttp);
    const strangerLive = liveClient(await signIn(stranger.username));
    const [mine, theirs] = [received(ownerLive), received(strangerLive)];
    await Promise.all([ownerLive.connect(), strangerLive.connect()]);

    const [row] = await t.db.sql<{ id: number }[]>`
      INSERT INTO notifications (user_id, kind, title, body, source_key)
      VALUES (${owner.id}, 'reminder', 'Appointment tomorrow', 'Fade at 10:00 AM', ${`test-${owner.id}`}) RETURNING id`;
    announceNotification(t.db.sql, owner.id, row!.id);

    await expect.poll(() => mine.length, { timeout: 5_000 }).toBe(1);
    const listed = (await ownerHttp.get('/api/notifications')).body.notifications[0];
    expect(mine[0]).toEqual(listed);
    expect(mine[0]).toMatchObject({ id: row!.id, title: 'Appointment tomorrow', read: false });
    // an announcement naming another user's notification pushes nothing
    announceNotification(t.db.sql, stranger.id, row!.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs).toEqual([]);
    expect(mine).toHaveLength(1);
  });
});

describe('the listening connection lost and back', () => {
  it('tells every socket here to read its notifications again: what was announced meanwhile reached no one', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const client = liveClient(await signIn(user.username));
    let stale = 0;
    client.socket.on('notifications-stale', () => (stale += 1));
    await client.connect();
    // the driver's one listening connection of this app (its last query the LISTEN of one channel or another)
    await t.db.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND query ILIKE 'listen %'`;
    await expect.poll(() => stale, { timeout: 10_000 }).toBe(1);
  });
});
