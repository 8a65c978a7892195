-- Sessions issued before this instant no longer sign the user in (a password changed or reset, two-factor
-- sign-in turned on or off). Written in the same statement as the change itself, so that ending the user's
-- other sessions does not depend on the Redis deletes that follow the commit (they may fail; this cannot).
ALTER TABLE users ADD COLUMN sessions_valid_after timestamptz;
