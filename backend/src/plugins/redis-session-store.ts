import type { Session } from 'fastify';
import type { Redis } from 'ioredis';

type Callback = (err?: unknown) => void;

// Writes a session unless it was ended: a request that loaded the session before a logout and
// answers after it would otherwise save it back and sign the user in again.
const SET_UNLESS_ENDED = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;

/**
 * A Redis store for @fastify/session (DESIGN §5: persistent, shared by every instance).
 * The store interface is three callbacks; no maintained package implements it for ioredis.
 */
export class RedisSessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  set(sessionId: string, session: Session, callback: Callback): void {
    // Kept as long as its cookie (the platform's sessionTimeout), else the default.
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : undefined;
    const ttl = expires ? Math.max(1, Math.ceil((expires - Date.now()) / 1000)) : this.ttlSeconds;
    this.redis
      .eval(SET_UNLESS_ENDED, 2, sessionKey(this.prefix, sessionId), endedKey(this.prefix, sessionId), JSON.stringify(session), ttl)
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (err: unknown, session?: Session | null) => void): void {
    this.redis.get(sessionKey(this.prefix, sessionId)).then(
      (raw) => callback(null, raw ? (JSON.parse(raw) as Session) : null),
      (err) => callback(err),
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    endSessions(this.redis, this.prefix, [sessionId], this.ttlSeconds).then(() => callback(), callback);
  }
}

export const sessionKey = (prefix: string, sessionId: string) => `${prefix}:sess:${sessionId}`;
const endedKey = (prefix: string, sessionId: string) => `${prefix}:sess-ended:${sessionId}`;

/** Deletes sessions and marks them ended for as long as a late save could still arrive. */
export async function endSessions(redis: Redis, prefix: string, sessionIds: string[], ttlSeconds = 24 * 3600): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const multi = redis.multi();
  for (const id of sessionIds) multi.set(endedKey(prefix, id), '1', 'EX', ttlSeconds);
  multi.del(...sessionIds.map((id) => sessionKey(prefix, id)));
  const results = await multi.exec();
  return Number(results?.at(-1)?.[1] ?? 0);
}
