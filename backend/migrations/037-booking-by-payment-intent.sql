-- Every refund webhook finds its booking by the PaymentIntent that paid it (payments/bookingRow.ts): without an index,
-- a scan of every booking (1,000,000 rows: 260 ms a webhook). Most bookings have no intent, so the index holds only
-- those that do. payments/lookupsAtVolume.int.test.ts.
CREATE INDEX bookings_stripe_payment ON bookings (stripe_payment_id) WHERE stripe_payment_id IS NOT NULL;
