import {
  ACCOUNT_CREATED_SIGN_IN_FAILED,
  AppError,
  barberPasswordFormSchema,
  changePasswordSchema,
  currentUserSchema,
  idParamsSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  twoFactorChallengeSchema,
  userSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, changePassword, register, updateProfile } from './commands';
import { sendJsonText } from '../lib/jsonText';
import { startSession } from './session';
import { twoFactorEnabledFor } from './twoFactor';
import twoFactorRoutes, { startTwoFactorChallenge } from './twoFactor.routes';

const okSchema = z.object({ ok: z.literal(true) });

/** Sign-up, sign-in, sign-out, the current user and a user's own profile and password. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(twoFactorRoutes);

  app.post(
    '/api/register',
    { schema: { tags: ['accounts'], body: registerSchema, response: { 201: currentUserSchema } } },
    async (request, reply) => {
      const user = await register(deps, request.body);
      // From here the account exists: a failed sign-in (ending the caller's former session, or storing the new
      // one when the answer is sent) must not read as a failed registration, whose retry would be refused as taken.
      const signInFailed = new AppError('INTERNAL', ACCOUNT_CREATED_SIGN_IN_FAILED);
      request.session.writeFailure = signInFailed;
      try {
        await startSession(request, user.id, deps);
      } catch (error) {
        throw Object.assign(signInFailed, { cause: error });
      }
      return reply.status(201).send(user);
    },
  );

  // With two-factor sign-in on, the right password signs no one in yet: 202 and a pending session, which
  // POST /api/login/two-factor completes with a code (accounts/twoFactor.routes.ts).
  app.post(
    '/api/login',
    {
      schema: {
        tags: ['accounts'],
        body: loginSchema,
        response: { 200: currentUserSchema, 202: twoFactorChallengeSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticate(deps, request.body.username, request.body.password, request.ip);
      if (await twoFactorEnabledFor(deps, user.id)) {
        await startTwoFactorChallenge(request, user.id);
        return reply
          .status(202)
          .send({ twoFactorRequired: true as const, message: 'Enter the 6-digit code from your authenticator app.' });
      }
      await startSession(request, user.id, deps);
      return user;
    },
  );

  app.post('/api/logout', { schema: { tags: ['accounts'], response: { 200: okSchema } } }, async (request) => {
    await request.session.destroy();
    return { ok: true as const };
  });

  app.get(
    '/api/current-user',
    { schema: { tags: ['accounts'], response: { 200: currentUserSchema } } },
    async (request, reply) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
      const body = await app.users.currentJson(request.user.id);
      if (!body) throw new AppError('UNAUTHENTICATED', 'Not signed in');
      return sendJsonText(reply, body);
    },
  );

  app.put(
    '/api/users/:id',
    {
      preValidation: app.requireUser,
      schema: { tags: ['accounts'], params: idParamsSchema, body: profileSchema, response: { 200: userSchema } },
    },
    async (request) => {
      assertSelfOrAdmin(request.user!, request.params.id);
      return updateProfile(deps, request.params.id, request.body, request.log);
    },
  );

  app.put(
    '/api/users/:id/password',
    {
      preValidation: app.requireUser,
      schema: { tags: ['accounts'], params: idParamsSchema, body: changePasswordSchema, response: { 200: okSchema } },
    },
    async (request) => {
      if (request.user!.id !== request.params.id)
        throw new AppError('FORBIDDEN', 'You can only change your own password.');
      await changePassword(deps, request.params.id, request.body.currentPassword, request.body.newPassword, request);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/auth/change-password',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['accounts'],
        // The barber settings' floor and wording (docs/spec/barber-and-admin.md §5); the platform's rule applies on top.
        body: changePasswordSchema.extend({ newPassword: barberPasswordFormSchema.innerType().shape.newPassword }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await changePassword(deps, request.user!.id, request.body.currentPassword, request.body.newPassword, request);
      return { ok: true as const };
    },
  );
};

function assertSelfOrAdmin(user: { id: number; role: string }, userId: number): void {
  if (user.id !== userId && user.role !== 'admin')
    throw new AppError('FORBIDDEN', 'You can only change your own account.');
}

export default accountRoutes;
