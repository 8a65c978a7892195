import { z } from 'zod';

/**
 * The event log's tail cursor as the wire carries it: "<transactionId>:<globalPosition>". Events are
 * ordered by the pair (transaction id first), the same order on every backend instance.
 */
export const cursorSchema = z.string().regex(/^\d{1,20}:\d{1,20}$/, 'A cursor is written <transactionId>:<position>');

/** Before the first event: a client that sends it is replayed everything it may see (up to the server's limit). */
export const START_CURSOR = '0:0';

function parts(cursor: string): [bigint, bigint] {
  const [tx, position] = cursor.split(':');
  return [BigInt(tx ?? '0'), BigInt(position ?? '0')];
}

/** Negative when a comes before b, 0 when equal, positive after. Both must satisfy cursorSchema. */
export function compareCursors(a: string, b: string): number {
  const [ta, pa] = parts(a);
  const [tb, pb] = parts(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

/** The later of two cursors (null counts as before everything). */
export function laterCursor(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareCursors(a, b) >= 0 ? a : b;
}
