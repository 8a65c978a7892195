import type { FastifyRequest } from 'fastify';
import type { Deps } from '../plugins/deps';

/**
 * A new session id on every sign-in (a planted cookie never becomes an authenticated one), lasting
 * the platform's sessionTimeout.
 */
export async function startSession(request: FastifyRequest, userId: number, deps: Deps): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.options({ maxAge: (await deps.settings.get()).sessionTimeout * 3600 * 1000 });
}
