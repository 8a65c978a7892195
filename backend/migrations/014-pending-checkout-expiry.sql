-- What the checkout-expiry sweeper looks for: unpaid pending bookings by age, a small set beside the table.
CREATE INDEX bookings_unpaid_pending_created ON bookings (created_at) WHERE status = 'pending' AND NOT paid;
