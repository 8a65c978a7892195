import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../test/globalSetup';
import { connect, type Sql } from './connect';

/*
 * The rebuild loads its copies with COPY ... FROM STDIN (bookings/shadowLoad.ts). Unpatched, postgres 3.4.9 never
 * settles the writable of a COPY that the server refuses after the stream's end (a row breaking a check, found
 * when the last rows arrive): `npm run rebuild` waited forever instead of failing (porsager/postgres#1173).
 * patches/postgres+3.4.9.patch hands the server's error to the pending end.
 */
let sql: Sql;
beforeAll(() => {
  sql = connect(withDatabase(inject('pgUrl'), 'postgres'), { max: 2 });
});
afterAll(async () => {
  await sql.end({ timeout: 1 });
});

describe('a COPY FROM STDIN refused after its end', () => {
  it("fails with the server's error, and the connection serves the next query", async () => {
    const connection = await sql.reserve();
    try {
      await connection`CREATE TEMP TABLE copy_failure (n int CHECK (n > 0))`;
      const stream = await connection`COPY copy_failure (n) FROM STDIN`.writable();
      const done = finished(stream);
      stream.write('1\n-1\n2\n');
      stream.end();
      const outcome = await Promise.race([
        done.then(
          () => 'finished',
          (error: Error) => error.message,
        ),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
      ]);
      expect(outcome).toMatch(/violates check constraint/);
      expect(await connection`SELECT count(*)::int AS n FROM copy_failure`).toEqual([{ n: 0 }]);
    } finally {
      connection.release();
    }
  });
});
