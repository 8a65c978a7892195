-- The waitlist (issue 13, part 2): customers waiting for a barber's day, optionally a time range and a service.
-- State written by the customers' own commands (join, leave), like accounts and the catalog: it is not a read
-- model of the event log, so `npm run rebuild` leaves it alone. Whether an entry ended is derived when read:
-- `left_at` (the customer left), a booking of theirs with that barber that day made after joining (booked),
-- or the date passed (expired). The worker's waitlist subscriber records the last slot it told them of.
CREATE TABLE waitlist_entries (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  barber_id integer NOT NULL REFERENCES barbers(id) ON DELETE CASCADE,
  service_id integer REFERENCES services(id) ON DELETE SET NULL,
  date date NOT NULL,
  start_time text,
  end_time text,
  -- The zipcode the customer searched with, when known: slots are matched at it and the link carries it.
  zipcode text,
  created_at timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  notified_at timestamptz,
  notified_slot text,
  CONSTRAINT waitlist_range CHECK (start_time IS NULL OR end_time IS NULL OR start_time < end_time)
);
-- One open entry per customer, barber and day.
CREATE UNIQUE INDEX waitlist_entries_open ON waitlist_entries (customer_id, barber_id, date) WHERE left_at IS NULL;
-- Who waits for a barber's day, in order of joining (the subscriber and the calendar's counts).
CREATE INDEX waitlist_entries_barber_day ON waitlist_entries (barber_id, date, created_at, id) WHERE left_at IS NULL;
