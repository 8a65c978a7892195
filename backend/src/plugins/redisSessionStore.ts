import type { Redis } from 'ioredis';

/** What a session holds in Redis (the shape @fastify/session wrote, so sessions outlive the change of plugin). */
export interface SessionData {
  userId?: number;
  /** When the user signed in (ms): a session issued before the user's sessions_valid_after signs no one in. */
  issuedAt?: number;
  /** Password checked, second factor still to come (accounts/twoFactor.routes.ts): not signed in yet. */
  twoFactorPending?: { userId: number; until: number };
  cookie: { expires?: string | Date | null; originalMaxAge?: number | null };
}

type Callback = (err?: unknown) => void;

// Writes a session unless it was ended: a request that loaded the session before a logout and
// answers after it would otherwise save it back and sign the user in again.
const SET_UNLESS_ENDED = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;

/** Sessions in Redis (docs/design.md §5: persistent, shared by every instance). */
export class RedisSessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  set(sessionId: string, session: SessionData, callback: Callback): void {
    this.save(sessionId, session).then(() => callback(), callback);
  }

  /** Stores the session for as long as its cookie lasts (else the default); false when it was ended meanwhile. */
  async save(sessionId: string, session: SessionData): Promise<boolean> {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : undefined;
    const ttl = expires ? Math.max(1, Math.ceil((expires - Date.now()) / 1000)) : this.ttlSeconds;
    const stored = await this.redis.eval(
      SET_UNLESS_ENDED,
      2,
      sessionKey(this.prefix, sessionId),
      endedKey(this.prefix, sessionId),
      JSON.stringify(session),
      ttl,
    );
    return stored === 1;
  }

  async load(sessionId: string): Promise<SessionData | null> {
    const raw = await this.redis.get(sessionKey(this.prefix, sessionId));
    return raw ? (JSON.parse(raw) as SessionData) : null;
  }

  /** Those of these sessions that still exist (ended and expired ones do not), with their data: one MGET. */
  async loadMany(sessionIds: readonly string[]): Promise<Map<string, SessionData>> {
    const found = new Map<string, SessionData>();
    if (sessionIds.length === 0) return found;
    const raws = await this.redis.mget(...sessionIds.map((id) => sessionKey(this.prefix, id)));
    raws.forEach((raw, i) => {
      if (raw) found.set(sessionIds[i]!, JSON.parse(raw) as SessionData);
    });
    return found;
  }

  async end(sessionId: string): Promise<void> {
    await endSessions(this.redis, this.prefix, [sessionId], this.ttlSeconds);
  }
}

export const sessionKey = (prefix: string, sessionId: string) => `${prefix}:sess:${sessionId}`;
const endedKey = (prefix: string, sessionId: string) => `${prefix}:sess-ended:${sessionId}`;

/** Deletes sessions and marks them ended for as long as a late save could still arrive. */
export async function endSessions(
  redis: Redis,
  prefix: string,
  sessionIds: string[],
  ttlSeconds = 24 * 3600,
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const multi = redis.multi();
  for (const id of sessionIds) multi.set(endedKey(prefix, id), '1', 'EX', ttlSeconds);
  multi.del(...sessionIds.map((id) => sessionKey(prefix, id)));
  const results = await multi.exec();
  return Number(results?.at(-1)?.[1] ?? 0);
}
