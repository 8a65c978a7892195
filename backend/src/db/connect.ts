import postgres from 'postgres';

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

export interface ConnectOptions {
  max?: number;
  /**
   * A session left idle inside a transaction longer than this is ended by Postgres. An open write
   * transaction holds back the event tail (docs/design.md §2), so a stuck client must not hold it for long.
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * Longest statement. Work that legitimately runs longer lifts it for itself: a migration's transaction
   * (`SET LOCAL statement_timeout = 0`, migrate.ts), the rebuild's own pool (rebuildCli.ts).
   */
  statementTimeoutMs?: number;
  /** Where the server's notices go (dropped by default); bench/explainBooking.ts reads auto_explain's plans from them. */
  onNotice?: (notice: postgres.Notice) => void;
}

export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;

/** One connection pool. Column names stay snake_case in SQL; queries alias them to camelCase where answers need it. */
export function connect(url: string, options: ConnectOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: options.onNotice ?? (() => {}),
    types: { bigint: postgres.BigInt },
    connection: {
      application_name: 'barber',
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    },
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
