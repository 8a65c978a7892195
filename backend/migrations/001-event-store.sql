-- The event log: the source of truth (docs/design.md §2).
CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  -- The writing transaction's id: tailers read only below the oldest running transaction,
  -- so an event that commits late is never skipped.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version integer NOT NULL CHECK (stream_version > 0),
  event_id uuid NOT NULL DEFAULT gen_random_uuid(),
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version),
  CONSTRAINT events_event_id_unique UNIQUE (event_id)
);
CREATE INDEX events_tail_cursor ON events (transaction_id, global_position);

-- Idempotent commands: the stored answer of each idempotency key, written with the append.
CREATE TABLE command_log (
  idempotency_key text PRIMARY KEY,
  stream_id text NOT NULL,
  response jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
