import {
  dayOfWeekLocal,
  minutesOfDay,
  normalizeCityName,
  type BarberSearchAnswer,
  type BarberSearchResult,
  type ZipcodeInfo,
} from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import type { AvailabilityBlock, HeldRange } from '../bookings/slotRules';
import { dayRange, findBarbers, loadBlocks, loadHeld, loadServices, slotDuration, toListing } from './queries';
import { availableSlots, citiesServedOn, DEFAULT_SLOT_DURATION, nextAvailableSlot } from './slots';

/*
 * Barber search at platform scale. One SQL query finds the candidates: verified barbers with an active
 * block on the date's weekday serving the zipcode's county and city (GIN index), not blacklisting it,
 * with a service of the category, best rated first; it brings only what the date needs: those blocks,
 * the slot duration and the time held that day. The date's free slots are then computed for every
 * candidate (a plain loop over small rows), which gives the exact total. The full result cards
 * (user, services, next free slot, which looks further ahead) are built for the requested page only.
 */

type Db = Sql | Tx;

export interface SearchInput {
  date: string;
  zip: ZipcodeInfo;
  startTime?: string;
  endTime?: string;
  category?: string;
  page: number;
  pageSize: number;
}

interface Candidate {
  id: number;
  duration: number | null;
  blocks: AvailabilityBlock[];
  held: [string, string][] | null;
}

/** Barbers who could be free on the date at the zipcode, best rated first, with that day's data only. */
export async function findCandidates(db: Db, input: SearchInput): Promise<Candidate[]> {
  const { date, zip, category } = input;
  const day = dayRange(date, 2);
  const city = normalizeCityName(zip.city);
  return db<Candidate[]>`
    WITH blocks AS (
      SELECT ab.barber_id,
             json_agg(json_build_object('id', ab.id, 'barberId', ab.barber_id, 'dayOfWeek', ab.day_of_week, 'startTime', ab.start_time,
                                        'endTime', ab.end_time, 'serviceCounties', ab.service_counties, 'serviceCities', ab.service_cities,
                                        'travelBuffer', ab.travel_buffer, 'isActive', ab.is_active)) AS blocks
        FROM availability_blocks ab
       WHERE ab.is_active AND ab.day_of_week = ${dayOfWeekLocal(date)} AND ab.service_counties @> ARRAY[${zip.county}]::text[]
         AND (cardinality(ab.service_cities) = 0 OR EXISTS (SELECT 1 FROM unnest(ab.service_cities) c WHERE normalize_city_name(c) = ${city}))
       GROUP BY ab.barber_id
    )
    SELECT b.id, blocks.blocks,
           (SELECT min(s.duration) FROM services s
             WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
               ${category ? db`AND lower(s.category) = lower(${category})` : db``}) AS duration,
           (SELECT json_agg(json_build_array(lower(h.during), upper(h.during))) FROM barber_schedule h
             WHERE h.barber_id = b.id AND h.during && tstzrange(${day.from}, ${day.to}, '[)')) AS held
      FROM blocks JOIN barbers b ON b.id = blocks.barber_id
     WHERE b.is_verified AND NOT b.blacklisted_zipcodes @> ARRAY[${zip.zipcode}]::text[]
       ${
         category
           ? db`AND EXISTS (SELECT 1 FROM services s WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
                                                     AND lower(s.category) = lower(${category}))`
           : db``
       }
     ORDER BY b.rating DESC, b.review_count DESC, b.id`;
}

const noneMessage = 'No barbers found. Try adjusting your date, time range or search area.';

/** One page of the verified barbers free on the date at the zipcode (docs/spec/customer-side.md §2.7), with the total. */
export async function searchBarbers(db: Db, input: SearchInput, now: Date = new Date()): Promise<BarberSearchAnswer> {
  const { date, zip, page, pageSize } = input;
  const from = input.startTime ? minutesOfDay(input.startTime) : 0;
  const to = input.endTime ? minutesOfDay(input.endTime) : Infinity;

  const free: { id: number; slots: string[]; blocks: AvailabilityBlock[] }[] = [];
  for (const c of await findCandidates(db, input)) {
    const held: HeldRange[] = (c.held ?? []).map(([f, t]) => ({ from: new Date(f), to: new Date(t) }));
    const slots = availableSlots({ date, durationMinutes: c.duration ?? DEFAULT_SLOT_DURATION, blocks: c.blocks, held, now, zip }).filter(
      (t) => minutesOfDay(t) >= from && minutesOfDay(t) <= to,
    );
    if (slots.length > 0) free.push({ id: c.id, slots, blocks: c.blocks });
  }

  const total = free.length;
  const pageRows = free.slice((page - 1) * pageSize, page * pageSize);
  const answer = { total, page, pageSize, hasMore: page * pageSize < total };
  const message = total ? `Found ${total} available barber${total === 1 ? '' : 's'}` : noneMessage;
  if (pageRows.length === 0) return { barbers: [], message, ...answer };

  // the cards of this page: everything a listing shows, and the next free slot at this zipcode
  const ids = pageRows.map((r) => r.id);
  const day = dayRange(date, 2);
  const [rows, services, blocks, held] = await Promise.all([
    findBarbers(db, { ids }),
    loadServices(db, ids, { activeOnly: true }),
    loadBlocks(db, ids, { activeOnly: true }),
    // the next free slot is no later than the first one of the date, which has free slots
    loadHeld(db, ids, now < day.from ? now : day.from, day.to),
  ]);
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const barbers: BarberSearchResult[] = [];
  for (const { id, slots, blocks: dayBlocks } of pageRows) {
    const row = rowById.get(id);
    if (!row) continue; // deleted between the two reads
    const own = services.get(id) ?? [];
    const next = nextAvailableSlot({
      durationMinutes: slotDuration(own, input.category),
      blocks: blocks.get(id) ?? [],
      held: held.get(id) ?? [],
      now,
      zip,
      blacklistedZipcodes: row.blacklistedZipcodes,
    });
    barbers.push({ ...toListing(row, own, next), availableSlots: slots, actualCitiesServed: citiesServedOn(dayBlocks, date, zip) });
  }
  return { barbers, message, ...answer };
}
