import {
  dayOfWeekLocal,
  minutesOfDay,
  normalizeCityName,
  todayLocal,
  toInstant,
  type BarberSearchAnswer,
  type BarberSearchResult,
  type ZipcodeInfo,
  parseMoneyToCents,
} from '@barber/shared';
import { LRUCache } from 'lru-cache';
import type { Sql, Tx } from '../db/connect';
import type { AvailabilityBlock, HeldRange } from '../bookings/slotRules';
import { dayRange, findBarbers, loadBlocks, loadHeld, loadServices, slotDuration, toListing } from './queries';
import { availableSlots, citiesServedOn, nextAvailableSlot } from './slots';

/*
 * Barber search at platform scale. One SQL query finds the candidates: verified barbers with an active
 * block on the date's weekday serving the zipcode's county and city (GIN index), not blacklisting it,
 * with a service of the category, best rated first, each with its listing version. The date's free slots
 * of every candidate give the exact total: they come from a memo checked against that version, and for
 * the candidates not in it (or changed since) from a second query that brings only what the date needs
 * (those blocks, the slot duration, the time held that day). The full result cards (user, services,
 * next free slot, which looks further ahead) are built for the requested page only.
 */

type Db = Sql | Tx;

export interface SearchInput {
  date: string;
  zip: ZipcodeInfo;
  startTime?: string;
  endTime?: string;
  category?: string;
  /** The platform's minimumBookingAmount in cents: a cheaper service cannot be booked, so it makes no slot. */
  minimumCents?: number;
  page: number;
  pageSize: number;
}

interface Candidate {
  id: number;
  version: string | null;
  duration: number | null;
  blocks: AvailabilityBlock[];
  held: HeldRange[];
}

interface CandidateRow {
  id: number;
  version: string | null;
  duration: number | null;
  heldFrom: number[] | null;
  heldTo: number[] | null;
  blockId: number;
  startTime: string;
  endTime: string;
  travelBuffer: number;
}

/**
 * The condition on a block `ab` that serves the zipcode on the date: active, of the date's weekday, listing the
 * zipcode's county (one key of the index of migration 022, block_day_counties) and its city, or every city.
 */
function blockServes(db: Db, date: string, zip: ZipcodeInfo) {
  const key = `${dayOfWeekLocal(date)}:${zip.county}`;
  return db`ab.is_active AND block_day_counties(ab.day_of_week, ab.service_counties) @> ARRAY[${key}]::text[]
            AND (cardinality(ab.service_cities) = 0
                 OR EXISTS (SELECT 1 FROM unnest(ab.service_cities) c WHERE normalize_city_name(c) = ${normalizeCityName(zip.city)}))`;
}

/**
 * Barbers who could be free on the date at the zipcode (verified, not blacklisting it, an active block of
 * the weekday serving its county and city, an active service, of the category when one is asked: a barber with
 * none has nothing to book, as the home listing shows), best rated first, with the
 * version of their listing row, which every change to their blocks, services or held time bumps.
 */
async function findCandidates(
  db: Db,
  input: Omit<SearchInput, 'page' | 'pageSize'>,
): Promise<{ id: number; version: string | null }[]> {
  const { date, zip, category } = input;
  return db<{ id: number; version: string | null }[]>`
    SELECT b.id, l.version::text AS version
      FROM barbers b LEFT JOIN barber_listings l ON l.barber_id = b.id
     WHERE b.is_verified AND NOT b.blacklisted_zipcodes @> ARRAY[${zip.zipcode}]::text[]
       AND EXISTS (SELECT 1 FROM availability_blocks ab WHERE ab.barber_id = b.id AND ${blockServes(db, date, zip)})
       AND EXISTS (SELECT 1 FROM services s WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
                      AND s.price_cents >= ${input.minimumCents ?? 0}
                      ${category ? db`AND lower(s.category) = lower(${category})` : db``})
     ORDER BY b.rating DESC, b.review_count DESC, b.id`;
}

/**
 * The candidates' data for the date, flat (one row per matching block; duration and held time repeat on a
 * barber's rows), grouped here, with the listing version read in the same statement.
 */
async function loadCandidates(
  db: Db,
  input: Omit<SearchInput, 'page' | 'pageSize'>,
  ids: readonly number[],
): Promise<Candidate[]> {
  const { date, zip, category } = input;
  const day = dayRange(date, 2);
  const dayOfWeek = dayOfWeekLocal(date);
  const rows = await db<CandidateRow[]>`
    SELECT b.id, l.version::text AS version, d.duration, h.held_from AS "heldFrom", h.held_to AS "heldTo", ab.id AS "blockId", ab.start_time AS "startTime", ab.end_time AS "endTime", ab.travel_buffer AS "travelBuffer"
      FROM availability_blocks ab
      JOIN barbers b ON b.id = ab.barber_id
      LEFT JOIN barber_listings l ON l.barber_id = b.id
      CROSS JOIN LATERAL (SELECT min(s.duration) AS duration FROM services s
                           WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
                             AND s.price_cents >= ${input.minimumCents ?? 0}
                             ${category ? db`AND lower(s.category) = lower(${category})` : db``}) d
      CROSS JOIN LATERAL (SELECT array_agg(extract(epoch FROM lower(x.during))::float8 * 1000) AS held_from,
                                 array_agg(extract(epoch FROM upper(x.during))::float8 * 1000) AS held_to FROM barber_schedule x
                           WHERE x.barber_id = b.id AND x.during && tstzrange(${day.from}, ${day.to}, '[)')) h
     WHERE ab.barber_id = ANY(${ids as number[]}::int[]) AND ${blockServes(db, date, zip)}
     ORDER BY b.id, ab.start_time, ab.id`;
  const candidates: Candidate[] = [];
  let last: Candidate | undefined;
  for (const row of rows) {
    if (last?.id !== row.id) {
      const heldTo = row.heldTo ?? [];
      const held = (row.heldFrom ?? []).map((from, i) => ({ from: new Date(from), to: new Date(heldTo[i]!) }));
      last = { id: row.id, version: row.version, duration: row.duration, blocks: [], held };
      candidates.push(last);
    }
    // the query kept only blocks of this weekday serving the zipcode's county and city
    last.blocks.push({
      id: row.blockId,
      barberId: row.id,
      dayOfWeek,
      startTime: row.startTime,
      endTime: row.endTime,
      serviceCounties: [zip.county],
      serviceCities: [],
      travelBuffer: row.travelBuffer,
      isActive: true,
    });
  }
  return candidates;
}

const noneMessage = 'No barbers found. Try adjusting your date, time range or search area.';

/** A barber's free slots of a date at a zipcode, as computed at a listing version: [HH:mm, start instant in ms]. */
type DaySlots = readonly (readonly [string, number])[];

/**
 * Free slots per (barber, date, zipcode, category), each valid while the barber's listing version is the
 * one it was computed at: any change to their blocks, services or held time bumps that version (the
 * listing triggers), and the search reads the versions in its candidate query, so a memo is only used
 * when nothing changed since. Slots that pass are dropped at read time; a new local day starts afresh.
 */
export class SearchMemo {
  private readonly entries: LRUCache<string, { version: string; slots: DaySlots }>;

  constructor(max = 100_000) {
    this.entries = new LRUCache({ max });
  }

  get(key: string, version: string | null): DaySlots | undefined {
    if (version === null) return undefined;
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.slots : undefined;
  }

  set(key: string, version: string | null, slots: DaySlots): void {
    if (version !== null) this.entries.set(key, { version, slots });
  }
}

/**
 * Every candidate of the search, best rated first, with its free slots of the date (later than now, within
 * the time range; empty when none).
 */
export async function candidateSlots(
  db: Db,
  input: Omit<SearchInput, 'page' | 'pageSize'>,
  now: Date,
  memo: SearchMemo | null = null,
): Promise<{ id: number; slots: string[] }[]> {
  const { date, zip } = input;
  const from = input.startTime ? minutesOfDay(input.startTime) : 0;
  const to = input.endTime ? minutesOfDay(input.endTime) : Infinity;
  const suffix = `|${date}|${zip.zipcode}|${input.category?.toLowerCase() ?? ''}|${input.minimumCents ?? 0}|${todayLocal(now)}`;
  const keyOf = (id: number) => `${id}${suffix}`;

  const candidates = await findCandidates(db, input);
  const known = new Map<number, DaySlots>();
  const missing: number[] = [];
  for (const c of candidates) {
    const slots = memo?.get(keyOf(c.id), c.version);
    if (slots) known.set(c.id, slots);
    else missing.push(c.id);
  }
  if (missing.length > 0) {
    for (const c of await loadCandidates(db, input, missing)) {
      // no active service left (deleted since the candidates were found): nothing to book, no slot
      const times =
        c.duration === null
          ? []
          : availableSlots({
              date,
              durationMinutes: c.duration,
              blocks: c.blocks,
              held: c.held,
              now,
              zip,
            });
      const slots: DaySlots = times.map((t) => [t, toInstant(date, t).getTime()] as const);
      memo?.set(keyOf(c.id), c.version, slots);
      known.set(c.id, slots);
    }
  }

  const nowMs = now.getTime();
  return candidates.map(({ id }) => {
    const slots: string[] = [];
    for (const [time, at] of known.get(id) ?? []) {
      const minutes = minutesOfDay(time);
      if (at > nowMs && minutes >= from && minutes <= to) slots.push(time);
    }
    return { id, slots };
  });
}

/** One page of the verified barbers free on the date at the zipcode (docs/spec/customer-side.md §2.7), with the total. */
export async function searchBarbers(
  db: Db,
  input: SearchInput,
  now: Date = new Date(),
  memo: SearchMemo | null = null,
): Promise<BarberSearchAnswer> {
  const { date, zip, page, pageSize } = input;
  const free = (await candidateSlots(db, input, now, memo)).filter((c) => c.slots.length > 0);
  const total = free.length;
  const pageRows = free.slice((page - 1) * pageSize, page * pageSize);
  const answer = { total, page, pageSize, hasMore: page * pageSize < total };
  const message = total ? `Found ${total} available barber(s)` : noneMessage;
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
  for (const { id, slots } of pageRows) {
    const row = rowById.get(id);
    if (!row) continue; // deleted between the two reads
    // what can be booked: the card lists it, and its shortest service sets the next free slot's length
    const own = (services.get(id) ?? []).filter((s) => parseMoneyToCents(s.price) >= (input.minimumCents ?? 0));
    const next = nextAvailableSlot({
      durationMinutes: slotDuration(own, input.category),
      blocks: blocks.get(id) ?? [],
      held: held.get(id) ?? [],
      now,
      zip,
      blacklistedZipcodes: row.blacklistedZipcodes,
    });
    barbers.push({
      ...toListing(row, own, next),
      availableSlots: slots,
      actualCitiesServed: citiesServedOn(blocks.get(id) ?? [], date, zip),
    });
  }
  return { barbers, message, ...answer };
}
