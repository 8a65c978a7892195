-- Every booking bumps its barber's listing version through the triggers on barber_schedule, and an
-- INSERT ... ON CONFLICT DO UPDATE fires both the INSERT and the UPDATE statement triggers: three calls
-- of touch_barber_listings per booking. As an SQL function its statement was parsed and planned on each
-- call (0.1-0.2 ms of Postgres' CPU each, seen with auto_explain). PL/pgSQL keeps the plan for the
-- session, and a call with no ids (the UPDATE trigger of an upsert that inserted) returns at once.
CREATE OR REPLACE FUNCTION touch_barber_listings(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    INSERT INTO barber_listings (barber_id)
    SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
    ON CONFLICT (barber_id) DO UPDATE SET version = nextval('barber_listing_version');
  END IF;
END $$;
