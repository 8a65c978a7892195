import {
  AppError,
  adminBarberListSchema,
  adminBarberSchema,
  adminBarbersQuerySchema,
  adminSetPasswordSchema,
  idParamsSchema,
  platformSettingsPatchSchema,
  platformSettingsSchema,
  type PlatformSettings,
  profileSchema,
  STRIPE_KEYS_MISSING,
  userIdParamsSchema,
  userSchema,
  verifyBarberSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replacePassword, updateProfile } from '../accounts/commands';
import { stripeConfigured } from '../platform/feeCollection';
import { addressAllowed } from '../platform/addressAllowlist';
import adminAnalyticsRoutes from './analytics.routes';
import { resetAccount, setBarberVerified } from './commands';
import { listBarbers } from './queries';

const okSchema = z.object({ ok: z.literal(true) });

/** The administrator area: barbers and their verification, users' passwords, own profile, platform settings. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const admin = app.requireRole('admin');
  // Without Stripe keys fee collection is off whatever is stored (the default is on): the screen shows
  // that, and sends it back as off, so saving other settings is never refused for it.
  const effective = (settings: PlatformSettings): PlatformSettings => ({
    ...settings,
    feeCollectionEnabled: settings.feeCollectionEnabled && stripeConfigured(deps.config),
  });
  // Analytics, Reports, the Bookings list with its filters, and a booking's history.
  await app.register(adminAnalyticsRoutes);

  app.get(
    '/api/admin/barbers',
    {
      preValidation: admin,
      schema: { tags: ['admin'], querystring: adminBarbersQuerySchema, response: { 200: adminBarberListSchema } },
    },
    async (request) => listBarbers(deps.sql, request.query),
  );

  app.put(
    '/api/admin/barbers/:id/verify',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        description:
          "Verified: approved, listed and bookable, and a customer applicant's role becomes barber. Unverified: pending again (role kept).",
        params: idParamsSchema,
        body: verifyBarberSchema,
        response: { 200: adminBarberSchema },
      },
    },
    async (request) => setBarberVerified(deps, request.params.id, request.body.isVerified),
  );

  app.put(
    '/api/admin/users/:userId/password',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        params: userIdParamsSchema,
        body: adminSetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      // The user is signed out everywhere (an administrator setting their own keeps this session).
      await replacePassword(deps, request.params.userId, request.body.newPassword, request);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/admin/users/:userId/reset-account',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        description: "Sets a new password, clears the user's sign-in and request limits and signs them out everywhere.",
        params: userIdParamsSchema,
        body: adminSetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resetAccount(deps, request.params.userId, request.body.newPassword, request);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/admin/profile',
    { preValidation: admin, schema: { tags: ['admin'], body: profileSchema, response: { 200: userSchema } } },
    async (request) => {
      return updateProfile(deps, request.user!.id, request.body, request.log);
    },
  );

  app.get(
    '/api/admin/settings',
    { preValidation: admin, schema: { tags: ['admin'], response: { 200: platformSettingsSchema } } },
    async () => effective(await deps.settings.get()),
  );

  app.patch(
    '/api/admin/settings',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        description:
          'The full settings object or a part of it, within the bounds of the specification; fee collection needs Stripe keys.',
        body: platformSettingsPatchSchema,
        response: { 200: platformSettingsSchema },
      },
    },
    async (request) => {
      const { ipWhitelist } = request.body;
      // Never a list that shuts out the administrator writing it: nobody could take it back from the screen.
      if (ipWhitelist !== undefined && !addressAllowed(ipWhitelist, request.ip)) {
        const message = `This IP whitelist would lock you out: your address ${request.ip} is not in it.`;
        throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: 'ipWhitelist', message }] });
      }
      if (request.body.feeCollectionEnabled && !stripeConfigured(deps.config)) {
        throw new AppError('VALIDATION_FAILED', STRIPE_KEYS_MISSING, {
          issues: [{ path: 'feeCollectionEnabled', message: STRIPE_KEYS_MISSING }],
        });
      }
      return effective(await deps.settings.update(request.body));
    },
  );
};

export default adminRoutes;
