import type { Sql, Tx } from '../db/connect';

/**
 * Runs `take` (a statement that takes a lock) in a transaction of its own and holds the transaction open until
 * `release`: the statements sent meanwhile queue behind the lock, so a test can line them up.
 */
export async function holdLock(
  sql: Sql,
  take: (tx: Tx) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holder = sql.begin(async (tx) => {
    await take(tx);
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await lockTaken;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}

/** Takes the barber's row lock (what every time block write takes first) and holds it until `release` (holdLock). */
export function holdBarberLock(sql: Sql, barberId: number): Promise<{ release: () => Promise<void> }> {
  return holdLock(sql, (tx) => tx`SELECT id FROM barbers WHERE id = ${barberId} FOR UPDATE`);
}

/** How many sessions of this database wait for a lock. */
export async function sessionsWaitingForLocks(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row!.n;
}
