import type { Sql, Tx } from '../db/connect';
import type { ReadModelRows } from './readModelRows';

/*
 * The booking read models built aside (rebuild.ts): tables of the same names in a schema of their own,
 * filled without any lock on the live tables, then moved in place of them in one short transaction.
 * Building in another schema lets the copies carry the live indexes' and constraints' own names
 * (index names are unique per schema), so after the swap `barber_schedule_no_overlap` is still itself.
 */

export const SHADOW_SCHEMA = 'booking_rebuild';
export const READ_MODEL_TABLES = ['bookings', 'barber_schedule'] as const;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const shadow = (table: string) => `${SHADOW_SCHEMA}.${quote(table)}`;

/** The schema of the live read models (where the swap puts the copies). */
export async function liveSchema(db: Sql | Tx): Promise<string> {
  const [row] = await db<
    { schema: string }[]
  >`SELECT relnamespace::regnamespace::text AS schema FROM pg_class WHERE oid = 'bookings'::regclass`;
  return row!.schema;
}

/** Empty copies of the live tables' columns, defaults and checks (indexes and statistics: indexShadowTables). */
export async function createShadowTables(db: Sql): Promise<void> {
  await dropShadowTables(db);
  await db.unsafe(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
  for (const table of READ_MODEL_TABLES) {
    await db.unsafe(
      `CREATE TABLE ${shadow(table)} (LIKE ${quote(table)} INCLUDING ALL EXCLUDING INDEXES EXCLUDING STATISTICS)`,
    );
  }
}

export async function dropShadowTables(db: Sql): Promise<void> {
  await db.unsafe(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
}

/**
 * Gives the empty copies every index and constraint of the live tables, under the same names. They are
 * made before the load: Postgres keeps them up while Node folds the next batch (building them after the
 * load measured no faster, and held the whole exclusion check for the end).
 */
export async function indexShadowTables(db: Sql): Promise<void> {
  for (const table of READ_MODEL_TABLES) {
    const constraints = await db<{ name: string; definition: string }[]>`
      SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conrelid = ${table}::regclass AND contype IN ('p', 'u', 'x', 'f')
       ORDER BY contype = 'f', conname`;
    for (const c of constraints)
      await db.unsafe(`ALTER TABLE ${shadow(table)} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`);
    const indexes = await db<{ definition: string }[]>`
      SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
       WHERE i.indrelid = ${table}::regclass
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`;
    for (const { definition } of indexes)
      await db.unsafe(definition.replace(/ ON (ONLY )?\S+ USING /, ` ON ${shadow(table)} USING `));
    // Extended statistics (migration 039), under their own names too: LIKE would name them anew.
    const statistics = await db<{ name: string; definition: string }[]>`
      SELECT stxname AS name, pg_get_statisticsobjdef(oid) AS definition FROM pg_statistic_ext
       WHERE stxrelid = ${table}::regclass`;
    for (const { name, definition } of statistics)
      await db.unsafe(
        definition
          .replace(/^CREATE STATISTICS \S+/, `CREATE STATISTICS ${SHADOW_SCHEMA}.${quote(name)}`)
          .replace(/ FROM \S+$/, ` FROM ${shadow(table)}`),
      );
  }
}

/**
 * After the load: the live tables' triggers, under the same names (the load fired none; the copies' later
 * writes fire them as the live tables' would). Statistics are left to autovacuum, as after any bulk change.
 */
export async function completeShadowTables(db: Sql): Promise<void> {
  for (const table of READ_MODEL_TABLES) {
    const triggers = await db<{ definition: string }[]>`
      SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal ORDER BY tgname`;
    for (const { definition } of triggers) {
      await db.unsafe(
        definition.replace(/ ON \S+ (FROM|NOT DEFERRABLE|DEFERRABLE|REFERENCING|FOR) /, ` ON ${shadow(table)} $1 `),
      );
    }
  }
}

/**
 * Writes rows into the copies with one statement per table. With `replace`, the rows of those bookings
 * are deleted first (a stream replayed again after it changed: its schedule row may have to go).
 */
export async function writeAside(
  db: Sql | Tx,
  rows: ReadModelRows,
  options: { replace?: boolean } = {},
): Promise<void> {
  if (rows.bookings.length === 0) return;
  if (options.replace) {
    const ids = JSON.stringify(rows.bookings.map((r) => r.id));
    await db.unsafe(
      `DELETE FROM ${shadow('barber_schedule')} WHERE booking_id IN (SELECT value::uuid FROM json_array_elements_text($1::text::json))`,
      [ids],
    );
    await db.unsafe(
      `DELETE FROM ${shadow('bookings')} WHERE id IN (SELECT value::uuid FROM json_array_elements_text($1::text::json))`,
      [ids],
    );
  }
  // The columns the projection's INSERT names (the row's keys): any other column takes its default there and here.
  const columns = Object.keys(rows.bookings[0]!).map(quote).join(', ');
  // Independent statements: on one connection they go out together, without a round trip between them.
  await Promise.all([
    db.unsafe(
      `INSERT INTO ${shadow('bookings')} (${columns})
       SELECT ${columns} FROM json_populate_recordset(NULL::${shadow('bookings')}, $1::text::json)`,
      [JSON.stringify(rows.bookings)],
    ),
    rows.schedule.length === 0
      ? null
      : db.unsafe(
          `INSERT INTO ${shadow('barber_schedule')} (booking_id, barber_id, during)
           SELECT booking_id, barber_id, tstzrange("from", "to", '[)')
             FROM json_to_recordset($1::text::json) AS r(booking_id uuid, barber_id integer, "from" timestamptz, "to" timestamptz)`,
          [JSON.stringify(rows.schedule)],
        ),
  ]);
}

/**
 * Inside the swap transaction, holding the live tables' lock: the copies take their place. The old tables
 * are truncated first, so that their TRUNCATE triggers learn that every row changed (the barber_listings
 * read model, migration 008, goes stale as a whole); the copies carry every other trigger on.
 */
export async function swapShadowTables(tx: Tx, schema: string): Promise<void> {
  const live = READ_MODEL_TABLES.map((table) => `${schema}.${quote(table)}`).join(', ');
  await tx.unsafe(`TRUNCATE ${live}`);
  await tx.unsafe(`DROP TABLE ${live}`);
  for (const table of READ_MODEL_TABLES) await tx.unsafe(`ALTER TABLE ${shadow(table)} SET SCHEMA ${schema}`);
  // A table's statistics objects stay in the schema they were made in (the live ones went with the live tables).
  const statistics = await tx<{ name: string }[]>`
    SELECT stxname AS name FROM pg_statistic_ext WHERE stxnamespace = ${SHADOW_SCHEMA}::regnamespace`;
  for (const { name } of statistics)
    await tx.unsafe(`ALTER STATISTICS ${SHADOW_SCHEMA}.${quote(name)} SET SCHEMA ${schema}`);
  await tx.unsafe(`DROP SCHEMA ${SHADOW_SCHEMA}`);
}
