import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../test/globalSetup';
import { connect, type Sql } from './connect';

/*
 * The driver's pool keeps its connections in queues (postgres 3.4.9, src/queue.js). Unpatched, a queue that
 * is never empty when a connection is taken from it keeps a hole for every connection taken, and looks each
 * connection up by scanning from the first hole: while every connection is busy (more callers than
 * connections, as under load), the scan grows by one slot per query and never shrinks, so every query
 * costs more than the one before (bench/analysis.md, session 9). patches/postgres+3.4.9.patch scans from
 * the head and drops the holes.
 */
let sql: Sql;
beforeAll(() => {
  sql = connect(withDatabase(inject('pgUrl'), 'postgres'), { max: 2 });
});
afterAll(async () => {
  await sql.end({ timeout: 1 });
});

/** The longest array any Array#indexOf searched while `work` ran (the pool's queue lookups among them). */
async function longestSearch(work: () => Promise<void>): Promise<number> {
  const original = Array.prototype.indexOf;
  let longest = 0;
  Array.prototype.indexOf = function (this: unknown[], ...args: Parameters<typeof original>) {
    longest = Math.max(longest, this.length);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    Array.prototype.indexOf = original;
  }
  return longest;
}

describe('the connection pool under load', () => {
  it('keeps its queues bounded, however many queries pass through a busy pool', async () => {
    const CALLERS = 8;
    const QUERIES_EACH = 2500;
    let answered = 0;
    const longest = await longestSearch(async () => {
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (let i = 0; i < QUERIES_EACH; i++) {
            const [row] = await sql<{ one: number }[]>`SELECT 1 AS one`;
            answered += row!.one;
          }
        }),
      );
    });
    expect(answered).toBe(CALLERS * QUERIES_EACH);
    // Patched, a queue drops its holes once they reach 1,024 and outnumber its entries; unpatched, it held
    // a slot for nearly every one of the 20,000 queries.
    expect(longest).toBeLessThan(2100);
  });
});
