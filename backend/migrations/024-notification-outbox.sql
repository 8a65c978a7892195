-- Every notification job (in-app or email) the subscribers queue is first written here (an outbox): Redis
-- may lose the job, Postgres keeps what is owed. The worker marks a job handled once it stored the
-- notification or sent (or found logged) the email; the sweeper queues again what stays unhandled.
CREATE TABLE notification_outbox (
  job_id     text PRIMARY KEY,
  name       text NOT NULL,
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);
CREATE INDEX notification_outbox_unhandled ON notification_outbox (created_at) WHERE handled_at IS NULL;
