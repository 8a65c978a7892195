import type { Sql } from '../db/connect';

/**
 * Takes the barber's row lock (what every time block write takes first) in a transaction of its own and holds it
 * until `release`: the writes sent meanwhile queue behind it, so a test can line them up.
 */
export async function holdBarberLock(sql: Sql, barberId: number): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holder = sql.begin(async (tx) => {
    await tx`SELECT id FROM barbers WHERE id = ${barberId} FOR UPDATE`;
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

/** How many sessions of this database wait for a lock. */
export async function sessionsWaitingForLocks(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row!.n;
}
