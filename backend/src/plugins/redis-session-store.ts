import type { Session } from 'fastify';
import type { Redis } from 'ioredis';

type Callback = (err?: unknown) => void;

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
    this.redis.set(this.key(sessionId), JSON.stringify(session), 'EX', ttl).then(() => callback(), callback);
  }

  get(sessionId: string, callback: (err: unknown, session?: Session | null) => void): void {
    this.redis.get(this.key(sessionId)).then(
      (raw) => callback(null, raw ? (JSON.parse(raw) as Session) : null),
      (err) => callback(err),
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    this.redis.del(this.key(sessionId)).then(() => callback(), callback);
  }

  private key(sessionId: string): string {
    return `${this.prefix}:sess:${sessionId}`;
  }
}
