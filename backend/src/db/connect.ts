import postgres from 'postgres';

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

/** One connection pool. Column names stay snake_case in SQL; queries alias them to camelCase where answers need it. */
export function connect(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    types: { bigint: postgres.BigInt },
    connection: { application_name: 'barber' },
  }) as unknown as Sql;
}

/** Creates the database named in the URL when it does not exist (connects to the `postgres` database to do so). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await sql.end();
  }
}
