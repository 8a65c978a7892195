import type { Sql, Tx } from '../db/connect';
import { appendToStream, isUniqueViolation, readStream } from './store';
import type { EventMetadata, NewEvent, StoredEvent } from './types';

export interface Decision<R> {
  events: NewEvent[];
  /** Inline projections: run in the same transaction, after the append. */
  project?: (tx: Tx, stored: StoredEvent[]) => Promise<void>;
  /** Builds the answer once the events are stored; it is what a retry with the same key gets back. */
  answer: (tx: Tx, stored: StoredEvent[]) => Promise<R> | R;
}

export interface CommandOptions<R> {
  streamId: string;
  metadata?: EventMetadata;
  /** Scoped by the caller (e.g. `booking-create:{userId}:{header}`); a retry returns the stored answer. */
  idempotencyKey?: string;
  decide: (history: StoredEvent[], tx: Tx) => Promise<Decision<R>> | Decision<R>;
}

/**
 * Runs one command as one short transaction: load the stream, decide, append at the expected
 * version, project, record the answer under the idempotency key, commit.
 */
export async function executeCommand<R>(sql: Sql, options: CommandOptions<R>): Promise<R> {
  const { streamId, idempotencyKey } = options;
  try {
    return await sql.begin(async (tx) => {
      if (idempotencyKey) {
        const previous = await storedAnswer<R>(tx, idempotencyKey);
        if (previous !== undefined) return previous;
      }
      const history = await readStream(tx, streamId);
      const decision = await options.decide(history, tx);
      const metadata = { ...options.metadata, ...(idempotencyKey ? { idempotencyKey } : {}) };
      const stored = await appendToStream(tx, streamId, history.length, decision.events, metadata);
      if (decision.project) await decision.project(tx, stored);
      const answer = await decision.answer(tx, stored);
      if (idempotencyKey) {
        await tx`INSERT INTO command_log (idempotency_key, stream_id, response)
                 VALUES (${idempotencyKey}, ${streamId}, ${tx.json(answer as never)})`;
      }
      return answer;
    }) as R;
  } catch (error) {
    // Two retries raced: the loser returns the winner's stored answer.
    if (idempotencyKey && isUniqueViolation(error, 'command_log_pkey')) {
      const previous = await storedAnswer<R>(sql, idempotencyKey);
      if (previous !== undefined) return previous;
    }
    throw error;
  }
}

async function storedAnswer<R>(db: Sql | Tx, key: string): Promise<R | undefined> {
  const [row] = await db<{ response: R }[]>`SELECT response FROM command_log WHERE idempotency_key = ${key}`;
  return row?.response;
}
