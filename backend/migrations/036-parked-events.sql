-- Events a subscription's handler failed on again and again while the database answered (a bug one event sets off,
-- an event type of a newer backend): set aside so that every event behind them is handled, and tried again every
-- few minutes until handled (eventstore/subscription.ts). The admin dashboard counts them as notices delayed.
CREATE TABLE parked_events (
  subscription text NOT NULL REFERENCES subscriptions (name) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  global_position bigint NOT NULL,
  recorded_at timestamptz NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  tried_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription, event_id)
);
