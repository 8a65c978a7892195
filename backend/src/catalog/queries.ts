import {
  addDaysLocal,
  centsToString,
  DEFAULT_STARTING_PRICE,
  toInstant,
  type AvailabilityBlock as BlockAnswer,
  type BarberListing,
  type BarberProfile,
  type MyReviewsAnswer,
  type Review,
  type Service,
} from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import type { AvailabilityBlock, HeldRange } from '../bookings/slotRules';
import { DEFAULT_SLOT_DURATION } from './slots';

type Db = Sql | Tx;

export interface BarberRow {
  id: number;
  userId: number;
  bio: string;
  yearsOfExperience: number;
  cities: string[];
  portfolioImages: string[];
  isVerified: boolean;
  verificationStatus: 'pending' | 'approved' | 'rejected';
  blacklistedZipcodes: string[];
  rating: string;
  reviewCount: number;
  fullName: string;
  username: string;
  phone: string | null;
  email: string;
}

export interface ServiceRow extends Service {
  priceCents: number;
}

export interface BarberFilter {
  ids?: number[];
  verifiedOnly?: boolean;
  /** Region key the barber lists among their cities. */
  city?: string;
  /** The barber has an active service of this category. */
  category?: string;
}

/** Barbers with their user, best rated first. */
export async function findBarbers(db: Db, filter: BarberFilter = {}): Promise<BarberRow[]> {
  return db<BarberRow[]>`
    SELECT b.id, b.user_id AS "userId", b.bio, b.years_of_experience AS "yearsOfExperience", b.cities,
           b.portfolio_images AS "portfolioImages", b.is_verified AS "isVerified", b.verification_status AS "verificationStatus",
           b.blacklisted_zipcodes AS "blacklistedZipcodes", b.rating::text AS rating, b.review_count AS "reviewCount",
           u.full_name AS "fullName", u.username, u.phone, u.email
      FROM barbers b JOIN users u ON u.id = b.user_id
     WHERE true
       ${filter.ids ? db`AND b.id = ANY(${filter.ids}::int[])` : db``}
       ${filter.verifiedOnly ? db`AND b.is_verified` : db``}
       ${filter.city ? db`AND ${filter.city} = ANY(b.cities)` : db``}
       ${
         filter.category
           ? db`AND EXISTS (SELECT 1 FROM services s WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
                                                     AND lower(s.category) = lower(${filter.category}))`
           : db``
       }
     ORDER BY b.rating DESC, b.review_count DESC, b.id`;
}

export async function findBarber(db: Db, barberId: number): Promise<BarberRow | null> {
  const [row] = await findBarbers(db, { ids: [barberId] });
  return row ?? null;
}

const SERVICE_COLUMNS = `id, barber_id AS "barberId", name, description, duration, price_cents AS "priceCents", category, is_active AS "isActive"`;

function toServiceRow(row: Omit<ServiceRow, 'price'>): ServiceRow {
  return { ...row, price: centsToString(row.priceCents) };
}

export function toService(row: ServiceRow): Service {
  const { id, barberId, name, description, duration, price, category, isActive } = row;
  return { id, barberId, name, description, duration, price, category, isActive };
}

/** Services (never the deleted ones) of the barbers, by barber, cheapest first. */
export async function loadServices(
  db: Db,
  barberIds: number[],
  options: { activeOnly: boolean },
): Promise<Map<number, ServiceRow[]>> {
  const rows = await db.unsafe<Omit<ServiceRow, 'price'>[]>(
    `SELECT ${SERVICE_COLUMNS} FROM services
      WHERE barber_id = ANY($1::int[]) AND deleted_at IS NULL ${options.activeOnly ? 'AND is_active' : ''}
      ORDER BY price_cents, id`,
    [barberIds as never],
  );
  return groupBy(rows.map(toServiceRow), (s) => s.barberId);
}

export async function findService(db: Db, serviceId: number): Promise<ServiceRow | null> {
  const [row] = await db.unsafe<Omit<ServiceRow, 'price'>[]>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE id = $1 AND deleted_at IS NULL`,
    [serviceId],
  );
  return row ? toServiceRow(row) : null;
}

const BLOCK_COLUMNS = `id, barber_id AS "barberId", day_of_week AS "dayOfWeek", start_time AS "startTime", end_time AS "endTime",
  service_counties AS "serviceCounties", service_cities AS "serviceCities", travel_buffer AS "travelBuffer", is_active AS "isActive"`;

/** Availability blocks of the barbers, by barber, in weekly order. */
export async function loadBlocks(
  db: Db,
  barberIds: number[],
  options: { activeOnly: boolean },
): Promise<Map<number, AvailabilityBlock[]>> {
  const rows = await db.unsafe<AvailabilityBlock[]>(
    `SELECT ${BLOCK_COLUMNS} FROM availability_blocks
      WHERE barber_id = ANY($1::int[]) ${options.activeOnly ? 'AND is_active' : ''}
      ORDER BY day_of_week, start_time, id`,
    [barberIds as never],
  );
  return groupBy(rows, (b) => b.barberId);
}

export async function findBlock(db: Db, blockId: number): Promise<AvailabilityBlock | null> {
  const [row] = await db.unsafe<AvailabilityBlock[]>(`SELECT ${BLOCK_COLUMNS} FROM availability_blocks WHERE id = $1`, [
    blockId,
  ]);
  return row ?? null;
}

export function toBlockAnswer(block: AvailabilityBlock): BlockAnswer {
  return { ...block, serviceCounties: [...block.serviceCounties], serviceCities: [...block.serviceCities] };
}

/** Time held by the barbers' live bookings (barber_schedule) overlapping [from, to), by barber. */
export async function loadHeld(db: Db, barberIds: number[], from: Date, to: Date): Promise<Map<number, HeldRange[]>> {
  const rows = await db<{ barberId: number; from: Date; to: Date }[]>`
    SELECT barber_id AS "barberId", lower(during) AS "from", upper(during) AS "to" FROM barber_schedule
     WHERE barber_id = ANY(${barberIds}::int[]) AND during && tstzrange(${from}, ${to}, '[)')`;
  return groupBy(
    rows.map((r) => ({ barberId: r.barberId, from: new Date(r.from), to: new Date(r.to) })),
    (r) => r.barberId,
  );
}

/** [start of date, start of date + days) in New York, as instants. */
export function dayRange(date: string, days = 1): { from: Date; to: Date } {
  return { from: toInstant(date, '00:00'), to: toInstant(addDaysLocal(date, days), '00:00') };
}

/** The duration slots are searched with: the shortest active service (of the category when given), else 30. */
export function slotDuration(services: readonly ServiceRow[], category?: string): number {
  const candidates = services.filter(
    (s) => s.isActive && (!category || s.category.toLowerCase() === category.toLowerCase()),
  );
  return candidates.length ? Math.min(...candidates.map((s) => s.duration)) : DEFAULT_SLOT_DURATION;
}

export function toListing(
  row: BarberRow,
  services: readonly ServiceRow[],
  nextAvailable: BarberListing['nextAvailable'],
): BarberListing {
  const active = services.filter((s) => s.isActive);
  const cheapest = active.length ? Math.min(...active.map((s) => s.priceCents)) : null;
  return {
    id: row.id,
    user: { id: row.userId, fullName: row.fullName, username: row.username, phone: row.phone, email: row.email },
    portfolioImages: row.portfolioImages,
    rating: row.rating,
    reviewCount: row.reviewCount,
    services: active.map(toService),
    cities: row.cities,
    isVerified: row.isVerified,
    yearsOfExperience: row.yearsOfExperience,
    bio: row.bio,
    nextAvailable,
    startingPrice: cheapest === null ? DEFAULT_STARTING_PRICE : centsToString(cheapest),
  };
}

export function toProfile(row: BarberRow): BarberProfile {
  return {
    id: row.id,
    userId: row.userId,
    bio: row.bio,
    yearsOfExperience: row.yearsOfExperience,
    cities: row.cities,
    portfolioImages: row.portfolioImages,
    isVerified: row.isVerified,
    verificationStatus: row.verificationStatus,
    blacklistedZipcodes: row.blacklistedZipcodes,
    rating: row.rating,
    reviewCount: row.reviewCount,
    user: { id: row.userId, fullName: row.fullName, username: row.username, phone: row.phone, email: row.email },
  };
}

/**
 * A review's columns as the public reads them. The reviewer is named by first name and last initial: the
 * profile is public, and a customer's full name beside the barber who came to their home says where they live.
 */
const REVIEW_COLUMNS = `r.id, r.barber_id AS "barberId", r.rating, r.comment,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  r.barber_response AS "barberResponse",
  CASE WHEN btrim(u.full_name) = '' THEN 'Customer'
       WHEN btrim(u.full_name) !~ '\\s' THEN btrim(u.full_name)
       ELSE substring(btrim(u.full_name) FROM '^(\\S+)') || ' ' || upper(left(substring(btrim(u.full_name) FROM '(\\S+)$'), 1)) || '.'
  END AS "customerName"`;

export async function listReviews(db: Db, barberId: number): Promise<Review[]> {
  return db<Review[]>`
    SELECT ${db.unsafe(REVIEW_COLUMNS)}
      FROM reviews r JOIN users u ON u.id = r.customer_id
     WHERE r.barber_id = ${barberId}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT 200`;
}

export async function findReview(db: Db, reviewId: number): Promise<Review | null> {
  const [row] = await db<Review[]>`
    SELECT ${db.unsafe(REVIEW_COLUMNS)}
      FROM reviews r JOIN users u ON u.id = r.customer_id
     WHERE r.id = ${reviewId}`;
  return row ?? null;
}

/** Which of the customer's bookings they reviewed, with the stars they gave. */
export async function reviewsByCustomer(db: Db, customerId: number): Promise<MyReviewsAnswer['reviews']> {
  return db<MyReviewsAnswer['reviews']>`
    SELECT booking_id::text AS "bookingId", rating FROM reviews
     WHERE customer_id = ${customerId} AND booking_id IS NOT NULL
     ORDER BY created_at DESC`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
