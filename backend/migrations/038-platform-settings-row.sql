-- The settings row exists from the start (its data empty: every setting at its default until changed). An update
-- locks it (SELECT ... FOR UPDATE) before merging its change; outside the demo seed there was no row to lock, so two
-- first saves at once both merged onto the defaults, and the second wiped the first (settings/store.int.test.ts).
INSERT INTO platform_settings (id, data) VALUES (1, '{}') ON CONFLICT (id) DO NOTHING;
