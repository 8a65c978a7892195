import Stripe from 'stripe';
import type { Config } from '../config';

type StripeConfigKeys = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;

const clients = new WeakMap<object, Stripe>();

/**
 * The Stripe client of a configuration, or null without a secret key. STRIPE_API_URL (docs/design.md §8)
 * points the SDK at another host, such as stripe-mock or the tests' stub server. Network retries are
 * off: callers pass idempotency keys and BullMQ retries the jobs.
 */
export function stripeClient(config: StripeConfigKeys): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const cached = clients.get(config);
  if (cached) return cached;
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    ...apiLocation(config.STRIPE_API_URL),
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
  });
  clients.set(config, client);
  return client;
}

function apiLocation(url: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!url) return {};
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A Stripe error that retrying will not fix (a bad request, a missing object). */
export function isStripeRequestError(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

export { Stripe };
