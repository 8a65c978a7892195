import { createHash } from 'node:crypto';
import { todayLocal, toLocalDateTime, type BarberListing } from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import { BOOKING_WINDOW_DAYS } from '../bookings/slotRules';
import {
  dayRange,
  findBarbers,
  loadBlocks,
  loadHeld,
  loadServices,
  slotDuration,
  toListing,
  type ServiceRow,
} from './queries';
import { DEFAULT_SLOT_DURATION, nextFreeSlots } from './slots';

/*
 * The listing read model (migration 008, table barber_listings): each verified barber's listing as
 * GET /api/barbers and GET /api/barbers/:id answer it, with the first free slots after its build.
 *
 * Kept fresh by triggers: any change to the barber, their user, services, availability blocks or held
 * time (barber_schedule, written by the booking projection) bumps the row's version. A read takes the
 * listed barbers in one query; rows whose built_version lags, or whose stored slots have all passed,
 * are rebuilt there and then (bounded to the barbers of that answer) and written back unless a change
 * landed meanwhile. The next free slot is the first stored slot still in the future: time passing never
 * frees an earlier slot, so that stays right without a rebuild until the stored slots run out.
 */

/** Free slots stored per slot duration: enough for a working day on the 30-minute grid. */
export const STORED_SLOTS = 16;

interface SlotEntry {
  slots: string[];
  complete: boolean;
}

interface ListingRow {
  id: number;
  version: string | null;
  builtVersion: string | null;
  listing: Omit<BarberListing, 'nextAvailable'> | null;
  nextSlots: Record<string, SlotEntry> | null;
  builtOn: string | null;
}

export interface ListingFilter {
  ids?: number[];
  /** Region key the barber lists among their cities. */
  city?: string;
  /** The barber has an active service of this category; the next free slot is found with its shortest one. */
  category?: string;
  /** Only barbers who can be booked: at least one active service and one active availability block. */
  bookableOnly?: boolean;
  /** At most this many, the best rated first. */
  limit?: number;
}

type Db = Sql | Tx;

/** The verified barbers of the filter, best rated first, with their read-model rows (one query). */
async function selectListings(db: Db, filter: ListingFilter): Promise<ListingRow[]> {
  return db<ListingRow[]>`
    SELECT b.id, l.version::text AS version, l.built_version::text AS "builtVersion", l.listing, l.next_slots AS "nextSlots",
           to_char(l.built_on, 'YYYY-MM-DD') AS "builtOn"
      FROM barbers b LEFT JOIN barber_listings l ON l.barber_id = b.id
     WHERE b.is_verified
       ${filter.ids ? db`AND b.id = ANY(${filter.ids}::int[])` : db``}
       ${filter.city ? db`AND b.cities @> ARRAY[${filter.city}]::text[]` : db``}
       ${
         filter.category
           ? db`AND EXISTS (SELECT 1 FROM services s WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL
                                                     AND lower(s.category) = lower(${filter.category}))`
           : db``
       }
       ${
         filter.bookableOnly
           ? db`AND EXISTS (SELECT 1 FROM services s WHERE s.barber_id = b.id AND s.is_active AND s.deleted_at IS NULL)
                AND EXISTS (SELECT 1 FROM availability_blocks a WHERE a.barber_id = b.id AND a.is_active)`
           : db``
       }
     ORDER BY b.rating DESC, b.review_count DESC, b.id
     ${filter.limit ? db`LIMIT ${filter.limit}` : db``}`;
}

function durationOf(listing: Omit<BarberListing, 'nextAvailable'>, category: string | undefined): number {
  return slotDuration(
    listing.services.map((s) => ({ ...s, priceCents: 0 })),
    category,
  );
}

/** The next free slot from the stored ones; undefined when they no longer tell (the row needs a rebuild). */
function nextFromRow(
  row: ListingRow,
  category: string | undefined,
  now: Date,
): BarberListing['nextAvailable'] | undefined {
  if (!row.listing || !row.nextSlots || row.version === null || row.builtVersion !== row.version) return undefined;
  const entry = row.nextSlots[String(durationOf(row.listing, category))];
  if (!entry) return undefined;
  const nowMs = now.getTime();
  const next = entry.slots.find((s) => Date.parse(s) > nowMs);
  if (next) {
    const { date, time } = toLocalDateTime(new Date(next));
    return { date, startTime: time };
  }
  // all of the window's free slots were stored and have passed: none until the window moves on a day
  return entry.complete && row.builtOn === todayLocal(now) ? null : undefined;
}

/** The durations a listing's next free slot can be asked with: any service, each category, the default. */
function durationsOf(services: readonly ServiceRow[]): number[] {
  const categories = new Set(services.filter((s) => s.isActive).map((s) => s.category.toLowerCase()));
  return [
    ...new Set([
      DEFAULT_SLOT_DURATION,
      slotDuration(services),
      ...[...categories].map((c) => slotDuration(services, c)),
    ]),
  ];
}

/**
 * Rebuilds the listing rows of the barbers from their sources, reading everything in one snapshot, and
 * writes each back only if its version is still the one read. Answers the rebuilt rows either way (they
 * are as fresh as the snapshot). Callable from anywhere; the triggers make calling it optional.
 */
async function refreshBarberListings(db: Db, barberIds: number[], now: Date = new Date()): Promise<ListingRow[]> {
  if (barberIds.length === 0) return [];
  const read = async (tx: Db) => {
    const window = dayRange(todayLocal(now), BOOKING_WINDOW_DAYS + 2);
    const [versions, rows, services, blocks, held] = await Promise.all([
      tx<
        { id: number; version: string }[]
      >`SELECT barber_id AS id, version::text AS version FROM barber_listings WHERE barber_id = ANY(${barberIds}::int[])`,
      findBarbers(tx, { ids: barberIds }),
      loadServices(tx, barberIds, { activeOnly: true }),
      loadBlocks(tx, barberIds, { activeOnly: true }),
      loadHeld(tx, barberIds, now < window.from ? now : window.from, window.to),
    ]);
    return { versions, rows, services, blocks, held };
  };
  const source =
    'begin' in db
      ? await (db as Sql).begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', (tx) => read(tx as unknown as Db))
      : await read(db);
  const versionOf = new Map(source.versions.map((v) => [v.id, v.version]));
  const builtOn = todayLocal(now);

  const built: ListingRow[] = source.rows.map((row) => {
    const own = source.services.get(row.id) ?? [];
    const { nextAvailable: _, ...listing } = toListing(row, own, null);
    const nextSlots: Record<string, SlotEntry> = {};
    for (const duration of durationsOf(own)) {
      const found = nextFreeSlots(
        {
          durationMinutes: duration,
          blocks: source.blocks.get(row.id) ?? [],
          held: source.held.get(row.id) ?? [],
          now,
          zip: null,
        },
        STORED_SLOTS,
      );
      nextSlots[String(duration)] = { slots: found.slots.map((d) => d.toISOString()), complete: found.complete };
    }
    const version = versionOf.get(row.id) ?? '0';
    return { id: row.id, version, builtVersion: version, listing, nextSlots, builtOn };
  });
  if (built.length > 0) {
    const payload = built.map((r) => ({
      barber_id: r.id,
      version: r.version,
      listing: r.listing,
      next_slots: r.nextSlots,
      built_on: r.builtOn,
    }));
    await db`
      INSERT INTO barber_listings AS l (barber_id, version, built_version, listing, next_slots, built_on)
      SELECT x.barber_id, x.version, x.version, x.listing, x.next_slots, x.built_on
        FROM jsonb_to_recordset(${db.json(payload as never)}::jsonb)
             AS x(barber_id integer, version bigint, listing jsonb, next_slots jsonb, built_on date)
       ORDER BY x.barber_id
      ON CONFLICT (barber_id) DO UPDATE
        SET built_version = excluded.built_version, listing = excluded.listing, next_slots = excluded.next_slots, built_on = excluded.built_on
        WHERE l.version = excluded.version`;
  }
  return built;
}

export interface Listings {
  barbers: BarberListing[];
  /** A weak validator of the answer: changes whenever a listed barber's row or next free slot does. */
  etag: string;
}

/**
 * Listings of the verified barbers of the filter from the read model: one query, plus a rebuild of the
 * rows that lag (bounded to the barbers returned).
 */
export async function readListings(db: Db, filter: ListingFilter, now: Date = new Date()): Promise<Listings> {
  const rows = await selectListings(db, filter);
  const next = rows.map((row) => nextFromRow(row, filter.category, now));
  const staleIds = rows.filter((_, i) => next[i] === undefined).map((r) => r.id);
  if (staleIds.length > 0) {
    const rebuilt = new Map((await refreshBarberListings(db, staleIds, now)).map((r) => [r.id, r]));
    rows.forEach((row, i) => {
      const fresh = rebuilt.get(row.id);
      if (!fresh) return;
      rows[i] = fresh;
      next[i] = nextFromRow(fresh, filter.category, now) ?? null;
    });
  }
  const barbers: BarberListing[] = [];
  const hash = createHash('sha1').update(filter.category ?? '');
  rows.forEach((row, i) => {
    if (!row.listing) return; // deleted between the two reads
    const nextAvailable = next[i] ?? null;
    barbers.push({ ...row.listing, nextAvailable });
    hash.update(
      `|${row.id}:${row.builtVersion}:${nextAvailable ? `${nextAvailable.date}T${nextAvailable.startTime}` : '-'}`,
    );
  });
  return { barbers, etag: `W/"${hash.digest('base64url')}"` };
}
