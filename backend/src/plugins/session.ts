import { randomBytes } from 'node:crypto';
import fastifyCookie, { Signer } from '@fastify/cookie';
import type { AppError } from '@barber/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionRevoked, sessionsValidAfterOf } from '../accounts/queries';
import { InvalidatedCache } from '../lib/invalidatedCache';
import { RedisSessionStore, type SessionData } from './redisSessionStore';

export const SESSION_COOKIE = 'sid';
/** Lifetime of a session until sign-in sets the platform's sessionTimeout. */
const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;
/**
 * A session's expiry rolls forward with use, but is written (Redis and Set-Cookie) at most once per this
 * period: a session ends between sessionTimeout − 5 min and sessionTimeout after its last request.
 */
export const RENEW_AFTER_MS = 5 * 60 * 1000;
/**
 * Decoded sessions kept per instance; ending a session evicts it on every instance (InvalidationBus), and an
 * instance that stops hearing those announcements keeps none, so the time to live only bounds what a change
 * made behind the platform's back (in Redis by hand) leaves.
 */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 20_000;

/** The `done` of a callback-style Fastify hook. */
export type HookDone = (error?: Error) => void;

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
  interface FastifyInstance {
    /** Reads a signed session cookie (the socket handshake): sets `holder.session` when it names a live session. */
    decryptSession: (
      signed: string,
      holder: { session?: { id?: string; userId?: number; issuedAt?: number } },
      callback: (err?: unknown) => void,
    ) => void;
    /** Which of these sessions still exist (read from Redis, not the cache) and were not revoked (users.sessions_valid_after). */
    sessionsAlive: (sessionIds: readonly string[]) => Promise<Set<string>>;
    /** Route hooks of sessions, added to the routes that need them (API routes: see the auth plugin). */
    sessionHooks: {
      load: (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;
      save: (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (error: Error | null, payload: unknown) => void,
      ) => void;
    };
  }
}

interface Cached {
  signed: string;
  data: SessionData;
  /** data.cookie.expires as a number (ms), parsed once. */
  expiresAt: number;
}

type Found = { id: string } & Cached;

/**
 * The request's session: empty for a visitor, loaded from the cookie for a signed-in user. It is written
 * only when something changed (sign-in, sign-out) or when its expiry is due to roll forward.
 */
class RequestSession {
  /** Set when the data must be written when the request answers. */
  changed = false;
  /** Set when the cookie named no live session: it is cleared in the answer. */
  staleCookie = false;
  ended = false;
  /**
   * What the answer says when the session cannot be written (Redis down) after the route committed a change the
   * caller cannot repeat (registration): without it, Fastify's generic 500.
   */
  writeFailure: AppError | undefined;

  constructor(
    private readonly manager: SessionManager,
    public id: string | undefined,
    public data: SessionData | undefined,
    /** When the loaded session expires (ms). */
    public readonly expiresAt = 0,
  ) {}

  get userId(): number | undefined {
    return this.data?.userId;
  }

  set userId(userId: number | undefined) {
    this.data = {
      ...(this.data ?? { cookie: this.manager.freshCookie(DEFAULT_TTL_MS) }),
      userId,
      issuedAt: Date.now(),
    };
    this.id ??= newSessionId();
    this.changed = true;
  }

  get sessionId(): string | undefined {
    return this.id;
  }

  /** A new session id (sign-in): the former session, if any, is ended everywhere. */
  async regenerate(): Promise<void> {
    if (this.id && this.data) await this.manager.end([this.id]);
    this.id = newSessionId();
    this.data = { cookie: this.manager.freshCookie(DEFAULT_TTL_MS) };
    this.changed = true;
    this.ended = false;
  }

  /** Ends the session on every instance before the answer; the cookie is cleared. */
  async destroy(): Promise<void> {
    if (this.id) await this.manager.end([this.id]);
    this.data = undefined;
    this.ended = true;
    this.changed = false;
  }

  /**
   * Keeps this session signed in past a revocation of the user's sessions (their own password change): it
   * counts as issued at `at`, the revocation's instant.
   */
  restamp(at: number): void {
    if (!this.data?.userId) return;
    this.data = { ...this.data, issuedAt: Math.max(this.data.issuedAt ?? 0, Math.ceil(at)) };
    this.changed = true;
  }

  /** The session was issued before the user's sessions were revoked: the request is anonymous, the cookie cleared. */
  revoked(): void {
    this.id = undefined;
    this.data = undefined;
    this.staleCookie = true;
  }

  options(options: { maxAge: number }): void {
    this.data = { ...(this.data ?? {}), cookie: this.manager.freshCookie(options.maxAge) };
    this.id ??= newSessionId();
    this.changed = true;
  }
}

const newSessionId = () => randomBytes(24).toString('base64url');

/** Reads sessions through a short per-instance cache; writes and ends them in Redis. */
class SessionManager {
  private readonly cache: InvalidatedCache<string, Cached>;
  private readonly signer: Signer;

  constructor(
    private readonly store: RedisSessionStore,
    secret: string,
    private readonly onEnd: (sessionIds: string[]) => Promise<void>,
    /** Whether ended sessions are being announced to this instance (InvalidationBus.trusted). */
    trusted: () => boolean,
    /** The platform's session timeout now (ms): a signed-in session lasts that long after it last rolled forward. */
    readonly timeout: () => number,
  ) {
    this.signer = new Signer(secret, 'sha256');
    this.cache = new InvalidatedCache<string, Cached>({ max: CACHE_MAX, ttlMs: CACHE_TTL_MS, trusted });
  }

  /**
   * The live session a signed cookie names, or null. A cookie seen before is answered from memory, at once
   * (no promise: the request hooks stay synchronous), and skips the signature check.
   */
  read(signed: string): Found | null | Promise<Found | null> {
    const dot = signed.lastIndexOf('.');
    const id = dot > 0 ? signed.slice(0, dot) : '';
    const cached = id ? this.cache.peek(id) : undefined;
    if (cached && cached.signed === signed) return this.alive(id, cached);
    // A cookie not seen before is checked; a burst of requests with it shares one read.
    const unsigned = this.signer.unsign(signed);
    if (!unsigned.valid || unsigned.value !== id) return null;
    return this.cache
      .get(
        id,
        async () => {
          const data = await this.store.load(id);
          return data ? { signed, data, expiresAt: expiryOf(data) } : null;
        },
        signed,
      )
      .then((entry) => (entry && entry.signed === signed ? this.alive(id, entry) : null));
  }

  /** The session with its expiry now (expiryNow), or null once past it. */
  private alive(id: string, entry: Cached): Found | null {
    const expiresAt = expiryNow(entry.data, this.timeout());
    return expiresAt > Date.now() ? { id, ...entry, expiresAt } : null;
  }

  sign(id: string): string {
    return this.signer.sign(id);
  }

  freshCookie(maxAge: number): SessionData['cookie'] {
    return { expires: new Date(Date.now() + maxAge).toISOString(), originalMaxAge: maxAge };
  }

  /** Writes a session (unless it was ended meanwhile) and keeps it in the cache. */
  async write(id: string, data: SessionData): Promise<boolean> {
    const stored = await this.store.save(id, data);
    if (stored) this.cache.set(id, { signed: this.sign(id), data, expiresAt: expiryOf(data) });
    return stored;
  }

  async end(ids: string[]): Promise<void> {
    for (const id of ids) await this.store.end(id);
    await this.onEnd(ids);
  }

  /** Forgets cached sessions (all of them when `ids` is empty). */
  forget(ids: string[]): void {
    this.cache.forget(ids);
  }
}

function expiryOf(data: SessionData): number {
  return data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Number.POSITIVE_INFINITY;
}

/**
 * When a session ends under the session timeout in force now (`timeout`, ms): its stored expiry, or sooner for a
 * signed-in one when the timeout was lowered since it last rolled forward (a lowered timeout is a security
 * measure: it cannot wait for sessions used once a week to lapse under the old one).
 */
function expiryNow(data: SessionData, timeout: number): number {
  const stored = expiryOf(data);
  const maxAge = data.cookie?.originalMaxAge;
  return data.userId !== undefined && maxAge && timeout < maxAge ? stored - maxAge + timeout : stored;
}

/** When the expiry should roll forward: at most once per RENEW_AFTER_MS. */
function renewalDue(data: SessionData, expiresAt: number, now = Date.now()): boolean {
  const maxAge = data.cookie?.originalMaxAge;
  if (!maxAge || !Number.isFinite(expiresAt)) return false;
  return expiresAt - now < maxAge - Math.min(RENEW_AFTER_MS, maxAge / 2);
}

/**
 * Cookie sessions in Redis (docs/design.md §5), read only by the routes that need them: the auth plugin adds
 * `sessionHooks` to API routes, so health checks and static files never parse a cookie.
 */
export default fp(
  async function session(app: FastifyInstance) {
    const { config, redis, bus } = app.deps;
    // Cookies are parsed by the session hook of the routes that need them, not on every request.
    await app.register(fastifyCookie, { hook: false });
    const store = new RedisSessionStore(redis, config.REDIS_PREFIX, DEFAULT_TTL_MS / 1000);
    const manager = new SessionManager(
      store,
      config.SESSION_SECRET,
      (ids) => bus.invalidate('session', ids),
      bus.trusted,
      () => app.deps.settings.current().sessionTimeout * 3600 * 1000,
    );
    bus.on('session', (ids) => manager.forget(ids));
    await bus.listen();
    const secure = config.NODE_ENV === 'production';

    const cookieValue = (request: FastifyRequest): string | undefined => {
      const header = request.headers.cookie;
      if (!header || !header.includes(`${SESSION_COOKIE}=`)) return undefined;
      return app.parseCookie(header)[SESSION_COOKIE];
    };

    app.decorateRequest('session', null as never);
    const attach = (request: FastifyRequest, signed: string | undefined, found: Found | null) => {
      request.session = new RequestSession(manager, found?.id, found?.data, found?.expiresAt);
      if (signed && !found) request.session.staleCookie = true;
    };
    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: secure && request.protocol === 'https',
    });
    /** The renewed or changed session written, then its cookie set (neither when it was ended meanwhile). */
    const write = async (request: FastifyRequest, reply: FastifyReply, session: RequestSession) => {
      if (!(await manager.write(session.id!, session.data!))) return; // ended meanwhile: never saved back
      const expires = session.data!.cookie.expires ? new Date(session.data!.cookie.expires) : undefined;
      reply.header(
        'set-cookie',
        app.serializeCookie(SESSION_COOKIE, manager.sign(session.id!), { ...cookieOptions(request), expires }),
      );
    };

    // Callback hooks, synchronous when nothing waits (no cookie, a session seen before, nothing to write):
    // most requests then take no promise tick here.
    app.decorate('sessionHooks', {
      load: function loadSession(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
        const signed = cookieValue(request);
        const found = signed ? manager.read(signed) : null;
        if (found instanceof Promise) {
          found.then((f) => {
            attach(request, signed, f);
            done();
          }, done);
          return;
        }
        attach(request, signed, found);
        done();
      },
      save: function saveSession(
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (error: Error | null, payload: unknown) => void,
      ) {
        const session = request.session;
        if (!session) return done(null, payload);
        if (session.ended || (session.staleCookie && !session.changed)) {
          reply.header(
            'set-cookie',
            app.serializeCookie(SESSION_COOKIE, '', { ...cookieOptions(request), expires: new Date(0) }),
          );
          return done(null, payload);
        }
        if (!session.id || !session.data) return done(null, payload);
        if (!session.changed) {
          if (!renewalDue(session.data, session.expiresAt)) return done(null, payload);
          // rolled forward by the session timeout in force now (a signed-in one; a visitor's keeps its own)
          const maxAge = session.data.userId !== undefined ? manager.timeout() : session.data.cookie.originalMaxAge!;
          session.data = { ...session.data, cookie: manager.freshCookie(maxAge) };
        }
        write(request, reply, session).then(
          () => done(null, payload),
          (error: Error) =>
            done(session.writeFailure ? Object.assign(session.writeFailure, { cause: error }) : error, payload),
        );
      },
    });

    // Alive: stored, and not issued before its user's sessions were revoked (a revocation whose Redis deletes
    // failed still ends the sockets of those sessions, at the next check).
    app.decorate('sessionsAlive', async (ids: readonly string[]) => {
      const sessions = await store.loadMany(ids);
      const userIds = [...new Set([...sessions.values()].flatMap((s) => (s.userId === undefined ? [] : [s.userId])))];
      const revocations = await sessionsValidAfterOf(app.deps.sql, userIds);
      const revoked = (s: SessionData) =>
        s.userId !== undefined && sessionRevoked(s.issuedAt, { sessionsValidAfter: revocations.get(s.userId) });
      const now = Date.now();
      const live = (s: SessionData) => !revoked(s) && expiryNow(s, manager.timeout()) > now;
      return new Set([...sessions].filter(([, s]) => live(s)).map(([id]) => id));
    });

    app.decorate(
      'decryptSession',
      (
        signed: string,
        holder: { session?: { id?: string; userId?: number; issuedAt?: number } },
        callback: (err?: unknown) => void,
      ) => {
        // a promise of the read, so that a throw of its synchronous part reaches the callback too
        new Promise<Found | null>((resolve) => resolve(manager.read(signed))).then((found) => {
          if (found) holder.session = { id: found.id, userId: found.data.userId, issuedAt: found.data.issuedAt };
          callback();
        }, callback);
      },
    );
  },
  { name: 'session', dependencies: ['deps'] },
);
