import { cursorSchema } from '@barber/shared';
import { cursorOf } from '../eventstore/store';
import type { Cursor, StoredEvent } from '../eventstore/types';

export function formatCursor(cursor: Cursor): string {
  return `${cursor.transactionId}:${cursor.globalPosition}`;
}

/** null when the text is not a cursor. */
export function parseCursor(text: unknown): Cursor | null {
  const parsed = cursorSchema.safeParse(text);
  if (!parsed.success) return null;
  const [transactionId, position] = parsed.data.split(':') as [string, string];
  return { transactionId: BigInt(transactionId).toString(), globalPosition: BigInt(position) };
}

/** The order of the tail: transaction id first, then global position. */
export function compare(a: Cursor, b: Cursor): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.globalPosition === b.globalPosition ? 0 : a.globalPosition < b.globalPosition ? -1 : 1;
}

export function later(a: Cursor, b: Cursor): Cursor {
  return compare(a, b) >= 0 ? a : b;
}

export function eventCursor(event: StoredEvent): string {
  return formatCursor(cursorOf(event));
}
