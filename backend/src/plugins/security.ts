import rateLimit from '@fastify/rate-limit';
import { AppError } from '@barber/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes open during maintenance so that an administrator can still sign in. */
const MAINTENANCE_OPEN = new Set(['/api/login', '/api/logout', '/api/current-user', '/api/stripe/webhook']);

/** CSRF guard, maintenance mode and request rate limits (DESIGN §5). */
export default fp(
  async function security(app: FastifyInstance) {
    const { settings, redis, config } = app.deps;

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      if (request.url.startsWith('/api/stripe/webhook')) return; // signed by Stripe instead
      if (request.headers['x-requested-with']) return;
      const origin = request.headers.origin;
      if (origin && new URL(origin).host === request.headers.host) return;
      throw new AppError('FORBIDDEN', 'Cross-site request refused.');
    });

    // Postgres text cannot hold NUL: refuse it at the door rather than fail deep in a query.
    app.addHook('preValidation', async (request) => {
      if (/%00/.test(request.url) || (request.body !== undefined && !Buffer.isBuffer(request.body) && JSON.stringify(request.body).includes('\\u0000'))) {
        throw new AppError('VALIDATION_FAILED', 'Text may not contain NUL characters.');
      }
    });

    app.addHook('preHandler', async (request) => {
      if (!request.url.startsWith('/api/') || MAINTENANCE_OPEN.has(request.routeOptions.url ?? '')) return;
      if (request.user?.role === 'admin') return;
      if ((await settings.get()).maintenanceMode) {
        throw new AppError('MAINTENANCE', 'The platform is under maintenance. Please try again later.');
      }
    });

    await app.register(rateLimit, {
      hook: 'preHandler',
      redis,
      nameSpace: `${config.REDIS_PREFIX}:rl:`,
      timeWindow: 60_000,
      max: async () => (await settings.get()).maxRequestsPerMinute,
      allowList: async (request) => !request.url.startsWith('/api/') || !(await settings.get()).rateLimitEnabled,
      keyGenerator: (request) => (request.session?.userId ? `u${request.session.userId}` : request.ip),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        code: 'RATE_LIMITED',
      }),
    });
  },
  { name: 'security', dependencies: ['deps', 'auth'] },
);
