import type { AdminBarber, Role } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';

const barberSelect = `
  SELECT b.id, b.bio, b.years_of_experience AS "yearsOfExperience", b.cities, b.portfolio_images AS "portfolioImages",
         b.is_verified AS "isVerified", b.verification_status AS "verificationStatus", b.rating::float8 AS rating,
         b.review_count AS "reviewCount", b.created_at AS "createdAt",
         u.id AS "userId", u.full_name AS "fullName", u.username, u.email, u.phone, u.role
    FROM barbers b JOIN users u ON u.id = b.user_id`;

function toAdminBarber(row: Record<string, unknown>): AdminBarber {
  return {
    id: row.id as number,
    bio: row.bio as string,
    yearsOfExperience: row.yearsOfExperience as number,
    cities: row.cities as string[],
    portfolioImages: row.portfolioImages as string[],
    isVerified: row.isVerified as boolean,
    verificationStatus: row.verificationStatus as AdminBarber['verificationStatus'],
    rating: Number(row.rating),
    reviewCount: row.reviewCount as number,
    createdAt: (row.createdAt as Date).toISOString(),
    user: {
      id: row.userId as number,
      fullName: row.fullName as string,
      username: row.username as string,
      email: row.email as string,
      phone: (row.phone as string | null) ?? null,
      role: row.role as Role,
    },
  };
}

export interface BarberListFilter {
  limit: number;
  offset: number;
  search?: string;
  status: 'all' | 'verified' | 'pending';
  sort?: 'newest' | 'name' | 'rating';
}

/** Fixed ORDER BY clauses, one per sort key (never built from input); the id breaks ties so pages are stable. */
const barberOrder = {
  newest: 'b.created_at DESC, b.id DESC',
  name: "lower(coalesce(nullif(u.full_name, ''), u.username)), b.id",
  rating: 'b.rating DESC, b.review_count DESC, b.id',
} as const;

/** Every barber, verified or not, newest first unless sorted by name or rating; search matches name, username or email. */
export async function listBarbers(
  sql: Sql,
  filter: BarberListFilter,
): Promise<{ barbers: AdminBarber[]; total: number }> {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = `WHERE ($1::text IS NULL OR u.full_name ILIKE $1 OR u.username ILIKE $1 OR u.email ILIKE $1)
                   AND ($2::text = 'all' OR ($2 = 'verified') = b.is_verified)`;
  const params = [pattern, filter.status];
  const [rows, [count]] = await Promise.all([
    sql.unsafe(`${barberSelect} ${where} ORDER BY ${barberOrder[filter.sort ?? 'newest']} LIMIT $3 OFFSET $4`, [
      ...params,
      filter.limit,
      filter.offset,
    ]),
    sql.unsafe(`SELECT count(*)::int AS total FROM barbers b JOIN users u ON u.id = b.user_id ${where}`, params),
  ]);
  return { barbers: rows.map(toAdminBarber), total: (count?.total as number | undefined) ?? 0 };
}

export async function getAdminBarber(db: Sql | Tx, barberId: number): Promise<AdminBarber | null> {
  const [row] = await db.unsafe(`${barberSelect} WHERE b.id = $1`, [barberId]);
  return row ? toAdminBarber(row) : null;
}
