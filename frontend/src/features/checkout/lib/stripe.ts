import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * loadStripe once per publishable key; a load that failed (Stripe.js blocked, the network) is tried again next
 * time rather than remembered.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** Redirect delays (docs/spec/customer-side.md §9): 2 s after a payment, 1 s after a no-fee confirmation. */
export const PAID_REDIRECT_MS = 2000;
export const CONFIRMED_REDIRECT_MS = 1000;

export const PAYMENT_FAILED_DEFAULT = 'An error occurred during payment processing.';
export const PAYMENT_UNEXPECTED = 'An unexpected error occurred.';
