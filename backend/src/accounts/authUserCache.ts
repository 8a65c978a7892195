import { currentUserSchema, type CurrentUser } from '@barber/shared';
import type { Sql } from '../db/connect';
import { InvalidatedCache } from '../lib/invalidatedCache';
import { checkedJson } from '../lib/jsonText';
import { findSignedInUser, type AuthUser } from './queries';

/**
 * How long an instance keeps a user row it read when no change was announced (InvalidationBus 'user'): every
 * writer announces, and an instance that stops hearing announcements keeps nothing, so this only bounds a
 * change made behind the platform's back (in Postgres by hand).
 */
const TTL_MS = 60_000;

type SignedInUser = { auth: AuthUser; current: CurrentUser; currentJson?: string };

/**
 * The signed-in user of each request (what the guards check and what /api/current-user answers), kept per
 * instance for up to a minute. Every writer of a user's row or barber profile announces the change
 * (`bus.invalidate('user', [id])`) and waits for every instance to forget it before answering, so a
 * changed role or profile is never served from here.
 */
export class AuthUserCache {
  private readonly users: InvalidatedCache<number, SignedInUser>;

  constructor(
    private readonly sql: Sql,
    /** Whether user changes are being announced to this instance (InvalidationBus.trusted). */
    trusted: () => boolean,
  ) {
    this.users = new InvalidatedCache<number, SignedInUser>({ max: 20_000, ttlMs: TTL_MS, trusted });
  }

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
