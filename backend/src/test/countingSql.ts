import postgres from 'postgres';
import type { Sql } from '../db/connect';

export interface SentStatement {
  text: string;
  parameters: number;
  /** The values it was sent with, as sent. */
  values: unknown[];
}

/**
 * A one-connection pool that records every statement it sends (its text and how many parameters it
 * carried), for tests that pin what a command or a tailer costs in round trips.
 */
export function countingSql(url: string): { sql: Sql; sent: SentStatement[] } {
  const sent: SentStatement[] = [];
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    types: { bigint: postgres.BigInt },
    debug: (_connection, text, values) => void sent.push({ text, parameters: values.length, values }),
  }) as unknown as Sql;
  return { sql, sent };
}
