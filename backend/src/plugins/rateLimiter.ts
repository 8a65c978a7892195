import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Takes up to a quarter of what is left of a caller's window (at least 1) from the shared counter.
 * The counter holds every request granted to any instance, so the instances together never grant more
 * than `max` in a window. Answers {granted, window ms left}.
 */
const LEASE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local max = tonumber(ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if used >= max then return {0, ttl} end
local granted = math.max(1, math.floor((max - used) / tonumber(ARGV[3])))
redis.call('INCRBY', KEYS[1], granted)
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {granted, ttl}`;

/** A lease takes 1/LEASE_SHARE of what is left. */
const LEASE_SHARE = 4;

interface Lease {
  /** Requests this instance may still grant without asking Redis. */
  left: number;
  /** When the window ends (ms since epoch). */
  until: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: Verdict = { allowed: true };

/**
 * Per-caller request limits shared by every instance, without a Redis round trip per request: each
 * instance leases a share of the caller's remaining requests (a quarter of what is left, so ever smaller
 * shares as the limit nears, and single requests at the end) and grants them from memory.
 *
 * Tolerance: never more than `max` requests per window in total, across instances. A caller can be
 * refused early by what other instances leased and have not used yet: at most a quarter of what was left
 * at each of their last leases (0 with one instance, or when the caller sticks to one instance, as with the
 * sticky load balancer). A refusal is remembered until the window ends, so a caller over the limit costs no
 * round trip either. `forget` drops leases and refusals (an administrator's reset clears a user's limit).
 */
export class RateLimiter {
  private readonly leases = new LRUCache<string, Lease>({ max: 100_000 });
  private readonly inflight = new Map<string, Promise<void>>();

  private readonly redis: Redis & {
    rateLimitLease: (key: string, max: number, windowMs: number, share: number) => Promise<[number, number]>;
  };

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly windowMs = 60_000,
  ) {
    // EVALSHA: the script is sent once per connection, not with every lease.
    redis.defineCommand('rateLimitLease', { numberOfKeys: 1, lua: LEASE });
    this.redis = redis as typeof this.redis;
  }

  /** Synchronous when this instance holds a lease (or a refusal) for the caller. */
  take(key: string, max: number): Verdict | Promise<Verdict> {
    return this.fromLease(key) ?? this.leaseAndTake(key, max);
  }

  forget(keys: string[]): void {
    if (keys.length === 0) this.leases.clear();
    for (const key of keys) this.leases.delete(key);
  }

  redisKey(key: string): string {
    return `${this.prefix}:rl:${key}`;
  }

  private fromLease(key: string): Verdict | undefined {
    const lease = this.leases.get(key);
    const now = Date.now();
    if (!lease || now >= lease.until) return undefined;
    if (lease.left > 0) {
      lease.left--;
      return ALLOWED;
    }
    return lease.left < 0 ? refused(lease.until - now) : undefined;
  }

  /** One lease in flight per caller: concurrent requests wait for it rather than each taking a share. */
  private async leaseAndTake(key: string, max: number): Promise<Verdict> {
    for (;;) {
      const pending = this.inflight.get(key);
      if (pending) await pending;
      else {
        const lease = this.lease(key, max);
        this.inflight.set(key, lease);
        try {
          await lease;
        } finally {
          this.inflight.delete(key);
        }
      }
      const verdict = this.fromLease(key);
      if (verdict) return verdict;
    }
  }

  private async lease(key: string, max: number): Promise<void> {
    const [granted, ttl] = await this.redis.rateLimitLease(this.redisKey(key), max, this.windowMs, LEASE_SHARE);
    const until = Date.now() + Math.max(ttl, 1);
    const held = this.leases.get(key);
    const left = held && held.left > 0 && Date.now() < held.until ? held.left : 0;
    // left -1 marks a refusal remembered until the window ends.
    this.leases.set(key, { left: granted > 0 ? left + granted : -1, until });
  }
}

function refused(ms: number): Verdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}
