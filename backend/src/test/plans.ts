import postgres from 'postgres';
import type { Sql } from '../db/connect';
import { countingSql } from './countingSql';

/**
 * The query plans of the statements `run` sends, each EXPLAINed with the values it was sent with: for tests that
 * pin which index a read at volume takes, without copying its SQL into the test.
 */
export async function plansOf(url: string, run: (sql: Sql) => Promise<unknown>): Promise<string[]> {
  const { sql: recording, sent } = countingSql(url);
  try {
    await recording`SELECT 1`; // the driver's one-time type lookup of a new connection, not among the statements
    sent.length = 0;
    await run(recording);
  } finally {
    await recording.end();
  }
  const explaining = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const plans: string[] = [];
    for (const { text, values } of sent) {
      const rows = await explaining.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${text}`, values as never[]);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await explaining.end();
  }
}
