import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/barber'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('barber'),
  SESSION_SECRET: z.string().min(32).default('dev-only-session-secret-change-me-in-production!'),
  PUBLIC_URL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Barber Marketplace <no-reply@barber.local>'),
  LOG_LEVEL: z.string().default('info'),
  FRONTEND_DIST: z.string().optional(),
});

export type Config = z.infer<typeof envSchema>;

/** Reads the configuration from the environment, with the defaults of DESIGN §8. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, ...overrides };
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === envSchema.shape.SESSION_SECRET._def.defaultValue()) {
    throw new Error('SESSION_SECRET must be set in production');
  }
  return config;
}
