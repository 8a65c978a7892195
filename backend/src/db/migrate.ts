import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql } from './connect';

const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Serialises concurrent migrators (two instances starting at once). */
const MIGRATION_LOCK = 7201;

/**
 * Applies the numbered SQL files of backend/migrations that have not run yet, in order, each in its own
 * transaction: a failing migration rolls back alone, those before it stay applied and recorded, and
 * the next start resumes at the failed one. `dir` (tests) reads the files from another folder.
 */
export async function migrate(sql: Sql, options: { dir?: string } = {}): Promise<string[]> {
  const dir = options.dir ?? migrationsDir;
  const folder = dir.endsWith('/') ? dir : `${dir}/`;
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
  const files = (await readdir(folder)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const ran = await sql.begin(async (tx) => {
      // The lock is held to the end of this migration's transaction; a second migrator waits for it
      // and then finds the file recorded.
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      // the pool's 60 s limit is for requests: a migration over a big table may legitimately run longer
      await tx`SET LOCAL statement_timeout = 0`;
      const [done] = await tx`SELECT 1 FROM schema_migrations WHERE name = ${file}`;
      if (done) return false;
      await tx.unsafe(await readFile(folder + file, 'utf8'));
      await tx`INSERT INTO schema_migrations (name) VALUES (${file})`;
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
