import postgres from 'postgres';
import type { Sql } from '../db/connect';

/**
 * The query plans of the statements `run` sends, each EXPLAINed with the values it was sent with: for tests that
 * pin which index a read at volume takes, without copying its SQL into the test.
 */
export async function plansOf(url: string, run: (sql: Sql) => Promise<unknown>): Promise<string[]> {
  const sent: { text: string; values: unknown[] }[] = [];
  const recording = postgres(url, {
    max: 1,
    onnotice: () => {},
    fetch_types: false, // no type lookup of the driver's own among the statements
    types: { bigint: postgres.BigInt },
    debug: (_connection, text, values) => void sent.push({ text, values }),
  }) as unknown as Sql;
  try {
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
