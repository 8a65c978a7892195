-- Two-factor sign-in (TOTP, RFC 6238) for administrators (issue 10). One row per user who started
-- enrolment: the base32 secret, when enrolment was confirmed with a valid code (NULL while it is only
-- started: such a row asks for nothing at sign-in), and the last time step a code was accepted for, so a
-- code cannot be used twice (nor an older one after a newer one).
CREATE TABLE user_two_factor (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled_at timestamptz,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes: only their SHA-256 (the codes are random, 50 bits each), shown once at
-- enrolment. A new enrolment replaces them; a used code keeps its row with used_at set.
CREATE TABLE user_recovery_codes (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
