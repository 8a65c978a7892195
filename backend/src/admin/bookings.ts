import {
  etaClock,
  ADMIN_BOOKING_STATUS_LABELS,
  bookingStreamId,
  centsToString,
  type AdminBookingsFilterQuery,
  type BookingHistoryEntry,
  type BookingView,
} from '@barber/shared';
import type { Sql } from '../db/connect';
import { readStream } from '../eventstore/store';
import { BOOKING_VIEW_SELECT, toBookingView, type BookingViewRow } from '../bookings/views';

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * GET /api/admin/bookings: every booking, newest made first, narrowed by the Bookings screen's filters
 * (status, the booking's date from/to, barber, region) and its search: the customer's or the barber's
 * name, username or email, the service's name, or the start of the booking id.
 */
export async function listAdminBookings(
  sql: Sql,
  query: AdminBookingsFilterQuery,
): Promise<{ bookings: BookingView[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  if (query.status) conditions.push(`b.status = ${p(query.status)}`);
  if (query.from) conditions.push(`b.date >= ${p(query.from)}::date`);
  if (query.to) conditions.push(`b.date <= ${p(query.to)}::date`);
  if (query.barberId) conditions.push(`b.barber_id = ${p(query.barberId)}`);
  if (query.region) conditions.push(`b.city = ${p(query.region)}`);
  if (query.q) {
    const like = p(likePattern(query.q));
    const idPrefix = p(`${query.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
    conditions.push(`(cu.full_name ILIKE ${like} OR cu.username ILIKE ${like} OR cu.email ILIKE ${like}
                      OR bu.full_name ILIKE ${like} OR bu.username ILIKE ${like} OR bu.email ILIKE ${like}
                      OR coalesce(b.service_name, s.name) ILIKE ${like} OR b.id::text LIKE ${idPrefix})`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const filterParams = [...params];
  const rows = await sql.unsafe<BookingViewRow[]>(
    `${BOOKING_VIEW_SELECT} ${where} ORDER BY b.created_at DESC, b.id LIMIT ${p(query.limit)} OFFSET ${p(query.offset)}`,
    params as never[],
  );
  const bookings = rows.map(toBookingView);
  // A page that is not full is the last: the total is known without counting every match (a count of a million
  // bookings takes a fifth of a second, and the dashboard reads its last pages of the day often).
  if (rows.length < query.limit && (rows.length > 0 || query.offset === 0))
    return { bookings, total: query.offset + rows.length };
  const [counted] = await sql.unsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM bookings b
       LEFT JOIN users cu ON cu.id = b.customer_id
       LEFT JOIN services s ON s.id = b.service_id
       LEFT JOIN barbers br ON br.id = b.barber_id
       LEFT JOIN users bu ON bu.id = br.user_id ${where}`,
    filterParams as never[],
  );
  return { bookings, total: counted?.n ?? 0 };
}

type Data = Record<string, unknown>;

/** A few words per event type, for the history list of the admin's details dialog. */
export function historySummary(type: string, data: Data): string {
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  switch (type) {
    case 'created':
      return `Booked for ${str('date')} ${str('startTime')}-${str('endTime')}`;
    case 'detailsSaved':
      return 'Contact details saved';
    case 'paid':
      return `Paid $${centsToString(Number(data.amount ?? 0))}`;
    case 'paymentFailed':
      return `Payment failed: ${str('message')}`;
    case 'confirmed':
      return ADMIN_BOOKING_STATUS_LABELS.confirmed;
    case 'enRoute':
      return ADMIN_BOOKING_STATUS_LABELS.en_route;
    case 'arrived':
      return ADMIN_BOOKING_STATUS_LABELS.arrived;
    case 'started':
      return ADMIN_BOOKING_STATUS_LABELS.in_progress;
    case 'completed':
      return ADMIN_BOOKING_STATUS_LABELS.completed;
    case 'noShow':
      return ADMIN_BOOKING_STATUS_LABELS.no_show;
    case 'cancelled':
      return `Cancelled: ${str('reason')}`;
    case 'expired':
      return 'Checkout expired';
    case 'rescheduled':
      return `Rescheduled to ${str('date')} ${str('startTime')}-${str('endTime')}${data.visitCalledOff ? ' (the visit under way called off: confirmed again)' : ''}`;
    case 'notesUpdated':
      return 'Notes or travel time updated';
    case 'etaUpdated':
      return str('etaAt') ? `Arrival time moved to ${etaClock(str('etaAt'))}` : 'Arrival time moved';
    case 'refunded':
      return `Refunded $${centsToString(Number(data.amount ?? 0))}`;
    case 'refundSucceeded':
      return 'Refund went through at the bank';
    case 'refundFailed':
      return str('refundId').startsWith('refused:')
        ? `Refund refused by Stripe: ${str('reason')} (asked again tomorrow)`
        : `Refund failed at Stripe (${str('reason')}): $${centsToString(Number(data.amount ?? 0))} owed again`;
    default:
      return type;
  }
}

/** The booking's events, oldest first, each with who did it (from the event's metadata) and when; null if no such booking. */
export async function bookingHistory(sql: Sql, bookingId: string): Promise<BookingHistoryEntry[] | null> {
  const events = await readStream(sql, bookingStreamId(bookingId));
  if (events.length === 0) return null;
  const ids = [
    ...new Set(events.map((e) => e.metadata.actorUserId).filter((id): id is number => typeof id === 'number')),
  ];
  const names = new Map<number, string>();
  if (ids.length) {
    for (const u of await sql<{ id: number; name: string }[]>`
      SELECT id, coalesce(nullif(full_name, ''), username) AS name FROM users WHERE id = ANY(${ids}::int[])`)
      names.set(u.id, u.name);
  }
  return events.map((e) => {
    const userId = typeof e.metadata.actorUserId === 'number' ? e.metadata.actorUserId : null;
    return {
      version: e.streamVersion,
      type: e.type,
      at: new Date(e.recordedAt).toISOString(),
      actor: {
        role: e.metadata.actorRole ?? 'system',
        userId,
        name: userId === null ? null : (names.get(userId) ?? null),
      },
      summary: historySummary(e.type, e.data),
    };
  });
}
