-- Barber search filtered in SQL, and the listing read model (backend/src/catalog/listings.ts).

-- normalizeCityName (shared/src/reference/regions.ts) in SQL: the search matches a block's cities with it.
CREATE FUNCTION normalize_city_name(city text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(regexp_replace(regexp_replace(lower(btrim(city)), '\s+', ' ', 'g'), '(,\s*|\s+)(fl|florida)$', ''));

CREATE EXTENSION IF NOT EXISTS btree_gin;

-- Search: the active blocks of one weekday that list the zipcode's county.
CREATE INDEX availability_day_counties ON availability_blocks USING gin (day_of_week, service_counties) WHERE is_active;
-- Listings and search: verified barbers, best rated first; the region filter of GET /api/barbers?city=.
CREATE INDEX barbers_verified_rating ON barbers (rating DESC, review_count DESC, id) WHERE is_verified;
CREATE INDEX barbers_cities ON barbers USING gin (cities) WHERE is_verified;
CREATE INDEX barbers_user ON barbers (user_id);

/*
 * The listing of each barber as GET /api/barbers and GET /api/barbers/:id show it, with its next free
 * slots. Triggers on every source table bump `version`; a read that finds built_version <> version
 * (or slots that time has used up) rebuilds those rows only, and writes them back only if no change
 * landed meanwhile (ON CONFLICT ... WHERE version = the version it read). Every row can be dropped:
 * it is rebuilt on the next read.
 */
CREATE SEQUENCE barber_listing_version;
CREATE TABLE barber_listings (
  barber_id integer PRIMARY KEY,
  version bigint NOT NULL DEFAULT nextval('barber_listing_version'),
  built_version bigint,
  -- the BarberListing without nextAvailable
  listing jsonb,
  -- by slot duration in minutes: { "30": { "slots": [ISO instants], "complete": bool } }, the first free slots after the build
  next_slots jsonb,
  -- the New York date of the build (the booking window it searched)
  built_on date
);

CREATE FUNCTION touch_barber_listings(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO barber_listings (barber_id)
  SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (barber_id) DO UPDATE SET version = nextval('barber_listing_version')
$$;

-- services, availability_blocks, barber_schedule: rows carry barber_id
CREATE FUNCTION touch_listings_by_barber_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM touch_barber_listings(ARRAY(SELECT barber_id FROM new_rows)); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM touch_barber_listings(ARRAY(SELECT barber_id FROM old_rows)); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION touch_listings_of_barbers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM barber_listings WHERE barber_id IN (SELECT id FROM old_rows);
  ELSE
    PERFORM touch_barber_listings(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION touch_listings_of_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_barber_listings(ARRAY(SELECT b.id FROM barbers b JOIN new_rows u ON u.id = b.user_id));
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['services', 'availability_blocks', 'barber_schedule'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_by_barber_id()', t || '_listing_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_by_barber_id()', t || '_listing_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_by_barber_id()', t || '_listing_del', t);
  END LOOP;
END $$;

-- TRUNCATE fires no row or DELETE trigger (npm run rebuild truncates barber_schedule): every listing goes stale.
CREATE FUNCTION touch_all_listings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE barber_listings SET version = nextval('barber_listing_version');
  RETURN NULL;
END $$;
CREATE TRIGGER barber_schedule_listing_truncate AFTER TRUNCATE ON barber_schedule FOR EACH STATEMENT EXECUTE FUNCTION touch_all_listings();
CREATE TRIGGER services_listing_truncate AFTER TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION touch_all_listings();
CREATE TRIGGER availability_blocks_listing_truncate AFTER TRUNCATE ON availability_blocks FOR EACH STATEMENT EXECUTE FUNCTION touch_all_listings();

CREATE TRIGGER barbers_listing_ins AFTER INSERT ON barbers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_of_barbers();
CREATE TRIGGER barbers_listing_upd AFTER UPDATE ON barbers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_of_barbers();
CREATE TRIGGER barbers_listing_del AFTER DELETE ON barbers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_of_barbers();
CREATE TRIGGER users_listing_upd AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_listings_of_users();

INSERT INTO barber_listings (barber_id) SELECT id FROM barbers;
