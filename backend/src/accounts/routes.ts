import {
  AppError,
  barberPasswordFormSchema,
  changePasswordSchema,
  currentUserSchema,
  idParamsSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  userSchema,
} from '@barber/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../plugins/deps';
import { z } from 'zod';
import { isUniqueViolation } from '../eventstore/store';
import { authenticate, changePassword, register } from './commands';
import { getCurrentUser, getUser } from './queries';

const okSchema = z.object({ ok: z.literal(true) });

/** Sign-up, sign-in, sign-out, the current user and a user's own profile and password. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/register', { schema: { tags: ['accounts'], body: registerSchema, response: { 201: currentUserSchema } } }, async (request, reply) => {
    const user = await register(deps, request.body);
    await startSession(request, user.id, deps);
    return reply.status(201).send(user);
  });

  app.post('/api/login', { schema: { tags: ['accounts'], body: loginSchema, response: { 200: currentUserSchema } } }, async (request) => {
    const user = await authenticate(deps, request.body.username, request.body.password, request.ip);
    await startSession(request, user.id, deps);
    return user;
  });

  app.post('/api/logout', { schema: { tags: ['accounts'], response: { 200: okSchema } } }, async (request) => {
    await request.session.destroy();
    return { ok: true as const };
  });

  app.get('/api/current-user', { schema: { tags: ['accounts'], response: { 200: currentUserSchema } } }, async (request) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
    const user = await app.users.current(request.user.id);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
    return user;
  });

  app.put(
    '/api/users/:id',
    { preHandler: app.requireUser, schema: { tags: ['accounts'], params: idParamsSchema, body: profileSchema, response: { 200: userSchema } } },
    async (request) => {
      assertSelfOrAdmin(request.user!, request.params.id);
      const { fullName, email, phone } = request.body;
      try {
        const rows = await deps.sql`UPDATE users SET full_name = ${fullName}, email = ${email}, phone = ${phone ?? null}, updated_at = now()
                                     WHERE id = ${request.params.id} RETURNING id`;
        if (rows.length === 0) throw new AppError('NOT_FOUND', 'User not found');
        await deps.bus.invalidate('user', [request.params.id]);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('CONFLICT', 'Email already registered');
        throw error;
      }
      return (await getUser(deps.sql, request.params.id))!;
    },
  );

  app.put(
    '/api/users/:id/password',
    { preHandler: app.requireUser, schema: { tags: ['accounts'], params: idParamsSchema, body: changePasswordSchema, response: { 200: okSchema } } },
    async (request) => {
      if (request.user!.id !== request.params.id) throw new AppError('FORBIDDEN', 'You can only change your own password.');
      await changePassword(deps, request.params.id, request.body.currentPassword, request.body.newPassword, request.session.sessionId);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/auth/change-password',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        // The barber settings' floor and wording (barber spec §5); the platform's rule applies on top.
        body: changePasswordSchema.extend({ newPassword: barberPasswordFormSchema.innerType().shape.newPassword }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await changePassword(deps, request.user!.id, request.body.currentPassword, request.body.newPassword, request.session.sessionId);
      return { ok: true as const };
    },
  );
};

/**
 * A new session id on every sign-in (a planted cookie never becomes an authenticated one), lasting
 * the platform's sessionTimeout.
 */
async function startSession(request: FastifyRequest, userId: number, deps: Deps): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.options({ maxAge: (await deps.settings.get()).sessionTimeout * 3600 * 1000 });
}

export function assertSelfOrAdmin(user: { id: number; role: string }, userId: number): void {
  if (user.id !== userId && user.role !== 'admin') throw new AppError('FORBIDDEN', 'You can only change your own account.');
}

export default accountRoutes;
