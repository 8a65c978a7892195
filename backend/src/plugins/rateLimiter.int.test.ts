import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '../test/context';
import { RateLimiter } from './rateLimiter';

const { url, prefix } = testRedis();
const redis = new Redis(url);
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const allowed = async (limiter: RateLimiter, key: string, max: number) => (await limiter.take(key, max)).allowed;

describe('leased rate limits', () => {
  it('grants exactly max per window on one instance, mostly from memory', async () => {
    const limiter = new RateLimiter(redis, prefix);
    const verdicts: boolean[] = [];
    for (let i = 0; i < 130; i++) verdicts.push(await allowed(limiter, 'one', 100));
    expect(verdicts.filter(Boolean)).toHaveLength(100);
    expect(verdicts.slice(100).some(Boolean)).toBe(false);
    // Far fewer leases than requests: the shared counter moved by shares, not one by one.
    expect(Number(await redis.get(limiter.redisKey('one')))).toBe(100);
  });

  it('never grants more than max across three instances, concurrent or interleaved', async () => {
    const limiters = [0, 1, 2].map(() => new RateLimiter(redis, prefix));
    const verdicts = await Promise.all(Array.from({ length: 240 }, (_, i) => allowed(limiters[i % 3]!, 'shared', 50)));
    const granted = verdicts.filter(Boolean).length;
    expect(granted).toBeLessThanOrEqual(50);
    // Early refusals are bounded by what the others leased and did not use.
    expect(granted).toBeGreaterThanOrEqual(50 - 2 * Math.ceil(50 / 4));
  });

  it('remembers a refusal until the window ends, and forgets it when told to', async () => {
    const limiter = new RateLimiter(redis, prefix);
    for (let i = 0; i < 10; i++) await allowed(limiter, 'reset', 10);
    expect(await allowed(limiter, 'reset', 10)).toBe(false);
    const refusal = limiter.take('reset', 10);
    expect('then' in refusal).toBe(false); // answered from memory
    expect(refusal).toMatchObject({ allowed: false });
    await redis.del(limiter.redisKey('reset'));
    limiter.forget(['reset']);
    expect(await allowed(limiter, 'reset', 10)).toBe(true);
  });
});
