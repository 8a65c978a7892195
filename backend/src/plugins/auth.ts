import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { AppError, type Role } from '@barber/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findAuthUser, type AuthUser } from '../accounts/queries';
import { RedisSessionStore } from './redis-session-store';

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: a signed-in user with one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const SESSION_COOKIE = 'sid';
const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/** Cookie sessions in Redis, the signed-in user on every request, and the role guards. */
export default fp(
  async function auth(app: FastifyInstance) {
    const { config, redis, sql } = app.deps;
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: config.SESSION_SECRET,
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      store: new RedisSessionStore(redis, config.REDIS_PREFIX, SESSION_TTL_SECONDS),
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.NODE_ENV === 'production' ? 'auto' : false,
        maxAge: SESSION_TTL_SECONDS * 1000,
        path: '/',
      },
    });

    app.decorateRequest('user', null);
    // Only API calls need the user: static files and the app shell must not cost a query each.
    app.addHook('preHandler', async (request) => {
      const userId = request.session?.userId;
      if (userId && request.url.startsWith('/api/')) request.user = await findAuthUser(sql, userId);
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      if (!roles.includes(request.user.role)) throw new AppError('FORBIDDEN', 'You do not have access to this resource.');
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);
