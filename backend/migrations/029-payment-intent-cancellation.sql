-- A booking that ends unpaid (cancelled, or expired at checkout) has its PaymentIntent cancelled at Stripe, so that a
-- checkout left open in another tab can no longer charge the card for a booking that is gone (the charge would only
-- be refunded). Set when Stripe has cancelled it: the worker's sweeper asks again for those still open.
ALTER TABLE payment_intents ADD COLUMN canceled_at timestamptz;
-- The sweeper looks at bookings cancelled unpaid in the last week (the subscriber queued their job at once).
CREATE INDEX bookings_cancelled_unpaid ON bookings (updated_at) WHERE status = 'cancelled' AND NOT paid;
