import type { TailLag } from '@barber/shared';
import type { Sql } from '../db/connect';
import { BEHIND_COUNTED } from './tailer';

/**
 * How late a persisted subscription (the `subscriptions` table) is, seen from any process: the
 * committed events past its saved cursor and the age of the oldest of them. Null when no subscription
 * of that name was ever started.
 */
export async function subscriptionLag(sql: Sql, name: string, delayWarningMs: number): Promise<TailLag | null> {
  const [row] = await sql<{ behind: number; oldest: Date | null; now: Date }[]>`
    SELECT count(e.*)::int AS behind, min(e.recorded_at) AS oldest, now() AS now
      FROM subscriptions s
      LEFT JOIN LATERAL (
        SELECT recorded_at FROM events
         WHERE (transaction_id, global_position) > (s.transaction_id, s.global_position)
         ORDER BY transaction_id, global_position LIMIT ${BEHIND_COUNTED}) AS e ON true
     WHERE s.name = ${name}
     GROUP BY s.name`;
  if (!row) return null;
  const lagMs = row.oldest ? Math.max(0, Math.round(row.now.getTime() - row.oldest.getTime())) : 0;
  return { lagMs, delayed: lagMs > delayWarningMs, behindEvents: row.behind };
}
