import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config';
import { connect, type Sql } from '../db/connect';
import { withDatabase } from './globalSetup';

export interface TestDatabase {
  url: string;
  sql: Sql;
  drop: () => Promise<void>;
}

/** A fresh, migrated database of this test file's own, cloned from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = inject('pgUrl');
  const name = `barber_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = connect(withDatabase(base, 'postgres'), { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
  const url = withDatabase(base, name);
  const sql = connect(url);
  return {
    url,
    sql,
    drop: async () => {
      await sql.end({ timeout: 1 });
      const a = connect(withDatabase(base, 'postgres'), { max: 1 });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Redis settings of this test file's own: a key prefix nobody else uses. */
export function testRedis(): { url: string; prefix: string } {
  return { url: inject('redisUrl'), prefix: `t${randomUUID().slice(0, 8)}` };
}

/** A test file's app configuration: its own database and Redis prefix, logs off, then the overrides given. */
export function testConfig(db: TestDatabase, overrides: Partial<Config> = {}): Config {
  const redis = testRedis();
  return loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      LOG_LEVEL: 'silent',
      ...overrides,
    },
  );
}
