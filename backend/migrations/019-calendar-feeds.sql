-- Private iCalendar feeds of the barbers' bookings (issue 13). A feed's URL carries a token: the HMAC of
-- `nonce` under the server's SESSION_SECRET. The table holds no token: only its SHA-256, by which a feed
-- request is found, and the nonce, useless without the secret; so the settings screen can show the same URL
-- again while a copy of the database cannot open any feed. "Regenerate link" replaces nonce and hash: the
-- old URL answers 404 from then on.
CREATE TABLE calendar_feeds (
  barber_id integer PRIMARY KEY REFERENCES barbers(id) ON DELETE CASCADE,
  nonce text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
