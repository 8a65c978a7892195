import {
  AppError,
  currentUserSchema,
  twoFactorCodeSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@barber/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCurrentUser } from './queries';
import { startSession } from './session';
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorStatus, verifySignInCode } from './twoFactor';
import { assertAdminAddress } from '../platform/addressAllowlist';

const okSchema = z.object({ ok: z.literal(true) });

/** How long the password step of a sign-in waits for its second factor. */
const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;

/**
 * Two-factor sign-in for administrators (issue 10): the second step of a sign-in, and enrolment from the
 * administrator's own profile. The enrolment routes are for a signed-in administrator and are not held
 * by the "enrol first" rule of the admin area (requireRole), since they are how one enrols.
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  const requireAdminAccount = async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (request.user.role !== 'admin')
      throw new AppError('FORBIDDEN', 'Two-factor sign-in is for administrator accounts.');
    assertAdminAddress(deps.settings.current().ipWhitelist, request.user.role, request.ip);
  };

  app.post(
    '/api/login/two-factor',
    { schema: { tags: ['accounts'], body: twoFactorCodeSchema, response: { 200: currentUserSchema } } },
    async (request) => {
      const pending = request.session.data?.twoFactorPending;
      if (!pending || pending.until < Date.now()) {
        throw new AppError(
          'UNAUTHENTICATED',
          'Your sign-in has expired. Sign in again with your username and password.',
        );
      }
      await verifySignInCode(deps, pending.userId, request.body.code);
      await startSession(request, pending.userId, deps);
      return (await getCurrentUser(deps.sql, pending.userId))!;
    },
  );

  app.get(
    '/api/auth/two-factor',
    { preValidation: requireAdminAccount, schema: { tags: ['accounts'], response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactorStatus(deps, request.user!.id),
  );

  app.post(
    '/api/auth/two-factor/setup',
    { preValidation: requireAdminAccount, schema: { tags: ['accounts'], response: { 200: twoFactorSetupSchema } } },
    async (request) => startEnrolment(deps, request.user!),
  );

  app.post(
    '/api/auth/two-factor/confirm',
    {
      preValidation: requireAdminAccount,
      schema: { tags: ['accounts'], body: twoFactorCodeSchema, response: { 200: twoFactorRecoveryCodesSchema } },
    },
    async (request) => ({
      recoveryCodes: await confirmEnrolment(deps, request.user!.id, request.body.code, request),
    }),
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      preValidation: requireAdminAccount,
      schema: { tags: ['accounts'], body: twoFactorCodeSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await disableTwoFactor(deps, request.user!.id, request.body.code);
      return { ok: true as const };
    },
  );
};

/**
 * The password was right and the user has two-factor sign-in on: a new session that signs no one in,
 * holding only who is half-way through, for a few minutes. The code step (`/api/login/two-factor`)
 * turns it into a signed-in session.
 */
export async function startTwoFactorChallenge(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.data = {
    ...request.session.data!,
    twoFactorPending: { userId, until: Date.now() + TWO_FACTOR_PENDING_MS },
  };
  request.session.options({ maxAge: TWO_FACTOR_PENDING_MS });
}

export default twoFactorRoutes;
