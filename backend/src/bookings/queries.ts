import type { BookingView } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import { BOOKING_VIEW_SELECT, toBookingView, type BookingViewRow } from './views';

type Db = Sql | Tx;

/** WHERE conditions with numbered parameters, for the few list queries below. */
class Where {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];
  add(condition: (p: (value: unknown) => string) => string): this {
    this.conditions.push(condition((value) => `$${this.params.push(value)}`));
    return this;
  }
  param(value: unknown): string {
    return `$${this.params.push(value)}`;
  }
  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

async function selectViews(db: Db, where: Where, tail: string): Promise<BookingView[]> {
  const rows = await db.unsafe<BookingViewRow[]>(`${BOOKING_VIEW_SELECT} ${where} ${tail}`, where.params as never[]);
  return rows.map(toBookingView);
}

async function count(db: Db, where: Where): Promise<number> {
  const [row] = await db.unsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM bookings b ${where}`,
    where.params as never[],
  );
  return row?.n ?? 0;
}

export async function getBookingView(db: Db, bookingId: string): Promise<BookingView | null> {
  const [view] = await selectViews(
    db,
    new Where().add((p) => `b.id = ${p(bookingId)}`),
    '',
  );
  return view ?? null;
}

/** A customer's bookings, the most recently made first. */
export async function listCustomerBookings(db: Db, customerId: number): Promise<BookingView[]> {
  return selectViews(
    db,
    new Where().add((p) => `b.customer_id = ${p(customerId)}`),
    'ORDER BY b.created_at DESC, b.id',
  );
}

/** null = every barber (an administrator without a barber chosen). */
export type BarberScope = number | null;

function barberWhere(barberId: BarberScope): Where {
  const where = new Where();
  if (barberId !== null) where.add((p) => `b.barber_id = ${p(barberId)}`);
  return where;
}

/** The bookings of one date, or (without a date) those from today on, in time order, a page at a time. */
export async function listBarberBookings(
  db: Db,
  options: { barberId: BarberScope; date?: string; today: string; page: number; limit: number },
): Promise<{ bookings: BookingView[]; total: number }> {
  const where = barberWhere(options.barberId);
  if (options.date) where.add((p) => `b.date = ${p(options.date)}::date`);
  else where.add((p) => `b.date >= ${p(options.today)}::date`);
  const total = await count(db, where);
  const limit = where.param(options.limit);
  const offset = where.param((options.page - 1) * options.limit);
  const bookings = await selectViews(
    db,
    where,
    `ORDER BY b.date, b.start_time, b.created_at LIMIT ${limit} OFFSET ${offset}`,
  );
  return { bookings, total };
}

/** Bookings dated before `before`, newest first, with the service name and price the past list reads. */
export async function listPastBookings(
  db: Db,
  options: { barberId: BarberScope; before: string; page: number; limit: number },
): Promise<{ bookings: (BookingView & { serviceName: string; price: string })[]; hasMore: boolean }> {
  const where = barberWhere(options.barberId).add((p) => `b.date < ${p(options.before)}::date`);
  const limit = where.param(options.limit + 1);
  const offset = where.param((options.page - 1) * options.limit);
  const rows = await selectViews(
    db,
    where,
    `ORDER BY b.date DESC, b.start_time DESC, b.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const bookings = rows
    .slice(0, options.limit)
    .map((b) => ({ ...b, serviceName: b.service.name, price: b.totalAmount }));
  return { bookings, hasMore: rows.length > options.limit };
}

const dollars = (cents: number | bigint | null | undefined) => Number(cents ?? 0) / 100;

/** Platform totals (a barber applicant counts as a barber, not also as a customer); revenue is the gross of completed bookings less refunds, in dollars. */
export async function adminStats(db: Db) {
  const [row] = await db<{ barbers: number; customers: number; bookings: number; revenue: bigint }[]>`
    SELECT (SELECT count(*)::int FROM barbers) AS barbers,
           -- a barber applicant keeps the customer role until verified: counted once, as a barber
           (SELECT count(*)::int FROM users u
             WHERE u.role = 'customer' AND NOT EXISTS (SELECT 1 FROM barbers b WHERE b.user_id = u.id)) AS customers,
           (SELECT count(*)::int FROM bookings) AS bookings,
           (SELECT coalesce(sum(kept_total_cents), 0)::bigint FROM bookings WHERE status = 'completed') AS revenue`;
  return {
    totalBarbers: row?.barbers ?? 0,
    totalCustomers: row?.customers ?? 0,
    totalBookings: row?.bookings ?? 0,
    totalRevenue: dollars(row?.revenue),
  };
}
