import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../test/globalSetup';
import { connect, type Sql } from './connect';
import { migrate } from './migrate';

/** An empty database of this file's own (not the migrated template) and a folder of migrations to run on it. */
let admin: Sql;
let name: string;
let sql: Sql;
let dir: string;
beforeAll(async () => {
  admin = connect(withDatabase(inject('pgUrl'), 'postgres'), { max: 1 });
  name = `barber_test_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  sql = connect(withDatabase(inject('pgUrl'), name), { max: 4 });
  dir = await mkdtemp(join(tmpdir(), 'migrations-'));
});
afterAll(async () => {
  await sql.end({ timeout: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
});

const tableExists = async (table: string) =>
  (await sql<{ t: string | null }[]>`SELECT to_regclass(${table})::text AS t`)[0]?.t != null;
const recorded = async () =>
  (await sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`).map((r) => r.name);

describe('migrate', () => {
  it('runs each migration in its own transaction: a failing one rolls back alone, the earlier stay applied', async () => {
    await writeFile(join(dir, '001-first.sql'), 'CREATE TABLE first_table (id int);');
    await writeFile(join(dir, '002-broken.sql'), 'CREATE TABLE second_table (id int);\nSELECT 1 / 0;');
    await writeFile(join(dir, '003-third.sql'), 'CREATE TABLE third_table (id int);');

    await expect(migrate(sql, { dir })).rejects.toThrow(/division by zero/);
    expect(await tableExists('first_table')).toBe(true);
    expect(await recorded()).toEqual(['001-first.sql']);
    expect(await tableExists('second_table')).toBe(false);
    expect(await tableExists('third_table')).toBe(false);

    // Fixed, the next run resumes at the failed migration.
    await writeFile(join(dir, '002-broken.sql'), 'CREATE TABLE second_table (id int);');
    expect(await migrate(sql, { dir })).toEqual(['002-broken.sql', '003-third.sql']);
    expect(await recorded()).toEqual(['001-first.sql', '002-broken.sql', '003-third.sql']);
    expect(await migrate(sql, { dir })).toEqual([]);
  });

  it("lifts the pool's statement timeout for its migrations only: a big one may run for minutes", async () => {
    await writeFile(
      join(dir, '006-long.sql'),
      "CREATE TABLE seen_timeout AS SELECT current_setting('statement_timeout') AS during;",
    );
    expect(await migrate(sql, { dir })).toEqual(['006-long.sql']);
    expect(await sql`SELECT during FROM seen_timeout`).toEqual([{ during: '0' }]);
    const [after] = await sql<{ t: string }[]>`SELECT current_setting('statement_timeout') AS t`;
    expect(after!.t).toBe('1min');
  });

  it('two migrators at once apply each migration exactly once', async () => {
    await writeFile(join(dir, '004-counter.sql'), 'CREATE TABLE runs (n int); INSERT INTO runs VALUES (1);');
    await writeFile(join(dir, '005-counter.sql'), 'INSERT INTO runs VALUES (2);');
    const other = connect(withDatabase(inject('pgUrl'), name), { max: 1 });
    try {
      const [a, b] = await Promise.all([migrate(sql, { dir }), migrate(other, { dir })]);
      expect([...a, ...b].sort()).toEqual(['004-counter.sql', '005-counter.sql']);
      expect((await sql`SELECT n FROM runs ORDER BY n`).map((r) => r.n)).toEqual([1, 2]);
    } finally {
      await other.end({ timeout: 1 });
    }
  });
});
