import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql } from './connect';

const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Applies the numbered SQL files of backend/migrations that have not run yet, each in its own transaction. */
export async function migrate(sql: Sql): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
  // Serialises concurrent migrators (two instances starting at once).
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(7201)`;
    const done = new Set((await tx<{ name: string }[]>`SELECT name FROM schema_migrations`).map((r) => r.name));
    const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(await readFile(migrationsDir + file, 'utf8'));
      await tx`INSERT INTO schema_migrations (name) VALUES (${file})`;
      applied.push(file);
    }
    return applied;
  });
}
