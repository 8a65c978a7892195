import {
  defaultNotificationPreferences,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@barber/shared';
import type { Sql } from '../db/connect';
import type { BookingPeople } from './messages';

export interface Recipient {
  userId: number;
  name: string;
  email: string;
  preferences: NotificationPreferences;
}

export interface BookingParties extends BookingPeople {
  customer: Recipient | null;
  barber: Recipient | null;
}

/** A user's preferences: the stored ones over the defaults (a missing or partial row keeps the defaults). */
export function preferencesOf(stored: unknown): NotificationPreferences {
  const parsed = notificationPreferencesSchema.partial().safeParse(stored ?? {});
  return { ...defaultNotificationPreferences, ...(parsed.success ? parsed.data : {}) };
}

interface Row {
  userId: number;
  name: string;
  email: string;
  prefs: unknown;
}

/** A user messages name: their full name, else their username (an empty name made " requested a ..."). */
async function recipient(sql: Sql, where: 'user' | 'barber', id: number): Promise<Recipient | null> {
  const [row] =
    where === 'user'
      ? await sql<Row[]>`
          SELECT u.id AS "userId", coalesce(nullif(btrim(u.full_name), ''), u.username) AS name, u.email, p.data AS prefs
            FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id WHERE u.id = ${id}`
      : await sql<Row[]>`
          SELECT u.id AS "userId", coalesce(nullif(btrim(u.full_name), ''), u.username) AS name, u.email, p.data AS prefs
            FROM barbers b JOIN users u ON u.id = b.user_id LEFT JOIN notification_preferences p ON p.user_id = u.id WHERE b.id = ${id}`;
  return row ? { userId: row.userId, name: row.name, email: row.email, preferences: preferencesOf(row.prefs) } : null;
}

/** Users' notification preferences as they are now, by user id (the defaults for one who never saved any). */
export async function preferencesOfUsers(
  sql: Sql,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferences>> {
  const rows = await sql<{ userId: number; prefs: unknown }[]>`
    SELECT user_id AS "userId", data AS prefs FROM notification_preferences WHERE user_id = ANY(${[...userIds]}::int[])`;
  const stored = new Map(rows.map((r) => [r.userId, r.prefs]));
  return new Map(userIds.map((id) => [id, preferencesOf(stored.get(id))]));
}

/** The customer and the barber of a booking, and the names its messages use. */
export async function loadParties(
  sql: Sql,
  booking: { customerId: number; barberId: number; serviceId: number; serviceName?: string },
): Promise<BookingParties> {
  const [customer, barber, service] = await Promise.all([
    recipient(sql, 'user', booking.customerId),
    recipient(sql, 'barber', booking.barberId),
    // the name as booked; an older booking's service by its name now
    booking.serviceName
      ? [{ name: booking.serviceName }]
      : sql<{ name: string }[]>`SELECT name FROM services WHERE id = ${booking.serviceId}`,
  ]);
  return {
    customer,
    barber,
    customerName: customer?.name ?? 'Your customer',
    barberName: barber?.name ?? 'Your barber',
    serviceName: service[0]?.name ?? 'appointment',
  };
}
