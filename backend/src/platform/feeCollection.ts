import type { Config } from '../config';
import type { Deps } from '../plugins/deps';

/** Both Stripe keys are set: payments can be taken (docs/design.md §8). */
export function stripeConfigured(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
}

/** Fees are collected only when the administrator's setting is on and Stripe is configured. */
export async function feeCollectionActive(deps: Pick<Deps, 'config' | 'settings'>): Promise<boolean> {
  return stripeConfigured(deps.config) && (await deps.settings.get()).feeCollectionEnabled;
}
