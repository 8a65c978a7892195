import { defaultPlatformSettings, platformSettingsSchema, type PlatformSettings } from '@barber/shared';
import type { Sql } from '../db/connect';

/**
 * Platform settings live in one row. Reads are cached for a second: many requests read them
 * (rate limits, maintenance), and a change made on another instance is picked up within that second.
 */
export class SettingsStore {
  private cached: { value: PlatformSettings; at: number } | undefined;
  constructor(
    private readonly sql: Sql,
    private readonly ttlMs = 1000,
  ) {}

  async get(): Promise<PlatformSettings> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.value;
    const [row] = await this.sql<{ data: unknown }[]>`SELECT data FROM platform_settings WHERE id = 1`;
    const value = platformSettingsSchema.parse({ ...defaultPlatformSettings, ...(row?.data as object | undefined) });
    this.cached = { value, at: Date.now() };
    return value;
  }

  async update(patch: Partial<PlatformSettings>): Promise<PlatformSettings> {
    const next = platformSettingsSchema.parse({ ...(await this.fresh()), ...patch });
    await this.sql`INSERT INTO platform_settings (id, data, updated_at) VALUES (1, ${this.sql.json(next as never)}, now())
                   ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = now()`;
    this.cached = { value: next, at: Date.now() };
    return next;
  }

  private async fresh(): Promise<PlatformSettings> {
    this.cached = undefined;
    return this.get();
  }
}
