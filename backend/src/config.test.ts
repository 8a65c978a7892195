import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-session-secret-of-at-least-32-chars',
  PUBLIC_URL: 'https://barbers.example',
};

describe('loadConfig in production', () => {
  it('starts without Stripe (both keys unset or empty, as docker-compose.yml passes them)', () => {
    expect(loadConfig(production).NODE_ENV).toBe('production');
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).not.toThrow();
  });

  it('refuses STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET (every webhook would be refused)', () => {
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).not.toThrow();
  });

  it('accepts the key alone outside production (development without webhooks)', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_x' })).not.toThrow();
  });
});
