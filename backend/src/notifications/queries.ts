import type { Notification } from '@barber/shared';
import type { Sql } from '../db/connect';

const LIST_LIMIT = 50;

interface Row {
  id: number;
  kind: string;
  title: string;
  body: string;
  bookingId: string | null;
  readAt: Date | null;
  createdAt: Date;
}

const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  bookingId: r.bookingId,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

const columns = (sql: Sql) =>
  sql`id, kind, title, body, booking_id AS "bookingId", read_at AS "readAt", created_at AS "createdAt"`;

/** A user's newest notifications and how many of all of them are unread. */
export async function listNotifications(
  sql: Sql,
  userId: number,
): Promise<{ notifications: Notification[]; unreadCount: number }> {
  const rows = await sql<Row[]>`
    SELECT ${columns(sql)} FROM notifications WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${LIST_LIMIT}`;
  const [count] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`;
  return { notifications: rows.map(toNotification), unreadCount: count!.n };
}

/** One of the user's notifications, or null (not theirs, or gone). */
export async function findNotification(sql: Sql, userId: number, id: number): Promise<Notification | null> {
  const [row] = await sql<Row[]>`SELECT ${columns(sql)} FROM notifications WHERE id = ${id} AND user_id = ${userId}`;
  return row ? toNotification(row) : null;
}

/** Marks one of the user's notifications read (keeps the first read time); null when it is not theirs. */
export async function markRead(sql: Sql, userId: number, id: number): Promise<Notification | null> {
  const [row] = await sql<Row[]>`
    UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = ${id} AND user_id = ${userId} RETURNING ${columns(sql)}`;
  return row ? toNotification(row) : null;
}

export async function markAllRead(sql: Sql, userId: number): Promise<number> {
  const rows =
    await sql`UPDATE notifications SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL RETURNING id`;
  return rows.length;
}
