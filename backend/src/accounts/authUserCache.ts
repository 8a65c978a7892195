import { currentUserSchema, type CurrentUser } from '@barber/shared';
import type { Sql } from '../db/connect';
import { InvalidatedCache } from '../lib/invalidatedCache';
import { checkedJson } from '../lib/jsonText';
import { findSignedInUser, type AuthUser } from './queries';

/** How long an instance trusts a user row it read, when no change was announced (InvalidationBus 'user'). */
const TTL_MS = 5000;

type SignedInUser = { auth: AuthUser; current: CurrentUser; currentJson?: string };

/**
 * The signed-in user of each request (what the guards check and what /api/current-user answers), kept per
 * instance for a few seconds. Every writer of a user's row or barber profile announces the change
 * (`bus.invalidate('user', [id])`) and waits for every instance to forget it before answering, so a
 * changed role or profile is never served from here.
 */
export class AuthUserCache {
  private readonly users = new InvalidatedCache<number, SignedInUser>({ max: 20_000, ttlMs: TTL_MS });

  constructor(private readonly sql: Sql) {}

  async get(userId: number): Promise<AuthUser | null> {
    return (await this.load(userId))?.auth ?? null;
  }

  /** The user when this instance holds it now (no read): lets the request hook stay synchronous. */
  peek(userId: number): AuthUser | undefined {
    return this.users.peek(userId)?.auth;
  }

  /**
   * GET /api/current-user's answer as JSON, checked against its schema and serialised once per cached read of
   * the user: the entry is forgotten on every change, so the text is never older than the row.
   */
  async currentJson(userId: number): Promise<string | null> {
    const user = await this.load(userId);
    if (!user) return null;
    user.currentJson ??= checkedJson(currentUserSchema, user.current);
    return user.currentJson;
  }

  /** Forgets users (all of them when `ids` is empty). */
  forget(ids: string[]): void {
    this.users.forget(ids.map(Number));
  }

  private load(userId: number): Promise<SignedInUser | null> {
    return this.users.get(userId, () => findSignedInUser(this.sql, userId));
  }
}
