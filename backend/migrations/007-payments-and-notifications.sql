-- Persisted cursors of the event-log subscribers that run in the worker (e.g. booking notifications).
CREATE TABLE subscriptions (
  name text PRIMARY KEY,
  transaction_id xid8 NOT NULL,
  global_position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The Stripe PaymentIntent made for a booking: a retry of checkout reuses it instead of making a second one.
CREATE TABLE payment_intents (
  booking_id uuid PRIMARY KEY,
  payment_intent_id text NOT NULL UNIQUE,
  amount_cents integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every email sent, by the key of what caused it: a redelivered email job never sends twice.
CREATE TABLE email_log (
  source_key text PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
