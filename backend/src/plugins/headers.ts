import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/**
 * The Content-Security-Policy of every answer. Stripe Elements needs its script, its iframes and its API;
 * the socket is same-origin ('self' covers ws/wss of the page's host in CSP 3; PUBLIC_URL's is added for
 * browsers that predate that). 'unsafe-inline' styles: Radix (react-remove-scroll) injects <style>
 * elements at run time; Vite's build has no inline scripts, so scripts stay strict.
 */
function contentSecurityPolicy(options: { production: boolean; publicUrl?: string }) {
  const socketOrigins: string[] = [];
  if (options.publicUrl) {
    const url = new URL(options.publicUrl);
    socketOrigins.push(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...STRIPE_SCRIPTS],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...socketOrigins, 'https://api.stripe.com'],
    'frame-src': [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  if (options.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The Content-Security-Policy of answers that are data, never a document to render: nothing may load, nothing may frame them. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Answers that are data (JSON, the calendar feed, health): everything under /api/ and the health checks. */
function isDataAnswer(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/healthz') || url.startsWith('/readyz');
}

/**
 * Security headers on every answer; HSTS in production. Pages (the frontend, the API docs) get helmet's
 * full set with the CSP above. Data answers get the set OWASP's REST cheat sheet asks of an API: a CSP
 * that allows nothing (stricter than the page's), nosniff, no framing, no cross-origin reads, no referrer
 * beyond the origin; the page-only headers (opener policy, DNS prefetch, download options, ...) would be
 * bytes on every API answer that no browser acts on for JSON. Both sets are computed once at start
 * (nothing in them depends on the request: no nonces), rather than running helmet's middleware per
 * request (a fifth of a bare request's time in our profile).
 */
export default fp(
  async function headers(app: FastifyInstance) {
    const { NODE_ENV, PUBLIC_URL } = app.deps.config;
    const production = NODE_ENV === 'production';
    const page = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy({ production, publicUrl: PUBLIC_URL }),
      },
      // Stripe's iframes are cross-origin without CORP headers: require-corp would block them.
      crossOriginEmbedderPolicy: false,
      // Some payment methods open a popup that must keep its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    const data: Record<string, string> = {
      'content-security-policy': API_CONTENT_SECURITY_POLICY,
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': page['referrer-policy']!,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
    };
    app.addHook('onRequest', function securityHeaders(request, reply, done) {
      reply.headers(isDataAnswer(request.url) ? data : page);
      done();
    });
  },
  { name: 'headers', dependencies: ['deps'] },
);

/** The headers helmet sets with these options, captured once from its middleware. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
