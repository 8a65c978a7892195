import { LRUCache } from 'lru-cache';

/**
 * A short per-instance cache of rows that other instances change, for the reads of every request (the
 * signed-in user, the session). Writers announce changes (InvalidationBus) and wait until every instance
 * has called `forget`, so after a change:
 * - the entry is gone;
 * - a read already in flight is not shared with later requests (it may have read the old row), and its
 *   result is not cached (the generation moved on).
 * Concurrent reads of the same key (with the same tag) share one load.
 */
export class InvalidatedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<K, V>;
  private readonly loading = new Map<K, { tag: unknown; value: Promise<V | null> }>();
  /** Bumped by every change: a read that started before it is not cached. */
  private generation = 0;

  private readonly trusted: () => boolean;

  /**
   * `trusted`: whether changes are being announced to this instance now (InvalidationBus.trusted). While it
   * answers false the cache serves and keeps nothing: every read loads.
   */
  constructor(options: { max: number; ttlMs: number; trusted?: () => boolean }) {
    this.cache = new LRUCache<K, V>({ max: options.max, ttl: options.ttlMs });
    this.trusted = options.trusted ?? (() => true);
  }

  peek(key: K): V | undefined {
    return this.trusted() ? this.cache.get(key) : undefined;
  }

  set(key: K, value: V): void {
    if (this.trusted()) this.cache.set(key, value);
  }

  /**
   * The cached value, else one load shared by every caller asking for the same key and tag meanwhile
   * (a different tag, e.g. another signature of the same session id, gets a load of its own).
   */
  get(key: K, load: () => Promise<V | null>, tag?: unknown): Promise<V | null> {
    if (!this.trusted()) return load();
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const inFlight = this.loading.get(key);
    if (inFlight && inFlight.tag === tag) return inFlight.value;
    const generation = this.generation;
    const mine = {
      tag,
      value: load().then((value) => {
        if (value !== null && generation === this.generation) this.cache.set(key, value);
        return value;
      }),
    };
    this.loading.set(key, mine);
    void mine.value.finally(() => this.loading.get(key) === mine && this.loading.delete(key)).catch(() => {});
    return mine.value;
  }

  /** Forgets entries and reads in flight (all of them when `keys` is empty). */
  forget(keys: readonly K[]): void {
    this.generation++;
    if (keys.length === 0) {
      this.cache.clear();
      this.loading.clear();
    }
    for (const key of keys) {
      this.cache.delete(key);
      this.loading.delete(key);
    }
  }
}
