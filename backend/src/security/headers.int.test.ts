import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

const dev = useTestApp();
const prod = useTestApp({
  env: {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://barber.example',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  },
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
  it('answers pages with a strict CSP that still lets Stripe Elements and the socket work', async () => {
    for (const url of ['/no-such-page', '/docs']) {
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

  it('answers data (the API, health) with a CSP that lets nothing load or frame it, nosniff and no cross-origin reads', async () => {
    for (const url of ['/healthz', '/api/fee-collection-status', '/api/barbers', '/api/no-such-route']) {
      const res = await dev.app.inject({ url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect([...csp.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends HSTS and upgrades insecure requests in production only', async () => {
    const local = await dev.app.inject({ url: '/healthz' });
    expect(local.headers['strict-transport-security']).toBeUndefined();
    expect(directives(local.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(false);

    expect((await prod.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const res = await prod.app.inject({ url: '/no-such-page' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toContain('wss://barber.example');
  });
});
