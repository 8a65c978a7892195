import {
  addDaysLocal,
  addMinutesHHmm,
  citiesOfCounty,
  dayOfWeekLocal,
  daysBetweenLocal,
  formatHHmm,
  isCountyKey,
  MINUTES_PER_DAY,
  minutesOfDay,
  toInstant,
  toLocalDateTime,
  todayLocal,
  type ZipcodeInfo,
} from '@barber/shared';
import {
  BOOKING_WINDOW_DAYS,
  blockAcross,
  blockServesZipcode,
  bookingWindowProblem,
  findFittingBlock,
  fitsBlockHours,
  heldRange,
  isClearOf,
  skippedStartProblem,
  SLOT_STEP_MINUTES,
  type AvailabilityBlock,
  type HeldRange,
} from '../bookings/slotRules';

/*
 * The slot finder (search, the booking widget, the listing's next free slot). Pure: it applies the
 * booking helper's rules (bookings/slotRules) to every start time of the 30-minute grid, so what is
 * offered is exactly what POST /api/bookings accepts: inside the window and not past, [start, end)
 * inside the first active block of the weekday that serves the zipcode (or across touching blocks serving it,
 * findFittingBlock), and [start, end + that block's travel buffer) clear of every range the barber already holds. Wall times skipped by the
 * spring-forward change are never offered.
 */

export const DEFAULT_SLOT_DURATION = 30;

export interface SlotQuery {
  date: string;
  durationMinutes: number;
  blocks: readonly AvailabilityBlock[];
  /** barber_schedule.during of the barber's live bookings. */
  held: readonly HeldRange[];
  now: Date;
  /** The appointment's zipcode; null: any area (the listing, which has no location). */
  zip: ZipcodeInfo | null;
  blacklistedZipcodes?: readonly string[];
}

function isBlacklisted(zip: ZipcodeInfo | null, blacklist: readonly string[] | undefined): boolean {
  return zip !== null && (blacklist ?? []).includes(zip.zipcode);
}

/** As findFittingBlock, any area: the earliest active block of the weekday holding [start, end). */
function fittingBlockAnyArea(
  blocks: readonly AvailabilityBlock[],
  date: string,
  startTime: string,
  endTime: string,
): AvailabilityBlock | null {
  const day = dayOfWeekLocal(date);
  const fitting = blocks
    .filter((b) => b.isActive && b.dayOfWeek === day && fitsBlockHours(b, startTime, endTime))
    .sort((a, b) => minutesOfDay(a.startTime) - minutesOfDay(b.startTime) || a.id - b.id);
  return fitting[0] ?? null;
}

// One search asks for the same instant's New York date once per barber: remember the last answer.
let lastToday: { at: number; date: string } | null = null;
function todayAt(now: Date): string {
  if (lastToday?.at !== now.getTime()) lastToday = { at: now.getTime(), date: todayLocal(now) };
  return lastToday.date;
}

/** Today (New York) through the end of the booking window. */
export function isWithinBookingWindow(date: string, now: Date): boolean {
  const days = daysBetweenLocal(todayAt(now), date);
  return days >= 0 && days <= BOOKING_WINDOW_DAYS;
}

/** Whether a booking could start at `time`: the same checks POST /api/bookings makes. */
export function slotIsFree(q: SlotQuery, time: string): boolean {
  const startMinute = minutesOfDay(time);
  if (startMinute + q.durationMinutes >= MINUTES_PER_DAY) return false;
  if (isBlacklisted(q.zip, q.blacklistedZipcodes)) return false;
  // cheap wall-clock checks first: the instant conversions below cost more
  const endTime = addMinutesHHmm(time, q.durationMinutes);
  const block = q.zip
    ? findFittingBlock(q.blocks, { date: q.date, startTime: time, endTime, zip: q.zip })
    : fittingBlockAnyArea(q.blocks, q.date, time, endTime);
  if (!block) return false;
  if (bookingWindowProblem(q.date, time, q.now) !== null) return false;
  if (skippedStartProblem(q.date, time)) return false;
  return isClearOf(heldRange(q.date, time, endTime, block.travelBuffer), q.held);
}

/**
 * The instants of one date's wall-clock minutes. A day of 24 real hours has no daylight-saving
 * change, so every minute is midnight plus that many minutes; on the two change days each time
 * goes through toInstant, as the booking rules do.
 */
interface DayClock {
  instant: (minute: number) => number;
  exists: (minute: number) => boolean;
}

// A date's clock never changes: a search reuses it for every barber (a few dates are in use at once).
const clocks = new Map<string, DayClock>();
function dayClock(date: string): DayClock {
  let clock = clocks.get(date);
  if (!clock) {
    if (clocks.size >= 64) clocks.clear();
    clock = buildDayClock(date);
    clocks.set(date, clock);
  }
  return clock;
}

function buildDayClock(date: string): DayClock {
  const midnight = toInstant(date, '00:00').getTime();
  if (toInstant(addDaysLocal(date, 1), '00:00').getTime() - midnight === 86_400_000) {
    return { instant: (minute) => midnight + minute * 60_000, exists: () => true };
  }
  const at = (minute: number) => toInstant(date, formatHHmm(minute));
  return {
    instant: (minute) => at(minute).getTime(),
    exists: (minute) => toLocalDateTime(at(minute)).time === formatHHmm(minute),
  };
}

/**
 * Every free start time (HH:mm, ascending) of the date: the grid times for which slotIsFree holds
 * (a unit test proves the two agree), computed with one day plan instead of per-slot conversions.
 */
export function availableSlots(q: SlotQuery): string[] {
  if (isBlacklisted(q.zip, q.blacklistedZipcodes)) return [];
  if (!isWithinBookingWindow(q.date, q.now)) return [];
  const day = dayOfWeekLocal(q.date);
  // the candidates findFittingBlock would consider, in its order
  const blocks = q.blocks
    .filter((b) => b.isActive && b.dayOfWeek === day && (q.zip === null || blockServesZipcode(b, q.zip)))
    .map((b) => ({ start: minutesOfDay(b.startTime), end: minutesOfDay(b.endTime), id: b.id, buffer: b.travelBuffer }))
    .sort((a, b) => a.start - b.start || a.id - b.id);
  if (blocks.length === 0) return [];
  const clock = dayClock(q.date);
  const dayFrom = clock.instant(0);
  const dayTo = dayFrom + 2 * 86_400_000;
  const held = q.held
    .filter((h) => h.to.getTime() > dayFrom && h.from.getTime() < dayTo)
    .map((h) => [h.from.getTime(), h.to.getTime()] as const);
  const now = q.now.getTime();
  const slots: string[] = [];
  for (let m = 0; m < MINUTES_PER_DAY; m += SLOT_STEP_MINUTES) {
    const end = m + q.durationMinutes;
    if (end >= MINUTES_PER_DAY) break;
    const block =
      blocks.find((b) => b.start <= m && end <= b.end) ?? (q.zip === null ? undefined : blockAcross(blocks, m, end));
    if (!block || !clock.exists(m)) continue;
    const from = clock.instant(m);
    if (from <= now) continue;
    // its real end (heldRange's): the later of the wall-clock end and the start plus the length (spring-forward night)
    const to = Math.max(clock.instant(end), from + q.durationMinutes * 60_000) + block.buffer * 60_000;
    if (held.every(([hFrom, hTo]) => !(from < hTo && hFrom < to))) slots.push(formatHHmm(m));
  }
  return slots;
}

/** The first free slot from today through the end of the booking window, or null. */
export function nextAvailableSlot(q: Omit<SlotQuery, 'date'>): { date: string; startTime: string } | null {
  const today = todayLocal(q.now);
  for (let d = 0; d <= BOOKING_WINDOW_DAYS; d++) {
    const date = addDaysLocal(today, d);
    const [first] = availableSlots({ ...q, date });
    if (first) return { date, startTime: first };
  }
  return null;
}

/**
 * The first `limit` free slots from now through the end of the booking window, as instants, and whether
 * that is all of them (the window held fewer). The listing read model stores them: until they pass, the
 * first one still in the future is the next free slot, since free slots only appear through a change of
 * the barber's data (which rebuilds the row) or at the window's far end (a later date).
 */
export function nextFreeSlots(q: Omit<SlotQuery, 'date'>, limit: number): { slots: Date[]; complete: boolean } {
  const today = todayLocal(q.now);
  const slots: Date[] = [];
  for (let d = 0; d <= BOOKING_WINDOW_DAYS; d++) {
    const date = addDaysLocal(today, d);
    for (const time of availableSlots({ ...q, date })) {
      slots.push(toInstant(date, time));
      if (slots.length === limit) return { slots, complete: false };
    }
  }
  return { slots, complete: true };
}

/** Does any active block (any day) serve the zipcode, which the barber has not blacklisted? */
export function servesZipcode(
  blocks: readonly AvailabilityBlock[],
  zip: ZipcodeInfo,
  blacklist?: readonly string[],
): boolean {
  return !isBlacklisted(zip, blacklist) && blocks.some((b) => b.isActive && blockServesZipcode(b, zip));
}

/**
 * City names served on that date around the zipcode: the cities of that weekday's active blocks
 * serving it (a block listing no cities serves every city of its counties), sorted.
 */
export function citiesServedOn(blocks: readonly AvailabilityBlock[], date: string, zip: ZipcodeInfo | null): string[] {
  const day = dayOfWeekLocal(date);
  const cities = new Set<string>();
  for (const block of blocks) {
    if (!block.isActive || block.dayOfWeek !== day || (zip && !blockServesZipcode(block, zip))) continue;
    if (block.serviceCities.length > 0) block.serviceCities.forEach((c) => cities.add(c));
    else
      for (const county of block.serviceCounties)
        if (isCountyKey(county)) citiesOfCounty(county).forEach((c) => cities.add(c));
  }
  return [...cities].sort((a, b) => a.localeCompare(b, 'en'));
}
