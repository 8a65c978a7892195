import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettings, StripeConfigAnswer } from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { PUBLIC_SETTINGS_KEY } from '../../../lib/brand';
import { TWO_FACTOR_KEY } from '../../../lib/twoFactorHold';

const ADMIN_SETTINGS_KEY = ['/api/admin/settings'] as const;

/** GET /api/admin/settings. */
export function useAdminSettings() {
  return useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: answerQuery('platformSettingsSchema') });
}

/**
 * Whether Stripe is set up, so that fee collection can be on: GET /api/stripe/config answers its publishable key
 * (null without one). The server checks the secret key too, and refuses with STRIPE_KEYS_MISSING.
 */
export function useStripeConfigured() {
  return useQuery({
    queryKey: ['/api/stripe/config'],
    queryFn: answerQuery('stripeConfigAnswerSchema'),
    select: (answer: StripeConfigAnswer) => answer.publishableKey !== null,
  });
}

/**
 * PATCH /api/admin/settings with every setting the screen shows (not the IP whitelist, which has no field: a
 * value stored before writes were checked must not refuse every save); the settings are read again on success.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ipWhitelist: _notOnScreen, ...settings }: PlatformSettings) =>
      api.patch('/api/admin/settings', settings, { answer: 'platformSettingsSchema' }),
    // The brand and the password rule on every screen come from the public settings.
    // Two-factor: "Require 2FA for admin accounts" may now hold this administrator until they enrol.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
        client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY }),
        client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
      ]),
  });
}
