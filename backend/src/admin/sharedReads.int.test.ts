import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import type { Client } from '../test/client';
import { createUser, signedInClient } from '../test/fixtures';
import { holdLock } from '../test/locks';

/*
 * Every admin tab reads the stat cards and the dashboard's figures again after each booking made, completed or
 * cancelled: tabs asking at once share one read at a time (each over every booking of the platform). The reads are
 * held behind a lock on the bookings table while the tabs ask, and the test counts the statements that wait.
 */

const t = useTestApp();
let admin: Client;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  admin = await signedInClient(t.app, await createUser(t.db.sql, 'admin'));
});

/** The statements of this database waiting for a lock whose text contains `fragment`. */
async function waiting(fragment: string): Promise<number> {
  const [row] = await t.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND strpos(query, ${fragment}) > 0`;
  return row!.n;
}

describe("the admin tabs' reads of the platform's figures", () => {
  it.each([
    ['/api/admin/dashboard?days=30', 'WITH w AS'],
    ['/api/admin/stats', 'AS revenue'],
  ])('%s: eight tabs at once make one read at a time, and every tab gets its answer', async (path, fragment) => {
    const lock = await holdLock(t.db.sql, (tx) => tx`LOCK TABLE bookings IN ACCESS EXCLUSIVE MODE`);
    let answers: Promise<{ status: number; body: unknown }[]>;
    try {
      answers = Promise.all(Array.from({ length: 8 }, () => admin.get(path)));
      await expect.poll(() => waiting(fragment), { timeout: 5_000 }).toBeGreaterThan(0);
      // Time for the other seven to reach the database, had they been sent on their own.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await waiting(fragment)).toBe(1);
    } finally {
      await lock.release();
    }
    const all = await answers;
    expect(all.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(all.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });
});
