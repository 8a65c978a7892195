import type { Sql } from '../db/connect';
import { SAFE_POINT_SQL } from '../eventstore/safePoint';
import type { Cursor, StoredEvent } from '../eventstore/types';
import type { LiveUser } from './audience';

// The same columns as eventstore/store.ts reads.
const columns = `global_position AS "globalPosition", transaction_id::text AS "transactionId", stream_id AS "streamId",
  stream_version AS "streamVersion", event_id AS "eventId", type, data, metadata, recorded_at AS "recordedAt"`;

/**
 * The committed events after the cursor that the user may see, in the tailer's safe order (only
 * transactions older than every running one of this database, so nothing read later can sort before
 * them: eventstore/safePoint.ts).
 * The audience filter is the SQL twin of `roomsOfUser`: admins see every event. It is written on
 * `metadata -> 'audience'` so that the events_audience index (migration 015) serves it.
 */
export function replayQuery(
  user: LiveUser,
  cursor: Cursor,
  limit: number,
): { text: string; params: (string | number)[] } {
  const params: (string | number)[] = [cursor.transactionId, cursor.globalPosition.toString(), limit];
  let filter = '';
  if (user.role !== 'admin') {
    const audience = (key: 'userIds' | 'barberIds', id: number) =>
      `metadata -> 'audience' @> jsonb_build_object('${key}', jsonb_build_array($${params.push(id)}::int))`;
    const conditions = [audience('userIds', user.id)];
    if (user.barberId !== null) conditions.push(audience('barberIds', user.barberId));
    filter = `AND (${conditions.join(' OR ')})`;
  }
  const text = `SELECT ${columns} FROM events
      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        AND transaction_id < ${SAFE_POINT_SQL}
        ${filter}
      ORDER BY transaction_id, global_position
      LIMIT $3`;
  return { text, params };
}

export async function readVisibleAfter(
  sql: Sql,
  user: LiveUser,
  cursor: Cursor,
  limit: number,
): Promise<StoredEvent[]> {
  const { text, params } = replayQuery(user, cursor, limit);
  return sql.unsafe<StoredEvent[]>(text, params, { prepare: true });
}
