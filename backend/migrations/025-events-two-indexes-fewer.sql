-- Every reader of the log reads by the tail cursor (transaction_id, global_position) or by stream
-- (stream_id, stream_version); none reads by global_position alone or by event_id. The cursor index
-- becomes the primary key, and the key on global_position and the unique event_id go: two index
-- insertions less on every append (bench/analysis.md, session 8). Event ids are random UUIDs made by
-- the store (eventstore/command.ts), so their uniqueness does not rest on an index.
ALTER TABLE events DROP CONSTRAINT events_event_id_unique;
CREATE UNIQUE INDEX events_cursor_key ON events (transaction_id, global_position);
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY USING INDEX events_cursor_key;
DROP INDEX events_tail_cursor;
