import { AppError, type CurrentUser, type RegisterInput, registerSchema } from '@barber/shared';
import type { z } from 'zod';
import type { Deps } from '../plugins/deps';
import { isUniqueViolation } from '../eventstore/store';
import { destroyUserSessions } from '../platform/sessions';
import { hashPassword, verifyPassword } from './passwords';
import { getCurrentUser } from './queries';

type Registration = z.output<typeof registerSchema>;

/** Creates a customer, or a barber applicant whose profile waits for verification (verified at once with autoApproveBarbers). */
export async function register(deps: Deps, input: Registration): Promise<CurrentUser> {
  const settings = await deps.settings.get();
  if (!settings.registrationEnabled) throw new AppError('FORBIDDEN', 'Registration is currently disabled.');
  assertPasswordLength(input.password, settings.passwordMinLength);
  const passwordHash = await hashPassword(input.password);
  const approved = input.isBarber && settings.autoApproveBarbers;
  try {
    const userId = await deps.sql.begin(async (tx) => {
      const [user] = await tx<{ id: number }[]>`
        INSERT INTO users (username, email, password_hash, full_name, phone, role)
        VALUES (${input.username}, ${input.email}, ${passwordHash}, ${input.fullName}, ${input.phone ?? null},
                ${approved ? 'barber' : 'customer'})
        RETURNING id`;
      if (input.isBarber) {
        await tx`INSERT INTO barbers (user_id, is_verified, verification_status)
                 VALUES (${user!.id}, ${approved}, ${approved ? 'approved' : 'pending'})`;
      }
      return user!.id;
    });
    return (await getCurrentUser(deps.sql, userId))!;
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_unique')) throw new AppError('CONFLICT', 'Username already exists');
    if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('CONFLICT', 'Email already registered');
    throw error;
  }
}

export function assertPasswordLength(password: string, min: number): void {
  if (password.length < min) {
    throw new AppError('VALIDATION_FAILED', `Password must be at least ${min} characters`, {
      issues: [{ path: 'password', message: `Password must be at least ${min} characters` }],
    });
  }
}

const loginKey = (prefix: string, username: string) => `${prefix}:login-failures:${username.toLowerCase()}`;

/**
 * Checks a username and password. Failed attempts are counted in Redis (shared by every instance);
 * past maxLoginAttempts the username is refused until loginCooldownMinutes have passed.
 */
export async function authenticate(deps: Deps, username: string, password: string): Promise<CurrentUser> {
  const settings = await deps.settings.get();
  const key = loginKey(deps.config.REDIS_PREFIX, username);
  const failures = Number((await deps.redis.get(key)) ?? 0);
  if (settings.rateLimitEnabled && failures >= settings.maxLoginAttempts) {
    const ttl = await deps.redis.ttl(key);
    throw new AppError('RATE_LIMITED', `Too many failed sign-in attempts. Please try again in ${Math.max(1, Math.ceil(ttl / 60))} minutes.`);
  }
  const [row] = await deps.sql<{ id: number; passwordHash: string }[]>`
    SELECT id, password_hash AS "passwordHash" FROM users WHERE lower(username) = lower(${username})`;
  // Verify against a dummy hash when the user is unknown so both paths take the same time.
  const ok = await verifyPassword(row?.passwordHash ?? DUMMY_HASH, password);
  if (!row || !ok) {
    await deps.redis.multi().incr(key).expire(key, settings.loginCooldownMinutes * 60).exec();
    throw new AppError('UNAUTHENTICATED', 'Invalid username or password');
  }
  await deps.redis.del(key);
  return (await getCurrentUser(deps.sql, row.id))!;
}

export async function clearLoginFailures(deps: Deps, username: string): Promise<void> {
  await deps.redis.del(loginKey(deps.config.REDIS_PREFIX, username));
}

/** Changes the password and ends every other session of the user, on every instance, before answering. */
export async function changePassword(deps: Deps, userId: number, currentPassword: string, newPassword: string, keepSessionId?: string): Promise<void> {
  const [row] = await deps.sql<{ passwordHash: string }[]>`SELECT password_hash AS "passwordHash" FROM users WHERE id = ${userId}`;
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Current password is incorrect', {
      issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
  }
  await setPassword(deps, userId, newPassword);
  await destroyUserSessions(deps, userId, keepSessionId);
}

export async function setPassword(deps: Deps, userId: number, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const rows = await deps.sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${userId} RETURNING id`;
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'User not found');
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0T5Mvl2mvkk0cVwS7CFSaVVm7j5AvLhBLK7uM1nsFRw';

export type { RegisterInput };
