import { AppError, type Role } from '@barber/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { assertAdminAddress } from '../platform/addressAllowlist';
import { AuthUserCache } from '../accounts/authUserCache';
import { sessionRevoked, type AuthUser } from '../accounts/queries';
import sessionPlugin, { type HookDone } from './session';

export { SESSION_COOKIE } from './session';

export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE = 'Set up two-factor sign-in on your profile to use the admin area.';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preValidation: any signed-in user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preValidation factory: a signed-in user with one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The signed-in users this instance has read recently (see AuthUserCache). */
    users: AuthUserCache;
    /**
     * The steps of every API route's one onRequest hook, run in order, each a callback hook: session, then the
     * signed-in user; the security plugin puts its CSRF guard first and its maintenance and rate limit last.
     */
    apiSteps: CallbackHook[];
  }
}

type CallbackHook = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;

/**
 * One hook that runs callback hooks in order. A step that calls done() at once lets the next run in the same
 * tick, so a request whose session, user and rate-limit lease are held passes them all in one Fastify hook
 * phase, without a promise tick (plugins/syncHooks.int.test.ts).
 */
function chainHooks(steps: readonly CallbackHook[]): CallbackHook {
  return function apiRequest(request, reply, done) {
    runSteps(steps, 0, request, reply, done);
  };
}

/*
 * A function, not a closure named per request: the dev and start scripts run under tsx, whose esbuild keeps
 * function names (keepNames), and naming a closure made at each request cost more than the whole chain
 * (Object.defineProperty on a fresh function, bench/README.md). An argument's arrow is left unnamed.
 */
function runSteps(
  steps: readonly CallbackHook[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookDone,
): void {
  const step = steps[from];
  if (!step) return done();
  step(request, reply, (error) => (error ? done(error) : runSteps(steps, from + 1, request, reply, done)));
}

/** Adds hooks to the front of a route's own list of that hook. */
export function prependHooks(
  route: RouteOptions,
  name: 'onRequest' | 'preValidation' | 'onSend',
  ...hooks: unknown[]
): void {
  const own = route[name] as unknown;
  const list = Array.isArray(own) ? own : own ? [own] : [];
  (route as unknown as Record<string, unknown[]>)[name] = [...hooks, ...list];
}

export const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/');

/**
 * Sessions, the signed-in user and the role guards, on API routes only: health checks, static files and
 * the app shell never read a cookie, Redis or Postgres for them.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    const { sql, bus } = app.deps;
    await app.register(sessionPlugin);
    const users = new AuthUserCache(sql, bus.trusted);
    bus.on('user', (ids) => users.forget(ids));
    app.decorate('users', users);

    app.decorateRequest('user', null);
    // A session issued before the user's sessions were revoked (a password changed or reset) signs no one in.
    const signIn = (request: FastifyRequest, user: AuthUser | null) => {
      if (user && sessionRevoked(request.session.data?.issuedAt, user)) request.session.revoked();
      else request.user = user;
    };
    const loadUser: CallbackHook = function loadUser(request, _reply, done) {
      const userId = request.session.userId;
      if (!userId) return done();
      const known = users.peek(userId);
      if (known) {
        signIn(request, known);
        return done();
      }
      users.get(userId).then((user) => {
        signIn(request, user);
        done();
      }, done);
    };
    // Read at each request: plugins registered after this one add their steps before any route exists.
    const steps: CallbackHook[] = [app.sessionHooks.load, loadUser];
    app.decorate('apiSteps', steps);
    const apiRequest = chainHooks(steps);
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route)) return;
      prependHooks(route, 'onRequest', apiRequest);
      prependHooks(route, 'onSend', app.sessionHooks.save);
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      assertAdminAddress(app.deps.settings.current().ipWhitelist, request.user.role, request.ip);
      assertTwoFactorSetUp(app.deps.settings.current().twoFactorEnabled, request.user);
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      if (!roles.includes(request.user.role))
        throw new AppError('FORBIDDEN', 'You do not have access to this resource.');
      assertAdminAddress(app.deps.settings.current().ipWhitelist, request.user.role, request.ip);
      assertTwoFactorSetUp(app.deps.settings.current().twoFactorEnabled, request.user);
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);

/** An administrator who has not enrolled while the platform requires two-factor sign-in ("Require 2FA for admin accounts"). */
export function heldForTwoFactor(required: boolean, user: Pick<AuthUser, 'role' | 'twoFactorEnrolled'>): boolean {
  return required && user.role === 'admin' && !user.twoFactorEnrolled;
}

/**
 * Such an administrator may sign in, read who they are, sign out and enrol (accounts/twoFactor.routes.ts), and
 * nothing else: no route that needs a signed-in user, nor the live socket (realtime/socket.ts).
 */
function assertTwoFactorSetUp(required: boolean, user: Pick<AuthUser, 'role' | 'twoFactorEnrolled'>): void {
  if (heldForTwoFactor(required, user))
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
}
