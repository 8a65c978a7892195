import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

const dev = useTestApp();
const prod = useTestApp({
  env: { NODE_ENV: 'production', PUBLIC_URL: 'https://barber.example', SESSION_SECRET: 'a-production-secret-of-at-least-32-characters' },
});

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('answers every route with a strict CSP that still lets Stripe Elements and the socket work', async () => {
    for (const url of ['/healthz', '/api/fee-collection-status', '/no-such-page']) {
      const res = await dev.app.inject({ url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('frame-src')).toContain('https://js.stripe.com');
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends HSTS and upgrades insecure requests in production only', async () => {
    const local = await dev.app.inject({ url: '/healthz' });
    expect(local.headers['strict-transport-security']).toBeUndefined();
    expect(directives(local.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(false);

    const res = await prod.app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toContain('wss://barber.example');
  });
});
