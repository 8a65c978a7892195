import { SESSIONS_VALID_AFTER_MS } from '../accounts/queries';
import type { Deps } from '../plugins/deps';
import { endSessions } from '../plugins/redisSessionStore';

/** The caller's own session, kept signed in when the user's other sessions end (RequestSession). */
interface KeptSession {
  readonly sessionId: string | undefined;
  restamp(at: number): void;
}

/** Where a clean-up that failed after the change was committed is reported (a request's log). */
export interface CleanupLog {
  warn(obj: object, msg: string): void;
}

/** Who revoked a user's sessions: their own `session` stays signed in (none: every session ends). */
export interface Revoker {
  session?: KeptSession;
  log: CleanupLog;
}

/**
 * Ends every session of the user but the revoker's own, after a change that revoked them in Postgres at
 * `revokedAt` (users.sessions_valid_after, written with the change): the kept session counts as issued then,
 * and the others are deleted from Redis. The change is committed and the revocation holds without the
 * deletes (a session issued before it signs no one in: plugins/auth.ts, realtime/socket.ts), so a Redis that
 * fails here is reported, not answered as a failure: the caller could not repeat the change (the current
 * password, a reset token, a two-factor code are spent) and would lose what it answers (the recovery codes).
 */
export async function endOtherSessions(
  deps: Pick<Deps, 'redis' | 'config' | 'bus'>,
  userId: number,
  revokedAt: number,
  by: Revoker,
): Promise<void> {
  by.session?.restamp(revokedAt);
  await afterCommit(by.log, 'sessions revoked, but deleting them from Redis failed', () =>
    destroyUserSessions(deps, userId, by.session?.sessionId),
  );
  // Every instance forgets the user's row (its sessions_valid_after moved), even when the deletes failed.
  await deps.bus.invalidate('user', [userId]);
}

/** Runs a clean-up of a committed change; its failure is logged with `what`, never thrown. */
export async function afterCommit(log: CleanupLog, what: string, cleanUp: () => Promise<unknown>): Promise<void> {
  try {
    await cleanUp();
  } catch (error) {
    log.warn({ err: error }, what);
  }
}

/** The SQL of the column's new value and how it comes back: the revocation's instant in ms. */
export const REVOKE_SESSIONS_SQL = 'sessions_valid_after = now()';
export const REVOKED_AT_SQL = `${SESSIONS_VALID_AFTER_MS} AS "revokedAt"`;

/**
 * Signs a user out everywhere: deletes every stored session (`{prefix}:sess:*`) that belongs to them,
 * except `keepSessionId`. A SCAN over the sessions instead of a per-user index: it runs only on an
 * administrator's account reset or a password reset, and needs nothing from the session store.
 */
async function destroyUserSessions(
  deps: Pick<Deps, 'redis' | 'config' | 'bus'>,
  userId: number,
  keepSessionId?: string,
): Promise<number> {
  const { redis, config } = deps;
  const ended: string[] = [];
  const prefix = `${config.REDIS_PREFIX}:sess:`;
  const keep = keepSessionId ? prefix + keepSessionId : undefined;
  let cursor = '0';
  let destroyed = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', 500);
    cursor = next;
    const candidates = keys.filter((k) => k !== keep);
    if (candidates.length === 0) continue;
    const values = await redis.mget(...candidates);
    const mine = candidates.filter((_, i) => sessionUserId(values[i]) === userId);
    if (mine.length === 0) continue;
    const ids = mine.map((k) => k.slice(prefix.length));
    destroyed += await endSessions(redis, config.REDIS_PREFIX, ids);
    ended.push(...ids);
  } while (cursor !== '0');
  // Every instance forgets them before the caller answers.
  await deps.bus.invalidate('session', ended);
  return destroyed;
}

/** Lets the user's next requests through the per-user request rate limit (security plugin: key `u{id}`). */
export async function clearRequestRateLimit(
  deps: Pick<Deps, 'redis' | 'config' | 'bus'>,
  userId: number,
): Promise<void> {
  await deps.redis.del(`${deps.config.REDIS_PREFIX}:rl:u${userId}`);
  await deps.bus.invalidate('rate', [`u${userId}`]);
}

/** Whose session it is: the signed-in user, or the one half-way through a two-factor sign-in. */
function sessionUserId(raw: string | null | undefined): number | undefined {
  if (!raw) return undefined;
  try {
    const data = JSON.parse(raw) as { userId?: number; twoFactorPending?: { userId?: number } };
    return data.userId ?? data.twoFactorPending?.userId;
  } catch {
    return undefined;
  }
}

function escapeGlob(s: string): string {
  return s.replace(/[*?[\]\\]/g, '\\$&');
}
