-- A refund Stripe answered pending is recorded `refunded` with `pending` until its update (succeeded or failed)
-- arrives. The worker's sweeper asks Stripe about those still unsettled a day later, in case the update never
-- reached us: this index holds only them, so the sweep reads no other event.
CREATE INDEX events_pending_refunds ON events (recorded_at) WHERE type = 'refunded' AND data ? 'pending';
