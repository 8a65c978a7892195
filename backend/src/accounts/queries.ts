import type { CurrentUser, Role, User } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';

export interface AuthUser {
  id: number;
  role: Role;
  username: string;
  barberId: number | null;
  /** Two-factor sign-in confirmed (accounts/twoFactor.ts): an administrator's area needs it when the platform requires it. */
  twoFactorEnrolled?: boolean;
  /** Sessions issued before this instant (ms) sign no one in (migrations/026-session-revocation.sql). */
  sessionsValidAfter?: number | null;
}

/** Whether a session issued at `issuedAt` (ms; unknown: before any) was revoked by the user's sessions_valid_after. */
export function sessionRevoked(issuedAt: number | undefined, user: Pick<AuthUser, 'sessionsValidAfter'>): boolean {
  return user.sessionsValidAfter != null && (issuedAt ?? 0) < user.sessionsValidAfter;
}

/** users.sessions_valid_after in ms since the epoch (the unit of a session's issuedAt). */
export const SESSIONS_VALID_AFTER_MS = '(extract(epoch FROM sessions_valid_after) * 1000)::float8';
const SESSIONS_VALID_AFTER = `${SESSIONS_VALID_AFTER_MS} AS "sessionsValidAfter"`;

/** The revocation instants (ms) of those of these users whose sessions were ever revoked. */
export async function sessionsValidAfterOf(sql: Sql, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<{ id: number; sessionsValidAfter: number }[]>`
    SELECT id, ${sql.unsafe(SESSIONS_VALID_AFTER)}
      FROM users WHERE id = ANY(${userIds as number[]}::int[]) AND sessions_valid_after IS NOT NULL`;
  return new Map(rows.map((u) => [u.id, u.sessionsValidAfter]));
}

const TWO_FACTOR_ENROLLED = `EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS "twoFactorEnrolled"`;

export async function findAuthUser(sql: Sql, userId: number): Promise<AuthUser | null> {
  return (await findAuthUsers(sql, [userId])).get(userId) ?? null;
}

/** The signed-in users of these ids that still exist. */
export async function findAuthUsers(sql: Sql, userIds: readonly number[]): Promise<Map<number, AuthUser>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<AuthUser[]>`
    SELECT u.id, u.role, u.username, b.id AS "barberId", ${sql.unsafe(TWO_FACTOR_ENROLLED)}, ${sql.unsafe(SESSIONS_VALID_AFTER)}
      FROM users u LEFT JOIN barbers b ON b.user_id = u.id WHERE u.id = ANY(${userIds as number[]}::int[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** The columns of a user as the API shows them (never the password hash). */
const userColumns = (prefix = '') => `${prefix}id, ${prefix}username, ${prefix}full_name AS "fullName", ${prefix}email,
  ${prefix}phone, ${prefix}address, ${prefix}role, ${prefix}created_at AS "createdAt", ${prefix}updated_at AS "updatedAt"`;

function toUser(row: Record<string, unknown>): User {
  return {
    id: row.id as number,
    username: row.username as string,
    fullName: row.fullName as string,
    email: row.email as string,
    phone: (row.phone as string | null) ?? null,
    address: (row.address as string | null) ?? null,
    role: row.role as Role,
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
  };
}

export async function getUser(db: Sql | Tx, userId: number): Promise<User | null> {
  const [row] = await db.unsafe(`SELECT ${userColumns()} FROM users WHERE id = $1`, [userId]);
  return row ? toUser(row) : null;
}

/** The signed-in user as the guards need it and as /api/current-user answers it, in one query. */
export async function findSignedInUser(
  db: Sql | Tx,
  userId: number,
): Promise<{ auth: AuthUser; current: CurrentUser } | null> {
  const [row] = await db.unsafe(
    `SELECT ${userColumns('u.')}, b.id AS "barberId", b.verification_status AS "verificationStatus", ${TWO_FACTOR_ENROLLED},
            ${SESSIONS_VALID_AFTER}
       FROM users u LEFT JOIN barbers b ON b.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  if (!row) return null;
  const current = toCurrentUser(row);
  const auth = {
    id: current.id,
    role: current.role,
    username: current.username,
    barberId: (row.barberId as number | null) ?? null,
    twoFactorEnrolled: row.twoFactorEnrolled === true,
    sessionsValidAfter: (row.sessionsValidAfter as number | null) ?? null,
  };
  return { auth, current };
}

function toCurrentUser(row: Record<string, unknown>): CurrentUser {
  const status = row.verificationStatus as 'pending' | 'approved' | 'rejected' | null;
  return { ...toUser(row), barberStatus: status ? { verificationStatus: status } : null };
}

export async function getCurrentUser(db: Sql | Tx, userId: number): Promise<CurrentUser | null> {
  const [row] = await db.unsafe(
    `SELECT ${userColumns('u.')}, b.verification_status AS "verificationStatus"
       FROM users u LEFT JOIN barbers b ON b.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return row ? toCurrentUser(row) : null;
}
