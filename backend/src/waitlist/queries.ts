import {
  addDaysLocal,
  lookupZipcode,
  minutesOfDay,
  type FullBarbersAnswer,
  type WaitlistEntry,
  type ZipcodeInfo,
} from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import type { AvailabilityBlock, HeldRange } from '../bookings/slotRules';
import { dayRange, loadBlocks, loadHeld } from '../catalog/queries';
import { candidateSlots, type SearchInput } from '../catalog/search';
import { availableSlots, DEFAULT_SLOT_DURATION } from '../catalog/slots';

type Db = Sql | Tx;

/*
 * Reads of the waitlist. Whether an entry ended is derived here, never stored: it ended when its customer
 * left (`left_at`, then it is not listed), booked that barber that day after joining (a booking that is not
 * cancelled: an abandoned checkout or a cancellation gives the entry back), or the date passed.
 */

/** SQL: the entry `w` ended because its customer booked that barber that day after joining. */
const BOOKED = `EXISTS (SELECT 1 FROM bookings bk
                         WHERE bk.customer_id = w.customer_id AND bk.barber_id = w.barber_id AND bk.date = w.date
                           AND bk.status <> 'cancelled' AND bk.created_at >= w.created_at)`;

export interface EntryRow {
  id: number;
  customerId: number;
  barberId: number;
  barberName: string;
  serviceId: number | null;
  serviceName: string | null;
  date: string;
  startTime: string | null;
  endTime: string | null;
  zipcode: string | null;
  booked: boolean;
  notifiedAt: Date | null;
  notifiedSlot: string | null;
  createdAt: Date;
}

const ENTRY_SELECT = `
  SELECT w.id, w.customer_id AS "customerId", w.barber_id AS "barberId", coalesce(nullif(u.full_name, ''), u.username) AS "barberName",
         w.service_id AS "serviceId", s.name AS "serviceName", to_char(w.date, 'YYYY-MM-DD') AS date,
         w.start_time AS "startTime", w.end_time AS "endTime", w.zipcode, ${BOOKED} AS booked,
         w.notified_at AS "notifiedAt", w.notified_slot AS "notifiedSlot", w.created_at AS "createdAt"
    FROM waitlist_entries w
    JOIN barbers b ON b.id = w.barber_id JOIN users u ON u.id = b.user_id
    LEFT JOIN services s ON s.id = w.service_id`;

function toEntry(row: EntryRow, today: string): WaitlistEntry {
  const status = row.booked ? 'booked' : row.date < today ? 'expired' : row.notifiedAt ? 'notified' : 'waiting';
  return {
    id: row.id,
    barberId: row.barberId,
    barberName: row.barberName,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    zipcode: row.zipcode,
    status,
    notifiedAt: row.notifiedAt ? row.notifiedAt.toISOString() : null,
    notifiedSlot: row.notifiedSlot,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How long an ended entry stays in its customer's list (so they see what became of it). */
const ENDED_SHOWN_DAYS = 7;

/** The customer's entries not left: open ones and those that ended in the last week, by date then joining. */
export async function listEntries(db: Db, customerId: number, today: string): Promise<WaitlistEntry[]> {
  const rows = await db.unsafe<EntryRow[]>(
    `${ENTRY_SELECT} WHERE w.customer_id = $1 AND w.left_at IS NULL AND w.date >= $2::date ORDER BY w.date, w.created_at, w.id`,
    [customerId, addDaysLocal(today, -ENDED_SHOWN_DAYS)],
  );
  return rows.map((r) => toEntry(r, today));
}

export async function findEntry(
  db: Db,
  id: number,
  today: string,
): Promise<(WaitlistEntry & { customerId: number }) | null> {
  const [row] = await db.unsafe<EntryRow[]>(`${ENTRY_SELECT} WHERE w.id = $1 AND w.left_at IS NULL`, [id]);
  return row ? { ...toEntry(row, today), customerId: row.customerId } : null;
}

/** The open entries of a barber's day (not left, not booked), in order of joining: the subscriber's recipients. */
export async function openEntriesOfDay(db: Db, barberId: number, date: string): Promise<EntryRow[]> {
  return db.unsafe<EntryRow[]>(
    `${ENTRY_SELECT} WHERE w.barber_id = $1 AND w.date = $2::date AND w.left_at IS NULL AND NOT ${BOOKED} ORDER BY w.created_at, w.id`,
    [barberId, date],
  );
}

/** The days (today on) for which anyone waits on a barber, of one weekday: what a new or widened block may open. */
export async function waitedDays(db: Db, barberId: number, today: string): Promise<string[]> {
  const rows = await db<{ date: string }[]>`
    SELECT DISTINCT to_char(date, 'YYYY-MM-DD') AS date FROM waitlist_entries
     WHERE barber_id = ${barberId} AND left_at IS NULL AND date >= ${today}::date ORDER BY 1`;
  return rows.map((r) => r.date);
}

/** How many customers wait for each day of [from, to] (today on): open entries, not booked. */
export async function countsByDay(
  db: Db,
  barberId: number,
  from: string,
  to: string,
  today: string,
): Promise<{ date: string; count: number }[]> {
  const start = from < today ? today : from;
  if (start > to) return [];
  return db.unsafe<{ date: string; count: number }[]>(
    `SELECT to_char(w.date, 'YYYY-MM-DD') AS date, count(*)::int AS count
       FROM waitlist_entries w
      WHERE w.barber_id = $1 AND w.left_at IS NULL AND w.date BETWEEN $2::date AND $3::date AND NOT ${BOOKED}
      GROUP BY w.date ORDER BY w.date`,
    [barberId, start, to],
  );
}

/* ---------- matching slots ---------- */

export interface DayData {
  blocks: AvailabilityBlock[];
  held: HeldRange[];
  blacklistedZipcodes: string[];
  /** Active services' durations by id, and the shortest (an entry without a service waits for any). */
  durations: Map<number, number>;
  shortest: number;
}

/** What the free slots of a barber's day depend on, read once for all the entries of that day. */
export async function loadDayData(db: Db, barberId: number, date: string): Promise<DayData | null> {
  const [barber] = await db<{ blacklist: string[]; verified: boolean }[]>`
    SELECT blacklisted_zipcodes AS blacklist, is_verified AS verified FROM barbers WHERE id = ${barberId}`;
  if (!barber || !barber.verified) return null;
  const range = dayRange(date, 2);
  const [blocks, held, services] = await Promise.all([
    loadBlocks(db, [barberId], { activeOnly: true }),
    loadHeld(db, [barberId], range.from, range.to),
    db<{ id: number; duration: number }[]>`
      SELECT id, duration FROM services WHERE barber_id = ${barberId} AND is_active AND deleted_at IS NULL`,
  ]);
  const durations = new Map(services.map((s) => [s.id, s.duration]));
  return {
    blocks: blocks.get(barberId) ?? [],
    held: held.get(barberId) ?? [],
    blacklistedZipcodes: barber.blacklist,
    durations,
    shortest: services.length ? Math.min(...services.map((s) => s.duration)) : DEFAULT_SLOT_DURATION,
  };
}

export interface EntryWish {
  serviceId: number | null;
  startTime: string | null;
  endTime: string | null;
  zipcode: string | null;
}

/** The free start times of the day that suit the entry: its service's length, inside its range, at its zipcode. */
export function slotsForEntry(
  entry: EntryWish,
  date: string,
  day: Pick<DayData, 'blocks' | 'held' | 'blacklistedZipcodes' | 'durations' | 'shortest'>,
  now: Date,
): string[] {
  const duration = entry.serviceId !== null ? day.durations.get(entry.serviceId) : day.shortest;
  if (duration === undefined) return []; // the service is no longer offered
  const zip: ZipcodeInfo | null = entry.zipcode ? lookupZipcode(entry.zipcode) : null;
  const from = entry.startTime ? minutesOfDay(entry.startTime) : 0;
  const to = entry.endTime ? minutesOfDay(entry.endTime) : Infinity;
  return availableSlots({
    date,
    durationMinutes: duration,
    blocks: day.blocks,
    held: day.held,
    now,
    zip,
    blacklistedZipcodes: day.blacklistedZipcodes,
  }).filter((t) => minutesOfDay(t) >= from && minutesOfDay(t) <= to); // by its start, as search shows them
}

/* ---------- search: who to wait for when nothing is free ---------- */

const FULL_BARBERS_LIMIT = 10;

/**
 * Verified barbers who serve the zipcode on that date (and offer the category) but have no free slot in
 * the range: the ones a customer may wait for when the search finds nobody free. Best rated first.
 */
export async function fullyBookedBarbers(
  db: Db,
  input: Omit<SearchInput, 'page' | 'pageSize'>,
  now: Date,
): Promise<FullBarbersAnswer['barbers']> {
  const full = (await candidateSlots(db, input, now))
    .filter((c) => c.slots.length === 0)
    .slice(0, FULL_BARBERS_LIMIT)
    .map((c) => c.id);
  if (full.length === 0) return [];
  // A wait for a searched category is for the barber's shortest service of it: the length the search looked for.
  const rows = await db<FullBarbersAnswer['barbers']>`
    SELECT b.id, coalesce(nullif(u.full_name, ''), u.username) AS name,
           ${
             input.category
               ? db`(SELECT s.id FROM services s
                      WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
                        AND lower(s.category) = lower(${input.category})
                      ORDER BY s.duration, s.id LIMIT 1)`
               : db`NULL::int`
           } AS "serviceId"
      FROM barbers b JOIN users u ON u.id = b.user_id WHERE b.id = ANY(${full}::int[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return full.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}
