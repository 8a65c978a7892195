CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  full_name text NOT NULL,
  phone text,
  address text,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'barber', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE barbers (
  id serial PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  bio text NOT NULL DEFAULT '',
  years_of_experience integer NOT NULL DEFAULT 0 CHECK (years_of_experience >= 0),
  cities text[] NOT NULL DEFAULT '{miami}',
  portfolio_images text[] NOT NULL DEFAULT '{}',
  is_verified boolean NOT NULL DEFAULT false,
  verification_status text NOT NULL DEFAULT 'pending' CHECK (verification_status IN ('pending', 'approved', 'rejected')),
  blacklisted_zipcodes text[] NOT NULL DEFAULT '{}',
  rating numeric(3, 2) NOT NULL DEFAULT 0,
  review_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE services (
  id serial PRIMARY KEY,
  barber_id integer NOT NULL REFERENCES barbers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  duration integer NOT NULL CHECK (duration >= 5),
  price_cents integer NOT NULL CHECK (price_cents >= 100),
  category text NOT NULL DEFAULT 'haircut',
  is_active boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_barber ON services (barber_id);

CREATE TABLE availability_blocks (
  id serial PRIMARY KEY,
  barber_id integer NOT NULL REFERENCES barbers(id) ON DELETE CASCADE,
  day_of_week integer NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  start_time text NOT NULL,
  end_time text NOT NULL,
  service_counties text[] NOT NULL DEFAULT '{}',
  service_cities text[] NOT NULL DEFAULT '{}',
  travel_buffer integer NOT NULL DEFAULT 30 CHECK (travel_buffer BETWEEN 0 AND 120),
  is_active boolean NOT NULL DEFAULT true,
  CHECK (start_time < end_time)
);
CREATE INDEX availability_barber_day ON availability_blocks (barber_id, day_of_week);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  barber_id integer NOT NULL REFERENCES barbers(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  booking_id uuid UNIQUE,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '',
  barber_response text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_barber ON reviews (barber_id);

CREATE TABLE platform_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification_preferences (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  data jsonb NOT NULL
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
