-- The day each unsettled refund was last asked about at Stripe (the worker's daily check). The sweep skips those
-- asked today, so each pass reaches refunds not yet asked rather than the same oldest ones again, however many are
-- unsettled, and "once a day" does not depend on how many finished jobs Redis keeps.
CREATE TABLE refund_checks (
  refund_id text PRIMARY KEY,
  checked_on date NOT NULL
);
