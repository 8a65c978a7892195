import { AppError, MAINTENANCE_MESSAGE } from '@barber/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute, prependHooks } from './auth';
import { rememberedClientAddress } from './clientAddress';
import { RateLimiter, type Verdict } from './rateLimiter';
import type { HookDone } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NUL_MESSAGE = 'Text may not contain NUL characters.';
const SURROGATE_MESSAGE = 'Text may not contain unpaired surrogate characters.';
const NESTING_MESSAGE = 'The request body is nested too deeply.';

/*
 * In JSON.stringify's text a NUL and a lone surrogate are the only escapes \u0000 and \ud800-\udfff (a pair is
 * written as itself): found where the backslash is not itself escaped, so that text that merely reads "\u0000"
 * passes.
 */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;
const ESCAPED_SURROGATE = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/i;

/**
 * What a JSON body holds that no text column may: NUL (Postgres text cannot hold it), a lone surrogate (not
 * Unicode: stored as U+FFFD in one column, refused deep in the event store by another), or nesting too deep to
 * walk (JSON.stringify runs out of stack).
 */
export function textProblem(body: unknown): string | undefined {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    if (error instanceof RangeError) return NESTING_MESSAGE;
    throw error;
  }
  if (ESCAPED_NUL.test(text)) return NUL_MESSAGE;
  if (ESCAPED_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}
/** The host of an Origin header; undefined when absent or not a URL (`null`, sent by sandboxed frames and file: pages). */
function originHost(origin: string | undefined): string | undefined {
  if (!origin || !URL.canParse(origin)) return undefined;
  return new URL(origin).host;
}

/**
 * Routes open during maintenance: sign-in (an administrator can still come in) and GET /api/public-settings,
 * which tells every screen that maintenance is on and its message (the banner, issue 11 item 9).
 */
const MAINTENANCE_OPEN = new Set([
  '/api/login',
  '/api/login/two-factor',
  '/api/logout',
  '/api/current-user',
  '/api/stripe/webhook',
  '/api/public-settings',
]);

function answer(verdict: Verdict, reply: FastifyReply, done: HookDone): void {
  if (verdict.allowed) return done();
  reply.header('retry-after', verdict.retryAfterSeconds);
  done(new AppError('RATE_LIMITED', `Too many requests. Please try again in ${verdict.retryAfterSeconds} seconds.`));
}

/** Sign-in's two steps: limited by their own counts (loginLimits.ts, twoFactor.ts), not the platform's request limit. */
/**
 * Routes the request limit leaves alone: sign-in has limits of its own (accounts/loginLimits.ts), and Stripe's webhook
 * is signed and must never wait: a 429 makes Stripe retry minutes to hours later, and a checkout paid in time could
 * expire meanwhile.
 */
const UNLIMITED_ROUTES = new Set(['/api/login', '/api/login/two-factor', '/api/stripe/webhook']);

/**
 * CSRF guard, maintenance mode and request rate limits (docs/design.md §5), on API routes only. Settings come
 * from memory (`settings.current()`, refreshed on every change), and the rate limit from leases held in
 * memory (RateLimiter), so a request normally costs neither Postgres nor Redis here.
 */
export default fp(
  async function security(app: FastifyInstance) {
    const { settings, redis, config, bus } = app.deps;
    await settings.get(); // loaded (and listening for changes) before the first request
    const limiter = new RateLimiter(redis, config.REDIS_PREFIX);
    const clientAddress = rememberedClientAddress();
    bus.on('rate', (keys) => limiter.forget(keys));
    // a refusal is remembered until its window ends: a limit raised (every instance hears it) lifts it at once
    let limit = settings.current().maxRequestsPerMinute;
    settings.onChange((next) => {
      if (next.maxRequestsPerMinute !== limit) limiter.forget([]);
      limit = next.maxRequestsPerMinute;
    });

    const csrf = function csrfGuard(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
      if (SAFE_METHODS.has(request.method)) return done();
      if (request.url.startsWith('/api/stripe/webhook')) return done(); // signed by Stripe instead
      if (request.headers['x-requested-with']) return done();
      const host = originHost(request.headers.origin);
      if (host && host === request.headers.host) return done();
      done(new AppError('FORBIDDEN', 'Cross-site request refused.'));
    };

    // Runs right after the signed-in user is known: maintenance lets admins through, the limit is per user.
    // A callback hook, synchronous unless a rate-limit lease must be fetched.
    const guard = function maintenanceAndRateLimit(request: FastifyRequest, reply: FastifyReply, done: HookDone) {
      const current = settings.current();
      if (
        current.maintenanceMode &&
        request.user?.role !== 'admin' &&
        !MAINTENANCE_OPEN.has(request.routeOptions.url ?? '')
      ) {
        return done(new AppError('MAINTENANCE', MAINTENANCE_MESSAGE));
      }
      if (!current.rateLimitEnabled) return done();
      // An administrator is never limited: one who set the limit too low must still reach the settings
      // that undo it; nor is sign-in, so an administrator whose address is limited can still sign in (the code
      // step of two-factor sign-in included).
      if (request.user?.role === 'admin' || UNLIMITED_ROUTES.has(request.routeOptions.url ?? '')) return done();
      const userId = request.session.userId;
      const taken = limiter.take(userId ? `u${userId}` : clientAddress(request), current.maxRequestsPerMinute);
      if ('then' in taken) taken.then((verdict) => answer(verdict, reply, done), done);
      else answer(taken, reply, done);
    };

    // Postgres text cannot hold NUL: refuse it at the door rather than fail deep in a query.
    const nulInUrl = function nulInUrl(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
      if (request.url.includes('%00')) return done(new AppError('VALIDATION_FAILED', NUL_MESSAGE));
      done();
    };
    const nulInBody = function nulInBody(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
      if (request.body === undefined || Buffer.isBuffer(request.body)) return done();
      const problem = textProblem(request.body);
      done(problem ? new AppError('VALIDATION_FAILED', problem) : undefined);
    };

    // CSRF before anything is read for the request; maintenance and the limit once the user is known.
    app.apiSteps.unshift(csrf, nulInUrl);
    app.apiSteps.push(guard);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiRoute(route)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((m) => !SAFE_METHODS.has(m))) prependHooks(route, 'preValidation', nulInBody);
    });
  },
  { name: 'security', dependencies: ['deps', 'auth'] },
);
