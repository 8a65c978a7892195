import {
  ADDRESS_SUGGESTION_MIN_INPUT,
  addressSuggestionsQuerySchema,
  addressSuggestionsSchema,
  feeCollectionStatusSchema,
  forgotPasswordSchema,
  MAINTENANCE_MESSAGE,
  publicSettingsSchema,
  resetPasswordSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressProviderFromConfig, type AddressProvider } from './addressProvider';
import { feeCollectionActive } from './feeCollection';
import { requestPasswordReset, resetPassword } from './passwordReset';

const okSchema = z.object({ ok: z.literal(true) });
/** The settings GET /api/public-settings shows, picked from all of them (zod drops the others). */
const publicFields = publicSettingsSchema.omit({ maintenanceMessage: true, notificationChannels: true });

interface PlatformRoutesOptions {
  addressProvider?: AddressProvider;
}

/** Small public calls: fee collection status, address suggestions, forgot and reset password. */
const platformRoutes: FastifyPluginAsyncZod<PlatformRoutesOptions> = async (app, options) => {
  const { deps } = app;
  const addresses = options.addressProvider ?? addressProviderFromConfig(deps.config);

  app.get(
    '/api/fee-collection-status',
    { schema: { tags: ['platform'], response: { 200: feeCollectionStatusSchema } } },
    async () => ({
      feeCollectionEnabled: await feeCollectionActive(deps),
    }),
  );

  app.get(
    '/api/public-settings',
    {
      schema: {
        tags: ['platform'],
        description:
          'What the screens need before asking the server: the platform name and description, the least password length, whether sign-up is open, the cancellation window of customers, the minimum booking amount, whether maintenance mode is on with its message (answered during maintenance too, so every screen can say so once), and which notification channels the platform has turned off.',
        response: { 200: publicSettingsSchema },
      },
    },
    async () => {
      const current = deps.settings.current();
      return {
        ...publicFields.parse(current),
        maintenanceMessage: current.maintenanceMode ? MAINTENANCE_MESSAGE : null,
        notificationChannels: {
          email: current.emailNotifications,
          push: current.pushNotifications,
          bookingAlerts: current.bookingNotifications,
        },
      };
    },
  );

  app.get(
    '/api/address-suggestions',
    {
      schema: {
        tags: ['platform'],
        querystring: addressSuggestionsQuerySchema,
        response: { 200: addressSuggestionsSchema },
      },
    },
    async (request) => {
      const { input, city, zipcode } = request.query;
      if (input.trim().length < ADDRESS_SUGGESTION_MIN_INPUT) return { suggestions: [] };
      return { suggestions: await addresses.suggest(input, city, zipcode) };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags: ['platform'],
        description:
          'Emails a one-time reset link valid for an hour. Always answers { ok: true }: it never tells whether the address exists.',
        body: forgotPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, deps.config.PUBLIC_URL, request.log);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['platform'],
        description: 'Sets a new password with the token of a reset link, once; signs the user out everywhere.',
        body: resetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.newPassword, request.log);
      return { ok: true as const };
    },
  );
};

export default platformRoutes;
