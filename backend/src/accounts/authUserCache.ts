import { LRUCache } from 'lru-cache';
import type { Sql } from '../db/connect';
import { findAuthUser, type AuthUser } from './queries';

/** How long an instance trusts a user row it read, when no change was announced (InvalidationBus 'user'). */
const TTL_MS = 5000;

/**
 * The signed-in user (id, role, username, barber id) of each request, kept per instance for a few seconds.
 * Every writer of a role or barber profile announces the change (`bus.invalidate('user', [id])`) and waits
 * for every instance to forget the row before it answers, so a changed role is never served from here.
 */
export class AuthUserCache {
  private readonly cache = new LRUCache<number, AuthUser>({ max: 20_000, ttl: TTL_MS });
  /** Bumped by every change: a read that started before it is not cached. */
  private generation = 0;

  constructor(private readonly sql: Sql) {}

  async get(userId: number): Promise<AuthUser | null> {
    const hit = this.cache.get(userId);
    if (hit) return hit;
    const generation = this.generation;
    const user = await findAuthUser(this.sql, userId);
    if (user && generation === this.generation) this.cache.set(userId, user);
    return user;
  }

  /** Forgets users (all of them when `ids` is empty). */
  forget(ids: string[]): void {
    this.generation++;
    if (ids.length === 0) this.cache.clear();
    for (const id of ids) this.cache.delete(Number(id));
  }
}
