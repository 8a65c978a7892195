-- Every verified Stripe event, kept in Postgres before it is queued (an inbox): Redis may lose the job, a
-- succeeded payment must not be lost with it (the checkout expiry would then expire a booking that was paid).
-- The worker marks an event handled; the sweeper queues again what stays unhandled.
CREATE TABLE stripe_inbox (
  event_id    text PRIMARY KEY,
  type        text NOT NULL,
  payload     jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  handled_at  timestamptz
);
CREATE INDEX stripe_inbox_unhandled ON stripe_inbox (received_at) WHERE handled_at IS NULL;
