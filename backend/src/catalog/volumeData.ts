import { addDaysLocal, dayOfWeekLocal, todayLocal, toInstant } from '@barber/shared';
import type { Sql } from '../db/connect';

/*
 * A platform of many barbers, inserted with generate_series (seconds for ten thousand), for the search
 * volume test and bench/search.ts. Barber n (1-based within the batch):
 * - region n % 4: Miami-Dade, Broward, Palm Beach (Boca Raton), Palm Beach; one in three lists two
 *   cities of its county, the others serve the whole county;
 * - verified unless n % 20 = 0; blacklists 33130 when n % 25 = 0; rating and review count spread;
 * - a haircut (30 or 45 min, $25-$44) and, for odd n, a beard trim (15 min);
 * - blocks 09:00-17:00 on five weekdays (off on n % 7 and (n + 3) % 7), 30-minute travel buffer;
 * - on `busyDate`: fully held when n % 10 = 0, one booking 10:00-11:30 when n % 10 in 1..3;
 *   one more booking every day of the next week for n % 4 = 1 (held time elsewhere in the window).
 */

const COUNTIES = ['miami_dade', 'broward', 'palm_beach', 'palm_beach'];
const REGIONS = ['miami', 'fort_lauderdale', 'boca_raton', 'palm_beach'];
const TWO_CITIES = [
  ['Miami Beach', 'Hialeah'],
  ['Hollywood', 'Davie'],
  ['Boca Raton', 'Delray Beach'],
  ['West Palm Beach', 'Jupiter'],
];

export interface VolumeOptions {
  count: number;
  /** Username prefix, so that several batches can share a database. */
  prefix?: string;
  busyDate?: string;
}

/** Inserts `count` barbers as described above; answers their barber ids. */
export async function seedBarbers(sql: Sql, options: VolumeOptions): Promise<number[]> {
  const prefix = options.prefix ?? 'vol';
  const busyDate = options.busyDate ?? addDaysLocal(todayLocal(), 3);
  return sql.begin(async (tx) => {
    await tx`
      INSERT INTO users (username, email, password_hash, full_name, phone, role)
      SELECT ${prefix} || '_barber_' || n, ${prefix} || '_barber_' || n || '@example.com', 'not-a-hash',
             'Barber ' || ${prefix} || ' ' || n, '305-555-0100', 'barber'
        FROM generate_series(1, ${options.count}) AS n`;
    await tx`
      INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status, blacklisted_zipcodes, rating, review_count)
      SELECT u.id, 'Fades, tapers and beard work.', n % 25, ARRAY[(${REGIONS}::text[])[n % 4 + 1]],
             n % 20 <> 0, CASE WHEN n % 20 <> 0 THEN 'approved' ELSE 'pending' END,
             CASE WHEN n % 25 = 0 THEN '{33130}'::text[] ELSE '{}'::text[] END,
             round((3 + (n * 37 % 200) / 100.0)::numeric, 2), n * 13 % 90
        FROM generate_series(1, ${options.count}) AS n
        JOIN users u ON u.username = ${prefix} || '_barber_' || n`;
    await tx`
      CREATE TEMP TABLE seeded ON COMMIT DROP AS
      SELECT b.id, substring(u.username FROM '_barber_([0-9]+)$')::int AS n
        FROM barbers b JOIN users u ON u.id = b.user_id
       WHERE u.username LIKE ${prefix} || '\\_barber\\_%'`;
    await tx`
      INSERT INTO services (barber_id, name, description, duration, price_cents, category)
      SELECT id, 'Haircut', 'A classic cut', CASE WHEN n % 2 = 0 THEN 30 ELSE 45 END, 2500 + n % 20 * 100, 'haircut' FROM seeded s
      UNION ALL
      SELECT id, 'Beard trim', 'Shape and line-up', 15, 1500, 'beard' FROM seeded s WHERE n % 2 = 1`;
    await tx`
      INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
      SELECT id, d, '09:00', '17:00', ARRAY[(${COUNTIES}::text[])[n % 4 + 1]],
             CASE WHEN n % 3 = 0 THEN ARRAY[(${TWO_CITIES.map((c) => c[0]!)}::text[])[n % 4 + 1], (${TWO_CITIES.map((c) => c[1]!)}::text[])[n % 4 + 1]]
                  ELSE '{}'::text[] END,
             30
        FROM seeded s CROSS JOIN generate_series(0, 6) AS d
       WHERE d <> n % 7 AND d <> (n + 3) % 7`;
    const busyDay = dayOfWeekLocal(busyDate);
    const at = (date: string, time: string) => toInstant(date, time);
    await tx`
      INSERT INTO barber_schedule (booking_id, barber_id, during)
      SELECT gen_random_uuid(), id,
             CASE WHEN n % 10 = 0 THEN tstzrange(${at(busyDate, '08:00')}, ${at(busyDate, '18:00')}, '[)')
                  ELSE tstzrange(${at(busyDate, '10:00')}, ${at(busyDate, '11:30')}, '[)') END
        FROM seeded s
       WHERE n % 10 <= 3 AND ${busyDay} <> n % 7 AND ${busyDay} <> (n + 3) % 7`;
    for (let d = 0; d < 7; d++) {
      const date = addDaysLocal(todayLocal(), d);
      if (date === busyDate) continue;
      await tx`
        INSERT INTO barber_schedule (booking_id, barber_id, during)
        SELECT gen_random_uuid(), id, tstzrange(${at(date, '14:00')}, ${at(date, '15:30')}, '[)') FROM seeded s WHERE n % 4 = 1`;
    }
    await tx`ANALYZE`;
    return (await tx<{ id: number }[]>`SELECT id FROM seeded ORDER BY n`).map((r) => r.id);
  });
}
