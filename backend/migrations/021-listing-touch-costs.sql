-- What a booking costs Postgres in the listing triggers (seen with auto_explain, bench/explainBooking.ts).

-- As an SQL function, touch_barber_listings' statement was parsed and planned on each call (0.1-0.2 ms).
-- PL/pgSQL keeps the plan for the session, and a call with no ids returns at once.
CREATE OR REPLACE FUNCTION touch_barber_listings(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    INSERT INTO barber_listings (barber_id)
    SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
    ON CONFLICT (barber_id) DO UPDATE SET version = nextval('barber_listing_version');
  END IF;
END $$;

-- barber_schedule is written one booking at a time, on every booking and status change: a row trigger
-- there costs less than the statement triggers with transition tables (which an upsert fired twice, the
-- INSERT and the UPDATE one, even when it changed no row), and fires only for rows that changed.
CREATE FUNCTION touch_listing_of_schedule_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO barber_listings (barber_id) VALUES (NEW.barber_id)
    ON CONFLICT (barber_id) DO UPDATE SET version = nextval('barber_listing_version');
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.barber_id <> NEW.barber_id) THEN
    INSERT INTO barber_listings (barber_id) VALUES (OLD.barber_id)
    ON CONFLICT (barber_id) DO UPDATE SET version = nextval('barber_listing_version');
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER barber_schedule_listing_ins ON barber_schedule;
DROP TRIGGER barber_schedule_listing_upd ON barber_schedule;
DROP TRIGGER barber_schedule_listing_del ON barber_schedule;
CREATE TRIGGER barber_schedule_listing AFTER INSERT OR UPDATE OR DELETE ON barber_schedule
  FOR EACH ROW EXECUTE FUNCTION touch_listing_of_schedule_row();
