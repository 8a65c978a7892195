-- Read models of the booking streams. Every row here can be rebuilt from the event log (npm run rebuild).
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE bookings (
  id uuid PRIMARY KEY,
  version integer NOT NULL,
  customer_id integer NOT NULL,
  barber_id integer NOT NULL,
  service_id integer NOT NULL,
  date date NOT NULL,
  start_time text NOT NULL,
  end_time text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL,
  travel_buffer integer NOT NULL DEFAULT 0,
  status text NOT NULL,
  total_cents integer NOT NULL,
  platform_fee_cents integer NOT NULL,
  barber_amount_cents integer NOT NULL,
  fee_collection_enabled boolean NOT NULL,
  city text NOT NULL,
  display_city text,
  zipcode text NOT NULL,
  notes text NOT NULL DEFAULT '',
  details_saved boolean NOT NULL DEFAULT false,
  customer_phone text,
  customer_address text,
  apartment_unit text,
  special_instructions text,
  stripe_payment_id text,
  paid boolean NOT NULL DEFAULT false,
  refunded boolean NOT NULL DEFAULT false,
  barber_notes text,
  estimated_travel_time integer,
  cancellation_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bookings_customer ON bookings (customer_id, date);
CREATE INDEX bookings_barber_date ON bookings (barber_id, date);
CREATE INDEX bookings_created ON bookings (created_at DESC);

-- The barber's held time: [start, end + travel buffer) of every live booking. The exclusion constraint
-- is what makes a double booking impossible, whatever the application does; cancel and no-show delete the row.
CREATE TABLE barber_schedule (
  booking_id uuid PRIMARY KEY,
  barber_id integer NOT NULL,
  during tstzrange NOT NULL,
  CONSTRAINT barber_schedule_no_overlap EXCLUDE USING gist (barber_id WITH =, during WITH &&)
);
