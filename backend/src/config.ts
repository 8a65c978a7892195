import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/barber'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('barber'),
  SESSION_SECRET: z.string().min(32).default('dev-only-session-secret-change-me-in-production!'),
  /** The site's address for links in emails; required in production (never taken from a request's headers). */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Which proxies' X-Forwarded-* headers to believe: a hop count ("1") or the proxies' addresses, comma
   * separated (addresses, CIDR ranges, or loopback/linklocal/uniquelocal). Unset: none, client addresses
   * are the TCP peer's.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'a hop count or a comma-separated list of proxy addresses')
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Barber Marketplace <no-reply@barber.local>'),
  LOG_LEVEL: z.string().default('info'),
  FRONTEND_DIST: z.string().optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Reads the configuration from the environment, with the defaults of docs/design.md §8. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const merged = { ...parsed.data, ...overrides };
  if (
    merged.NODE_ENV === 'production' &&
    merged.SESSION_SECRET === envSchema.shape.SESSION_SECRET._def.defaultValue()
  ) {
    throw new Error('SESSION_SECRET must be set in production');
  }
  if (merged.NODE_ENV === 'production' && !merged.PUBLIC_URL) {
    throw new Error(
      'PUBLIC_URL must be set in production (the address in emailed links, e.g. https://barbers.example)',
    );
  }
  if (merged.NODE_ENV === 'production' && merged.STRIPE_SECRET_KEY && !merged.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'STRIPE_WEBHOOK_SECRET must be set in production when STRIPE_SECRET_KEY is (without it every Stripe webhook is refused and payments are never recorded)',
    );
  }
  return { ...merged, PUBLIC_URL: merged.PUBLIC_URL ?? `http://localhost:${merged.PORT}` };
}

/** Fastify's trustProxy from TRUST_PROXY: false (unset), a hop count, or the proxies' addresses. */
export function trustProxyOption(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops; // what Fastify does with a number (its types accept none)
  }
  return value.split(',').map((a) => a.trim());
}
