import type { CurrentUser } from '@barber/shared';
import { LRUCache } from 'lru-cache';
import type { Sql } from '../db/connect';
import { findSignedInUser, type AuthUser } from './queries';

/** How long an instance trusts a user row it read, when no change was announced (InvalidationBus 'user'). */
const TTL_MS = 5000;

type SignedInUser = { auth: AuthUser; current: CurrentUser };

/**
 * The signed-in user of each request (what the guards check and what /api/current-user answers), kept per
 * instance for a few seconds. Every writer of a user's row or barber profile announces the change
 * (`bus.invalidate('user', [id])`) and waits for every instance to forget it before answering, so a
 * changed role or profile is never served from here.
 */
export class AuthUserCache {
  private readonly cache = new LRUCache<number, SignedInUser>({ max: 20_000, ttl: TTL_MS });
  private readonly loading = new Map<number, Promise<SignedInUser | null>>();
  /** Bumped by every change: a read that started before it is not cached. */
  private generation = 0;

  constructor(private readonly sql: Sql) {}

  async get(userId: number): Promise<AuthUser | null> {
    return (await this.load(userId))?.auth ?? null;
  }

  async current(userId: number): Promise<CurrentUser | null> {
    return (await this.load(userId))?.current ?? null;
  }

  /** Forgets users (all of them when `ids` is empty). */
  forget(ids: string[]): void {
    this.generation++;
    // Reads in flight are dropped too: a request arriving after this must not share their answer.
    if (ids.length === 0) {
      this.cache.clear();
      this.loading.clear();
    }
    for (const id of ids) {
      this.cache.delete(Number(id));
      this.loading.delete(Number(id));
    }
  }

  private load(userId: number): Promise<SignedInUser | null> {
    const hit = this.cache.get(userId);
    if (hit) return Promise.resolve(hit);
    let loading = this.loading.get(userId);
    if (loading) return loading;
    // One query per user in flight: a burst of requests of a user not cached shares it.
    const generation = this.generation;
    loading = findSignedInUser(this.sql, userId).then((user) => {
      if (user && generation === this.generation) this.cache.set(userId, user);
      return user;
    });
    this.loading.set(userId, loading);
    const mine = loading;
    void mine.finally(() => this.loading.get(userId) === mine && this.loading.delete(userId)).catch(() => {});
    return loading;
  }
}
