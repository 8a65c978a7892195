-- Every reader of the log reads by the tail cursor (transaction_id, global_position) or by stream
-- (stream_id, stream_version); none reads by global_position alone. The cursor index becomes the
-- primary key and the key on global_position alone goes: one index insertion less on every append
-- (bench/analysis.md, session 8). UNIQUE(event_id) stays: the design's backstop for idempotent commands.
CREATE UNIQUE INDEX events_cursor_key ON events (transaction_id, global_position);
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY USING INDEX events_cursor_key;
DROP INDEX events_tail_cursor;
