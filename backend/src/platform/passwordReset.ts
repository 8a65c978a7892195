import { randomBytes } from 'node:crypto';
import { AppError, PASSWORD_RESET_JOB, PASSWORD_RESET_TTL_MINUTES, passwordResetJobSchema } from '@barber/shared';
import { assertPasswordLength, clearLoginFailures } from '../accounts/commands';
import { hashPassword } from '../accounts/passwords';
import type { Deps } from '../plugins/deps';
import { queueOwed } from '../notifications/outbox';
import { hashResetToken, lockResetsOf, sealResetUrl } from './resetLink';
import { afterCommit, endOtherSessions, REVOKE_SESSIONS_SQL, REVOKED_AT_SQL, type CleanupLog } from './sessions';

const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * How many unused reset links of one account may be live at once: the links of an hour. Asking again when they
 * are all live sends nothing, so a stranger who knows the address can neither flood its inbox nor keep killing its
 * links (each link stays good until it expires or one of them is used).
 */
const LIVE_RESET_LINKS_PER_ACCOUNT = 3;

/**
 * Starts a password reset (docs/design.md §9). When the address belongs to a user with fewer than
 * LIVE_RESET_LINKS_PER_ACCOUNT live links, stores the hash of a one-time token valid for an hour and, in the same statement,
 * the email's job in the outbox (notifications/outbox.ts, with the link sealed: resetLink.ts); then queues it.
 * Redis losing the job, or refusing it, loses no email: the sweeper queues again what the outbox still owes.
 * The caller answers the same either way, so the answer never tells whether the address exists; and the work
 * it waits for is the same either way too (a token made and sealed, one statement), so neither does its duration.
 */
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  baseUrl: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  const resetUrl = `${baseUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  const sealedResetUrl = sealResetUrl(deps.config, resetUrl);
  const jobId = `password-reset-${tokenHash.slice(0, 32)}`;
  // One request per address at a time (a lock on the address, taken whether or not it has an account): the count of
  // live links then sees every link made before, so a burst cannot pass the limit.
  const [user] = await deps.sql.begin(async (tx) => {
    await lockResetsOf(tx, email);
    return tx<{ id: number; email: string }[]>`
    WITH target AS (SELECT u.id, u.email FROM users u WHERE lower(u.email) = lower(${email})
                       AND (SELECT count(*) FROM password_resets r
                             WHERE r.user_id = u.id AND r.used_at IS NULL AND r.expires_at > now()) < ${LIVE_RESET_LINKS_PER_ACCOUNT}),
         expired AS (DELETE FROM password_resets
                      WHERE user_id IN (SELECT id FROM target) AND used_at IS NULL AND expires_at <= now()),
         reset AS (INSERT INTO password_resets (token_hash, user_id, expires_at)
                   SELECT ${tokenHash}, id, now() + make_interval(mins => ${PASSWORD_RESET_TTL_MINUTES}) FROM target),
         owed AS (INSERT INTO notification_outbox (job_id, name, data)
                  SELECT ${jobId}, ${PASSWORD_RESET_JOB},
                         jsonb_build_object('userId', id, 'email', email, 'sealedResetUrl', ${sealedResetUrl}::text)
                    FROM target)
    SELECT id, email FROM target`;
  });
  if (!user) return;
  const job = passwordResetJobSchema.parse({ userId: user.id, email: user.email, sealedResetUrl });
  // Not awaited: the queue's round trips to Redis would make the answer slower for an address with an account.
  queueOwed(deps.queues, { name: PASSWORD_RESET_JOB, data: job, opts: { jobId } }, log);
}

/**
 * Sets a new password with a reset token, once: the token is claimed (used_at), the account's other unused tokens
 * dropped and the password written in one transaction. Afterwards the user's failed sign-ins and every session are cleared.
 */
export async function resetPassword(deps: Deps, token: string, newPassword: string, log: CleanupLog): Promise<void> {
  assertPasswordLength(newPassword, (await deps.settings.get()).passwordMinLength);
  const passwordHash = await hashPassword(newPassword);
  const user = await deps.sql.begin(async (tx) => {
    const [claimed] = await tx<{ userId: number }[]>`
      UPDATE password_resets SET used_at = now()
       WHERE token_hash = ${hashResetToken(token)} AND used_at IS NULL AND expires_at > now()
       RETURNING user_id AS "userId"`;
    if (!claimed) return null;
    // the account's other links die with the one used
    await tx`DELETE FROM password_resets WHERE user_id = ${claimed.userId} AND used_at IS NULL`;
    const [row] = await tx<{ id: number; username: string; revokedAt: number }[]>`
      UPDATE users SET password_hash = ${passwordHash}, ${tx.unsafe(REVOKE_SESSIONS_SQL)}, updated_at = now()
       WHERE id = ${claimed.userId} RETURNING id, username, ${tx.unsafe(REVOKED_AT_SQL)}`;
    return row ?? null;
  });
  if (!user) {
    throw new AppError('VALIDATION_FAILED', INVALID_RESET_TOKEN, {
      issues: [{ path: 'token', message: INVALID_RESET_TOKEN }],
    });
  }
  await afterCommit(log, 'password reset, but clearing the failed sign-ins failed', () =>
    clearLoginFailures(deps, user.username),
  );
  await endOtherSessions(deps, user.id, user.revokedAt, { log });
}
