import { createHash, randomBytes } from 'node:crypto';
import { AppError, PASSWORD_RESET_JOB, PASSWORD_RESET_TTL_MINUTES, passwordResetJobSchema } from '@barber/shared';
import { assertPasswordLength, clearLoginFailures } from '../accounts/commands';
import { hashPassword } from '../accounts/passwords';
import type { Deps } from '../plugins/deps';
import { destroyUserSessions } from './sessions';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * Starts a password reset (docs/design.md §9). When the address belongs to a user, stores the hash of a
 * one-time token valid for an hour (earlier unused tokens of the user are dropped) and queues the
 * email. The caller answers the same either way, so the answer never tells whether the address exists;
 * and the work is the same either way too (a token made, one statement), so neither does its duration.
 */
export async function requestPasswordReset(deps: Deps, email: string, baseUrl: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const [user] = await deps.sql<{ id: number; email: string }[]>`
    WITH target AS (SELECT id, email FROM users WHERE lower(email) = lower(${email})),
         dropped AS (DELETE FROM password_resets WHERE user_id IN (SELECT id FROM target) AND used_at IS NULL)
    INSERT INTO password_resets (token_hash, user_id, expires_at)
    SELECT ${hashToken(token)}, id, now() + make_interval(mins => ${PASSWORD_RESET_TTL_MINUTES}) FROM target
    RETURNING user_id AS id, (SELECT email FROM target) AS email`;
  if (!user) return;
  const resetUrl = `${baseUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  const job = passwordResetJobSchema.parse({ userId: user.id, email: user.email, resetUrl });
  await deps.queues.notifications.add(PASSWORD_RESET_JOB, job);
}

/**
 * Sets a new password with a reset token, once: the token is claimed (used_at) and the password
 * written in one transaction. Afterwards the user's failed sign-ins and every session are cleared.
 */
export async function resetPassword(deps: Deps, token: string, newPassword: string): Promise<void> {
  assertPasswordLength(newPassword, (await deps.settings.get()).passwordMinLength);
  const passwordHash = await hashPassword(newPassword);
  const user = await deps.sql.begin(async (tx) => {
    const [claimed] = await tx<{ userId: number }[]>`
      UPDATE password_resets SET used_at = now()
       WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()
       RETURNING user_id AS "userId"`;
    if (!claimed) return null;
    const [row] = await tx<{ id: number; username: string }[]>`
      UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${claimed.userId} RETURNING id, username`;
    return row ?? null;
  });
  if (!user) {
    throw new AppError('VALIDATION_FAILED', INVALID_RESET_TOKEN, {
      issues: [{ path: 'token', message: INVALID_RESET_TOKEN }],
    });
  }
  await clearLoginFailures(deps, user.username);
  await destroyUserSessions(deps, user.id);
}
