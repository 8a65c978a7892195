import {
  addDaysLocal,
  dayOfWeekLocal,
  minutesOfDay,
  normalizeCityName,
  todayLocal,
  rangeEndInstant,
  toInstant,
  toLocalDateTime,
  type ZipcodeInfo,
} from '@barber/shared';
import type { Sql, Tx } from '../db/connect';

/*
 * The rules a booking's time must meet (docs/design.md §3), shared by booking creation, rescheduling
 * and the slot search: the booking window, the fit inside an availability block serving the
 * customer's zipcode, and the time a booking holds in the barber's schedule.
 */

/** Bookings are taken from today through this many days ahead (New York dates). */
export const BOOKING_WINDOW_DAYS = 30;
/** Slots offered to customers are on this grid (minutes). */
export const SLOT_STEP_MINUTES = 30;

export interface AvailabilityBlock {
  id: number;
  barberId: number;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  serviceCounties: string[];
  serviceCities: string[];
  travelBuffer: number;
  isActive: boolean;
}

/** The block serves the zipcode when it lists its county and either lists no cities or lists its city. */
export function blockServesZipcode(block: AvailabilityBlock, zip: ZipcodeInfo): boolean {
  if (!block.serviceCounties.includes(zip.county)) return false;
  if (block.serviceCities.length === 0) return true;
  const city = normalizeCityName(zip.city);
  return block.serviceCities.some((c) => normalizeCityName(c) === city);
}

/** [startTime, endTime) lies inside the block's hours. */
export function fitsBlockHours(block: AvailabilityBlock, startTime: string, endTime: string): boolean {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  return start < end && minutesOfDay(block.startTime) <= start && end <= minutesOfDay(block.endTime);
}

export interface SlotRequest {
  date: string;
  startTime: string;
  endTime: string;
  zip: ZipcodeInfo;
}

/**
 * The first active block of the date's weekday that serves the zipcode and holds [start, end),
 * earliest block first. A slot no single block holds may run across blocks serving the zipcode that touch or
 * overlap (09:00-12:00 and 12:00-17:00: the barber serves the area all along); the block it ends in is then the
 * booking's. Null when neither. Its travel buffer is the booking's.
 */
export function findFittingBlock(blocks: readonly AvailabilityBlock[], slot: SlotRequest): AvailabilityBlock | null {
  const day = dayOfWeekLocal(slot.date);
  const serving = blocks
    .filter((b) => b.isActive && b.dayOfWeek === day && blockServesZipcode(b, slot.zip))
    .sort((a, b) => minutesOfDay(a.startTime) - minutesOfDay(b.startTime) || a.id - b.id);
  const inside = serving.find((b) => fitsBlockHours(b, slot.startTime, slot.endTime));
  if (inside) return inside;
  const spans = serving.map((b) => ({ start: minutesOfDay(b.startTime), end: minutesOfDay(b.endTime), block: b }));
  return blockAcross(spans, minutesOfDay(slot.startTime), minutesOfDay(slot.endTime))?.block ?? null;
}

/**
 * The span [start, end) ends in when it runs across spans that touch or overlap (sorted by start) from the one it
 * starts in; null when a gap breaks it.
 */
export function blockAcross<T extends { start: number; end: number }>(
  spans: readonly T[],
  start: number,
  end: number,
): T | null {
  let reach = start;
  let last: T | null = null;
  for (const span of spans) {
    if (span.start > reach) break;
    if (span.end > reach) {
      reach = span.end;
      last = span;
    }
    if (reach >= end) return last;
  }
  return null;
}

/** Why a date and start time are outside the booking window, or null when they are inside. */
export function bookingWindowProblem(date: string, startTime: string, now: Date = new Date()): string | null {
  const today = todayLocal(now);
  if (date < today || toInstant(date, startTime).getTime() <= now.getTime())
    return 'This time is in the past. Please choose another time.';
  if (date > addDaysLocal(today, BOOKING_WINDOW_DAYS))
    return `Bookings can be made up to ${BOOKING_WINDOW_DAYS} days ahead.`;
  return null;
}

export const SKIPPED_TIME_MESSAGE =
  'This time does not exist on that day: the clocks go forward an hour. Please choose another time.';

/**
 * Why a booking cannot start at this wall-clock time, or null: the spring-forward change skips 02:00-02:59 in
 * New York that night, and a start there names the same instant as its end an hour later, an empty range that
 * overlaps nothing. An end there is fine: it reads as the instant the service really ends (01:30 + 60 min is
 * 03:30 EDT).
 */
export function skippedStartProblem(date: string, startTime: string): string | null {
  const local = toLocalDateTime(toInstant(date, startTime));
  return local.date !== date || local.time !== startTime ? SKIPPED_TIME_MESSAGE : null;
}

/** A half-open instant range [from, to). */
export interface HeldRange {
  from: Date;
  to: Date;
}

/**
 * The time a booking holds in its barber's schedule: [start, end + travel buffer), the end being when the service
 * really ends (a 90-minute service from 01:30 on the spring-forward night holds 90 minutes, not the 30 its wall-clock
 * times span).
 */
export function heldRange(date: string, startTime: string, endTime: string, travelBuffer: number): HeldRange {
  const from = toInstant(date, startTime);
  const end = rangeEndInstant(date, startTime, endTime, from);
  return { from, to: new Date(end.getTime() + travelBuffer * 60_000) };
}

/**
 * Whether a range holds no time: a booking whose start the spring-forward change skips names its end's instant, or
 * one after it (the commands refuse such times now; older events in the log may hold them, and a replay meets them).
 */
export function holdsNoTime(range: HeldRange): boolean {
  return range.from.getTime() >= range.to.getTime();
}

export function rangesOverlap(a: HeldRange, b: HeldRange): boolean {
  return a.from.getTime() < b.to.getTime() && b.from.getTime() < a.to.getTime();
}

/**
 * Whether a candidate booking (with the travel buffer of its block) is clear of every held range:
 * the same test the exclusion constraint applies on insert.
 */
export function isClearOf(candidate: HeldRange, held: readonly HeldRange[]): boolean {
  return held.every((h) => !rangesOverlap(candidate, h));
}

/** Active availability blocks of a barber, optionally of one weekday. */
export async function loadActiveBlocks(
  db: Sql | Tx,
  barberId: number,
  dayOfWeek?: number,
): Promise<AvailabilityBlock[]> {
  return db<AvailabilityBlock[]>`
    SELECT id, barber_id AS "barberId", day_of_week AS "dayOfWeek", start_time AS "startTime", end_time AS "endTime",
           service_counties AS "serviceCounties", service_cities AS "serviceCities", travel_buffer AS "travelBuffer",
           is_active AS "isActive"
      FROM availability_blocks
     WHERE barber_id = ${barberId} AND is_active ${dayOfWeek === undefined ? db`` : db`AND day_of_week = ${dayOfWeek}`}
     ORDER BY start_time, id`;
}
