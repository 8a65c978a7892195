-- A refund is settled when Stripe's word that it went through is final: one Stripe answered pending, and one that
-- retries a failed refund, wait for their update (`refundSucceeded` or `refundFailed`). The worker's sweeper asks
-- Stripe about those still unsettled a day later, in case the update never reached us: this index holds only the
-- refunds, so the sweep reads no other event.
CREATE INDEX events_refunds ON events (recorded_at) WHERE type = 'refunded';
