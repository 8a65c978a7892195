import {
  AppError,
  REGISTRATION_DISABLED_MESSAGE,
  type CurrentUser,
  passwordMinMessage,
  type profileSchema,
  type Role,
  type registerSchema,
  type User,
} from '@barber/shared';
import type { z } from 'zod';
import type { Deps } from '../plugins/deps';
import { isUniqueViolation } from '../eventstore/store';
import { assertAdminAddress } from '../platform/addressAllowlist';
import { lockResetsOf } from '../platform/resetLink';
import type { NoticeJob } from '../notifications/dispatch';
import { queueOwed, storeNotices } from '../notifications/outbox';
import {
  type CleanupLog,
  endOtherSessions,
  REVOKE_SESSIONS_SQL,
  REVOKED_AT_SQL,
  type Revoker,
} from '../platform/sessions';
import { emailChangedNotice } from './emailChanged';
import { LoginLimiter } from './loginLimits';
import { hashPassword, verifyPassword } from './passwords';
import { getCurrentUser, getUser } from './queries';

type Registration = z.output<typeof registerSchema>;

/** Creates a customer, or a barber applicant whose profile waits for verification (verified at once with autoApproveBarbers). */
export async function register(deps: Deps, input: Registration): Promise<CurrentUser> {
  const settings = await deps.settings.get();
  if (!settings.registrationEnabled) throw new AppError('FORBIDDEN', REGISTRATION_DISABLED_MESSAGE);
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
    // One answer for both: it does not say which of the two (an email address, say) has an account.
    throw accountTakenOr(error);
  }
}

export const REGISTRATION_TAKEN =
  'This username or email cannot be used. Choose another, or sign in if you already have an account.';

/** A username or email already in use is one CONFLICT that does not say which of the two. */
export function accountTakenOr(error: unknown): unknown {
  return isUniqueViolation(error, 'users_username_unique') || isUniqueViolation(error, 'users_email_unique')
    ? new AppError('CONFLICT', REGISTRATION_TAKEN)
    : error;
}

/** The platform's one password rule (setting passwordMinLength), at registration, change, reset and admin set-password. */
export function assertPasswordLength(password: string, min: number, path = 'password'): void {
  if (password.length < min) {
    throw new AppError('VALIDATION_FAILED', passwordMinMessage(min), {
      issues: [{ path, message: passwordMinMessage(min) }],
    });
  }
}

const limiters = new WeakMap<object, LoginLimiter>();
function loginLimiter(deps: Pick<Deps, 'redis' | 'config'>): LoginLimiter {
  let limiter = limiters.get(deps.redis);
  if (!limiter) limiters.set(deps.redis, (limiter = new LoginLimiter(deps.redis, deps.config.REDIS_PREFIX)));
  return limiter;
}

/** The platform's limits on failed password attempts (sign-in, and the current password of a change). */
function loginLimitsOf(settings: { maxLoginAttempts: number; loginCooldownMinutes: number }) {
  return { maxAttempts: settings.maxLoginAttempts, cooldownMinutes: settings.loginCooldownMinutes };
}

/**
 * Checks a username and password from a client address. The attempt is counted (Redis, shared by every
 * instance) before the password is checked, by username and address together, by address, and by
 * username (see LoginLimiter); a success takes its attempt back.
 */
export async function authenticate(
  deps: Deps,
  username: string,
  password: string,
  address: string,
): Promise<CurrentUser> {
  const settings = await deps.settings.get();
  const limiter = loginLimiter(deps);
  if (settings.rateLimitEnabled) await limiter.attempt(username, address, loginLimitsOf(settings));
  const [row] = await deps.sql<{ id: number; passwordHash: string; role: Role }[]>`
    SELECT id, password_hash AS "passwordHash", role FROM users WHERE lower(username) = lower(${username})`;
  // Verify against a dummy hash when the user is unknown so both paths take the same time.
  const ok = await verifyPassword(row?.passwordHash ?? DUMMY_HASH, password);
  // An administrator outside the IP whitelist is refused whatever the password: from there no answer may tell a right
  // password from a wrong one (it does tell that the name is an administrator's, so that one knows why).
  if (row) assertAdminAddress(settings.ipWhitelist, row.role, address);
  if (!row || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid username or password');
  if (settings.rateLimitEnabled) await limiter.succeeded(username, address);
  return (await getCurrentUser(deps.sql, row.id))!;
}

export async function clearLoginFailures(deps: Pick<Deps, 'redis' | 'config'>, username: string): Promise<void> {
  await loginLimiter(deps).clear(username);
}

/**
 * Changes the password and ends every other session of the user, on every instance, before answering. The current
 * password is a guess like a sign-in's: counted against the same limits (LoginLimiter, by the account's username and
 * the caller's address), so a stolen session cannot try passwords at the request rate to learn the real one.
 */
export async function changePassword(
  deps: Deps,
  userId: number,
  currentPassword: string,
  newPassword: string,
  by: Revoker & { ip: string },
): Promise<void> {
  const settings = await deps.settings.get();
  assertPasswordLength(newPassword, settings.passwordMinLength, 'newPassword');
  const [row] = await deps.sql<
    { passwordHash: string; username: string }[]
  >`SELECT password_hash AS "passwordHash", username FROM users WHERE id = ${userId}`;
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  const limiter = loginLimiter(deps);
  if (settings.rateLimitEnabled) await limiter.attempt(row.username, by.ip, loginLimitsOf(settings), 'password');
  if (!(await verifyPassword(row.passwordHash, currentPassword))) throw wrongCurrentPassword();
  if (settings.rateLimitEnabled) await limiter.succeeded(row.username, by.ip);
  // Only over the password just checked: one changed meanwhile (a reset by the owner, this change from another tab)
  // is not replaced by a change checked against the one before it.
  const revokedAt = await writePassword(deps, userId, newPassword, row.passwordHash);
  if (revokedAt === null) throw wrongCurrentPassword();
  await endOtherSessions(deps, userId, revokedAt, by);
}

const wrongCurrentPassword = () =>
  new AppError('VALIDATION_FAILED', 'Current password is incorrect', {
    issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
  });

/**
 * Sets a password and ends every session of the user but the revoker's own (their sockets are disconnected
 * with them: realtime/socket.ts), on every instance, before answering.
 */
export async function replacePassword(deps: Deps, userId: number, newPassword: string, by: Revoker): Promise<void> {
  const revokedAt = await setPassword(deps, userId, newPassword);
  await endOtherSessions(deps, userId, revokedAt, by);
}

/**
 * Writes a new password (after the platform's length rule) and, in the same statement, revokes every session
 * of the user issued until now; answers that instant (ms). The caller ends the sessions (endOtherSessions).
 */
export async function setPassword(deps: Deps, userId: number, newPassword: string): Promise<number> {
  const revokedAt = await writePassword(deps, userId, newPassword);
  if (revokedAt === null) throw new AppError('NOT_FOUND', 'User not found');
  return revokedAt;
}

/** setPassword's write, only over the `replacing` hash when given: null when no such user has it. */
async function writePassword(
  deps: Deps,
  userId: number,
  newPassword: string,
  replacing?: string,
): Promise<number | null> {
  assertPasswordLength(newPassword, (await deps.settings.get()).passwordMinLength, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const [row] = await deps.sql<{ revokedAt: number }[]>`
    UPDATE users SET password_hash = ${passwordHash}, ${deps.sql.unsafe(REVOKE_SESSIONS_SQL)}, updated_at = now()
     WHERE id = ${userId} ${replacing === undefined ? deps.sql`` : deps.sql`AND password_hash = ${replacing}`}
     RETURNING ${deps.sql.unsafe(REVOKED_AT_SQL)}`;
  return row?.revokedAt ?? null;
}

/**
 * Sets a user's name, email and phone (their own profile, or an administrator's). A password reset link still
 * open went to the old address: it is deleted when the address changes, so that whoever reads the old mailbox
 * cannot take the account back with it.
 */
export async function updateProfile(
  deps: Deps,
  userId: number,
  input: z.output<typeof profileSchema>,
  log: CleanupLog,
): Promise<User> {
  const { fullName, email, phone } = input;
  const { platformName } = await deps.settings.get();
  let outcome: 'updated' | 'not found' | 'moved meanwhile';
  let told: NoticeJob | undefined;
  try {
    do {
      told = undefined;
      outcome = await deps.sql.begin(async (tx) => {
        const [before] = await tx<{ email: string }[]>`SELECT email FROM users WHERE id = ${userId}`;
        if (!before) return 'not found';
        // A reset asked for the old address at this moment waits, and then finds no account by it: no link made
        // alongside survives the delete below. The address's lock comes before the row's: a reset holding it
        // locks the row (its link's foreign key) before it lets go, and the other order deadlocks.
        await lockResetsOf(tx, before.email);
        const [updated] = await tx<{ id: number }[]>`
          UPDATE users SET full_name = ${fullName}, email = ${email}, phone = ${phone ?? null}, updated_at = now()
           WHERE id = ${userId} AND email = ${before.email} RETURNING id`;
        // The address changed between the read and the lock (another change of this account): read it again.
        if (!updated) return 'moved meanwhile';
        if (before.email.toLowerCase() !== email.toLowerCase()) {
          await tx`DELETE FROM password_resets WHERE user_id = ${userId} AND used_at IS NULL`;
          // the old address is told, by the outbox in this transaction: the change cannot commit without it
          told = emailChangedNotice({ userId, fullName, oldEmail: before.email, newEmail: email, platformName });
          await storeNotices(tx, [told]);
        }
        return 'updated';
      });
    } while (outcome === 'moved meanwhile');
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('CONFLICT', 'Email already registered');
    throw error;
  }
  if (outcome === 'not found') throw new AppError('NOT_FOUND', 'User not found');
  if (told) queueOwed(deps.queues, told, log); // the change is made: its notice is owed, not waited for
  await deps.bus.invalidate('user', [userId]);
  return (await getUser(deps.sql, userId))!;
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0T5Mvl2mvkk0cVwS7CFSaVVm7j5AvLhBLK7uM1nsFRw';
