import { defaultPlatformSettings, platformSettingsSchema, type PlatformSettings } from '@barber/shared';
import type { Sql } from '../db/connect';

/** Postgres channel notified (in the writing transaction) whenever the settings row changes. */
export const SETTINGS_CHANNEL = 'platform_settings_changed';

/**
 * Platform settings live in one row, and in memory on every instance: read once, then re-read when a
 * change is notified (LISTEN/NOTIFY, sent by `update` in the same transaction, so every instance hears of
 * every committed change) and whenever the listening connection (re)connects, in case one was missed.
 * Requests never read them from Postgres: hooks use `current()`, other callers `await get()`.
 */
export class SettingsStore {
  private value: PlatformSettings | undefined;
  private starting: Promise<PlatformSettings> | undefined;
  /** Re-reads run one after another, so the last one to finish read after the last notification. */
  private reading: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(settings: PlatformSettings) => void>();

  constructor(private readonly sql: Sql) {}

  /** The settings (the first call loads them and starts listening for changes). */
  get(): Promise<PlatformSettings> {
    this.starting ??= this.start();
    return this.value ? Promise.resolve(this.value) : this.starting;
  }

  /** The settings already in memory; `get()` must have been awaited once (the security plugin does so at start). */
  current(): PlatformSettings {
    if (!this.value) throw new Error('Platform settings are not loaded yet: await settings.get() first');
    return this.value;
  }

  /** Calls `listener` with the settings each time this instance takes in a change (its own, or one notified). */
  onChange(listener: (settings: PlatformSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(next: PlatformSettings): void {
    this.value = next;
    for (const listener of this.listeners) listener(next);
  }

  async update(patch: Partial<PlatformSettings>): Promise<PlatformSettings> {
    const next = await this.sql.begin(async (tx) => {
      const [row] = await tx<{ data: unknown }[]>`SELECT data FROM platform_settings WHERE id = 1 FOR UPDATE`;
      const merged = platformSettingsSchema.parse({ ...parse(row?.data), ...patch });
      await tx`INSERT INTO platform_settings (id, data, updated_at) VALUES (1, ${tx.json(merged as never)}, now())
               ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = now()`;
      await tx`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`;
      return merged;
    });
    this.changed(next);
    return next;
  }

  private async start(): Promise<PlatformSettings> {
    await this.sql.listen(
      SETTINGS_CHANNEL,
      () => void this.reread(),
      () => void this.reread(),
    );
    const [row] = await this.sql<{ data: unknown }[]>`SELECT data FROM platform_settings WHERE id = 1`;
    this.value ??= parse(row?.data);
    return this.value;
  }

  private reread(): Promise<unknown> {
    this.reading = this.reading
      .then(async () => {
        const [row] = await this.sql<{ data: unknown }[]>`SELECT data FROM platform_settings WHERE id = 1`;
        this.changed(parse(row?.data));
      })
      .catch(() => {}); // a failed re-read keeps the last value; the next notification or reconnect reads again
    return this.reading;
  }
}

function parse(data: unknown): PlatformSettings {
  return platformSettingsSchema.parse({ ...defaultPlatformSettings, ...(data as object | undefined) });
}
