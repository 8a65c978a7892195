import { AppError } from '@barber/shared';
import type { Redis } from 'ioredis';

/**
 * Counts a sign-in attempt against three limits in one step, before the password is checked, so that a
 * burst of concurrent attempts cannot all be checked. ARGV: each key's limit, then the window (ms).
 * A refused attempt is not counted (it takes its increments back): a caller already refused cannot push
 * the shared per-username ceiling up by insisting. Answers 0 when allowed, else the ms until it would be. A limit
 * reached locks for the whole window (the cooldown) from the attempt that reached it.
 */
const ATTEMPT = `
local window = tonumber(ARGV[#KEYS + 1])
local wait = 0
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  -- the window starts at the first failure and again at the one that reaches the limit: the lock that follows
  -- lasts the whole cooldown, however long the failures took to add up
  if n == 1 or n == tonumber(ARGV[i]) then redis.call('PEXPIRE', key, window) end
  if n > tonumber(ARGV[i]) then wait = math.max(wait, redis.call('PTTL', key)) end
end
if wait > 0 then
  for _, key in ipairs(KEYS) do redis.call('DECR', key) end
end
return wait`;

/** Takes a successful attempt back (only from counters still alive) and clears the pair's failures. */
const SUCCEEDED = `
redis.call('DEL', KEYS[1])
for i = 2, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECR', KEYS[i]) end
end
return 0`;

/**
 * The login-limit policy (README, Security). Within loginCooldownMinutes:
 * - one address may fail maxLoginAttempts times for one username (then that address waits);
 * - one address may fail ADDRESS_FACTOR × maxLoginAttempts times over all usernames;
 * - one username may fail USERNAME_FACTOR × maxLoginAttempts times from all addresses together.
 * A stranger on one address therefore locks only themself: locking an account for its owner takes
 * failures from USERNAME_FACTOR addresses at least.
 */
const ADDRESS_FACTOR = 10;
const USERNAME_FACTOR = 20;

export interface LoginLimits {
  maxAttempts: number;
  cooldownMinutes: number;
}

type AttemptRedis = Redis & {
  loginAttempt: (...args: (string | number)[]) => Promise<number>;
  loginSucceeded: (...args: (string | number)[]) => Promise<number>;
};

const encode = (username: string) => encodeURIComponent(username.toLowerCase());

export class LoginLimiter {
  private readonly redis: AttemptRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('loginAttempt' in redis)) {
      redis.defineCommand('loginAttempt', { lua: ATTEMPT });
      redis.defineCommand('loginSucceeded', { lua: SUCCEEDED });
    }
    this.redis = redis as AttemptRedis;
  }

  private keys(username: string, address: string): string[] {
    const user = encode(username);
    return [
      `${this.prefix}:login:pair:${user}:${address}`,
      `${this.prefix}:login:addr:${address}`,
      `${this.prefix}:login:user:${user}`,
    ];
  }

  /** Counts an attempt; throws RATE_LIMITED (with the minutes to wait) when one of the limits is reached. */
  async attempt(
    username: string,
    address: string,
    limits: LoginLimits,
    what: 'sign-in' | 'password' = 'sign-in',
  ): Promise<void> {
    const keys = this.keys(username, address);
    const max = limits.maxAttempts;
    const waitMs = Number(
      await this.redis.loginAttempt(
        keys.length,
        ...keys,
        max,
        max * ADDRESS_FACTOR,
        max * USERNAME_FACTOR,
        limits.cooldownMinutes * 60_000,
      ),
    );
    if (waitMs > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed ${what} attempts. Please try again in ${Math.max(1, Math.ceil(waitMs / 60_000))} minutes.`,
      );
    }
  }

  /** A successful sign-in: its attempt is taken back, and the pair's failures are cleared. */
  async succeeded(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    await this.redis.loginSucceeded(keys.length, ...keys);
  }

  /** Clears every failure of a username (an administrator's reset, a password reset). */
  async clear(username: string): Promise<void> {
    const user = encode(username);
    const keys = [`${this.prefix}:login:user:${user}`];
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(
        cursor,
        'MATCH',
        `${escapeGlob(`${this.prefix}:login:pair:${user}:`)}*`,
        'COUNT',
        500,
      );
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    await this.redis.del(...keys);
  }
}

function escapeGlob(s: string): string {
  return s.replace(/[*?[\]\\]/g, '\\$&');
}
