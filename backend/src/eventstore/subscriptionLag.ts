import type { TailLag } from '@barber/shared';
import type { Sql } from '../db/connect';
import { BEHIND_COUNTED } from './tailer';

/**
 * How late a persisted subscription (the `subscriptions` table) is, seen from any process: the
 * committed events past its saved cursor, and those it set aside (parked_events: not handled yet either),
 * and the age of the oldest of them. Null when no subscription of that name was ever started.
 */
export async function subscriptionLag(sql: Sql, name: string, delayWarningMs: number): Promise<TailLag | null> {
  const [row] = await sql<{ behind: number; oldest: Date | null; now: Date }[]>`
    SELECT count(e.*)::int + p.count AS behind, least(min(e.recorded_at), p.oldest) AS oldest, now() AS now
      FROM subscriptions s
      LEFT JOIN LATERAL (
        SELECT recorded_at FROM events
         WHERE (transaction_id, global_position) > (s.transaction_id, s.global_position)
         ORDER BY transaction_id, global_position LIMIT ${BEHIND_COUNTED}) AS e ON true
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS count, min(recorded_at) AS oldest FROM parked_events WHERE subscription = s.name) AS p
     WHERE s.name = ${name}
     GROUP BY s.name, p.count, p.oldest`;
  if (!row) return null;
  const lagMs = row.oldest ? Math.max(0, Math.round(row.now.getTime() - row.oldest.getTime())) : 0;
  return { lagMs, delayed: lagMs > delayWarningMs, behindEvents: row.behind };
}
