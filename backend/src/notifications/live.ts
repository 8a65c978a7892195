import type { Server } from 'socket.io';
import { realtimeRooms } from '@barber/shared';
import type { Sql } from '../db/connect';
import { findNotification } from './queries';

export const NOTIFICATIONS_CHANNEL = 'notifications';

/**
 * Tells every backend instance that a notification was stored (call after the insert is committed), so that its
 * owner's bell shows it at once: a reminder, or a notice whose job ran late, comes with no booking event to
 * wake the bell. A hint, as the log's wake-ups are (eventstore/wakeups.ts): the bell reads its list again when its
 * socket reconnects. Never throws, never waits.
 */
export function announceNotification(sql: Sql, userId: number, notificationId: number): void {
  sql`SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${`${userId}:${notificationId}`})`.catch(() => {});
}

/**
 * Pushes each announced notification to its owner's sockets on this instance (event `notification`), read from
 * Postgres: the announcement carries ids only. Answers the function that stops listening.
 */
export async function pushAnnouncedNotifications(
  sql: Sql,
  io: Pick<Server, 'to' | 'of'>,
  log: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let listening = false;
  const { unlisten } = await sql.listen(
    NOTIFICATIONS_CHANNEL,
    (payload) => {
      const [userId, id] = payload.split(':').map(Number);
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(id)) return;
      const room = realtimeRooms.user(userId!);
      if (!io.of('/').adapter.rooms.get(room)?.size) return; // none of the owner's sockets is here
      findNotification(sql, userId!, id!).then((notification) => {
        if (notification) io.to(room).emit('notification', notification);
      }, log);
    },
    () => {
      // Listening again after the connection was lost: what was announced meanwhile reached no one here.
      if (listening) io.of('/').emit('notifications-stale');
      listening = true;
    },
  );
  return unlisten;
}
