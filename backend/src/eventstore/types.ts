export interface EventMetadata {
  actorUserId?: number | null;
  actorRole?: string;
  correlationId?: string;
  causationId?: string;
  idempotencyKey?: string;
  [key: string]: unknown;
}

/** An event to append: its type and data; its id and metadata are added by the store. */
export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface StoredEvent {
  globalPosition: bigint;
  transactionId: string;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** The tail cursor: the pair (transaction id, global position) of the last event read. */
export interface Cursor {
  transactionId: string;
  globalPosition: bigint;
}

export const START: Cursor = { transactionId: '0', globalPosition: 0n };
