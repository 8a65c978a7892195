import { AppError, type AdminBarber } from '@barber/shared';
import { clearLoginFailures, setPassword } from '../accounts/commands';
import { promoteToBarber } from '../accounts/promote';
import { announceAppend } from '../eventstore/wakeups';
import type { Deps } from '../plugins/deps';
import { afterCommit, clearRequestRateLimit, endOtherSessions, type Revoker } from '../platform/sessions';
import { getAdminBarber } from './queries';

/**
 * Verifies a barber (approved, and a customer applicant becomes a barber) or sets them back to pending.
 * Unverifying keeps the role: the barber keeps access to their panel but is no longer listed or bookable.
 */
export async function setBarberVerified(deps: Deps, barberId: number, isVerified: boolean): Promise<AdminBarber> {
  const { userId, answer, waitlistChanged } = await deps.sql.begin(async (tx) => {
    const [barber] = await tx<{ userId: number }[]>`
      UPDATE barbers SET is_verified = ${isVerified}, verification_status = ${isVerified ? 'approved' : 'pending'}, updated_at = now()
       WHERE id = ${barberId} RETURNING user_id AS "userId"`;
    if (!barber) throw new AppError('NOT_FOUND', 'Barber not found');
    const changed = isVerified ? await promoteToBarber(tx, barber.userId) : false;
    return { userId: barber.userId, answer: (await getAdminBarber(tx, barberId))!, waitlistChanged: changed };
  });
  if (waitlistChanged) announceAppend(deps.sql);
  await deps.bus.invalidate('user', [userId]); // every instance forgets the user's cached role before the answer
  return answer;
}

/**
 * The administrator's account reset (docs/spec/barber-and-admin.md §6): a new password, the sign-in and request
 * limits cleared, and every session of the user ended (except the caller's own, when resetting oneself).
 */
export async function resetAccount(deps: Deps, userId: number, newPassword: string, by: Revoker): Promise<void> {
  const [user] = await deps.sql<{ username: string }[]>`SELECT username FROM users WHERE id = ${userId}`;
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const revokedAt = await setPassword(deps, userId, newPassword);
  await afterCommit(by.log, 'password reset, but clearing the failed sign-ins failed', () =>
    clearLoginFailures(deps, user.username),
  );
  await afterCommit(by.log, 'password reset, but clearing the request limit failed', () =>
    clearRequestRateLimit(deps, userId),
  );
  await endOtherSessions(deps, userId, revokedAt, by);
}
