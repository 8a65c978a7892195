import { describe, expect, it } from 'vitest';
import { InvalidatedCache } from './invalidatedCache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('InvalidatedCache', () => {
  it('shares one load among concurrent readers of a key, then answers from memory', async () => {
    const cache = new InvalidatedCache<number, string>({ max: 10, ttlMs: 60_000 });
    let loads = 0;
    const row = deferred<string>();
    const load = () => {
      loads++;
      return row.promise;
    };
    const readers = [cache.get(1, load), cache.get(1, load), cache.get(1, load)];
    row.resolve('Ana');
    expect(await Promise.all(readers)).toEqual(['Ana', 'Ana', 'Ana']);
    expect(await cache.get(1, load)).toBe('Ana');
    expect(loads).toBe(1);
  });

  it('after forget, neither shares a read that was in flight nor caches its (possibly old) result', async () => {
    const cache = new InvalidatedCache<number, string>({ max: 10, ttlMs: 60_000 });
    const old = deferred<string>();
    const before = cache.get(1, () => old.promise);
    cache.forget([1]); // the row changed while it was being read
    const after = cache.get(1, async () => 'new role');
    old.resolve('old role');
    expect(await before).toBe('old role');
    expect(await after).toBe('new role');
    expect(cache.peek(1)).toBe('new role');

    const stale = deferred<string>();
    const reading = cache.get(2, () => stale.promise);
    cache.forget([]); // everything changed
    stale.resolve('stale');
    await reading;
    expect(cache.peek(2)).toBeUndefined();
  });

  it('keeps loads with different tags apart and caches nothing for a missing row', async () => {
    const cache = new InvalidatedCache<string, string>({ max: 10, ttlMs: 60_000 });
    const first = deferred<string | null>();
    const a = cache.get('s1', () => first.promise, 'signature-a');
    const b = cache.get('s1', async () => 'from b', 'signature-b');
    first.resolve(null);
    expect(await a).toBeNull();
    expect(await b).toBe('from b');
    cache.forget(['s1']);
    expect(await cache.get('s1', async () => null)).toBeNull();
    expect(cache.peek('s1')).toBeUndefined();
  });

  it('serves and keeps nothing while it is not trusted (its instance hears no announcements), then caches again', async () => {
    let trusted = true;
    const cache = new InvalidatedCache<number, string>({ max: 10, ttlMs: 60_000, trusted: () => trusted });
    await cache.get(1, async () => 'before');
    trusted = false; // the bus went deaf, and made every cache forget (InvalidationBus)
    cache.forget([]);
    let loads = 0;
    const load = async () => `read ${++loads}`;
    expect(cache.peek(1)).toBeUndefined();
    expect(await cache.get(1, load)).toBe('read 1');
    expect(await cache.get(1, load)).toBe('read 2');
    cache.set(2, 'kept?');
    trusted = true;
    expect(cache.peek(2)).toBeUndefined();
    expect(await cache.get(1, load)).toBe('read 3');
    expect(await cache.get(1, load)).toBe('read 3');
  });
});
