-- What the worker's sweeps read every 5 minutes, on every instance, served by indexes (a review at 2,000,000 bookings
-- and 10,000,000 events; payments/sweepsAtVolume.int.test.ts):
-- The refund sweep (payments/refundRequests.ts) asks of each booking owed a refund whether Stripe refused it today.
-- Postgres estimated the owed bookings from status, paid and refunded as if unrelated (150,000 where there were 200),
-- and so read every event (1.5-2.5 s, 2.2 GB a pass) rather than probing the few refusals: the refusals get an index
-- of their own, and the three columns statistics of their combinations.
CREATE INDEX events_refund_failed ON events (stream_id) WHERE type = 'refundFailed';
CREATE STATISTICS bookings_refund_owed (mcv) ON status, paid, refunded FROM bookings;
-- The prunes of the outbox and of the Stripe inbox deleted by age over a scan of the whole table.
CREATE INDEX notification_outbox_created ON notification_outbox (created_at);
CREATE INDEX stripe_inbox_handled ON stripe_inbox (handled_at) WHERE handled_at IS NOT NULL;
