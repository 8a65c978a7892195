-- Reminders that went out, by booking and the appointment instant they announced: the reminder job and the
-- sweeper read it so that a reminder is sent once even when Redis loses its jobs (it is not a read model:
-- replay does not rebuild it, like email_log).
CREATE TABLE sent_reminders (
  booking_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, starts_at)
);

-- What the sweepers look for: confirmed bookings still ahead (reminders) and cancelled paid bookings
-- not refunded yet (refunds). Both sets are small beside the whole table.
CREATE INDEX bookings_confirmed_starts ON bookings (starts_at) WHERE status = 'confirmed';
CREATE INDEX bookings_owed_refund ON bookings (updated_at) WHERE status = 'cancelled' AND paid AND NOT refunded;
