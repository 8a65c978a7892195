import { TZDate, tzOffset } from '@date-fns/tz';
import { z } from 'zod';

/**
 * Time (docs/design.md §9): every date (yyyy-MM-dd) and time of day (HH:mm) in the system is
 * wall-clock time in America/New_York. "Today", "not in the past" and the 30-day booking
 * window are judged in this zone, whatever the zone of the machine or the browser.
 *
 * Daylight-saving rules of `toInstant` (pinned by tests):
 * - A wall time that does not exist (spring forward, e.g. 02:30 on 2026-03-08) is moved
 *   forward by the length of the gap: 02:30 -> the instant of 03:30 EDT (07:30Z).
 * - A wall time that happens twice (fall back, e.g. 01:30 on 2026-11-01) means its first
 *   occurrence, still in daylight time: 01:30 EDT (05:30Z).
 */
export const TIME_ZONE = 'America/New_York';

/** yyyy-MM-dd */
export type LocalDate = string;
/** HH:mm, 00:00-23:59 */
export type HHmm = string;

export const MINUTES_PER_DAY = 24 * 60;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_DATETIME_RE =
  /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12; overflowing days roll over). */
function utcDay(y: number, m: number, d: number): number {
  const dt = new Date(0);
  dt.setUTCFullYear(y, m - 1, d); // unlike Date.UTC, does not map years 0-99 to 1900-1999
  return dt.getTime() / 86_400_000;
}

/** Year, month (1-12) and day of a yyyy-MM-dd string, or null when it is not a real calendar date. */
function parseDateParts(date: string): { y: number; m: number; d: number } | null {
  const match = DATE_RE.exec(date);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  // Years outside 1900-2999 are never a booking date and some (year 0) are not even SQL dates.
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = utcDay(y, m + 1, 1) - utcDay(y, m, 1);
  if (d > daysInMonth) return null;
  return { y, m, d };
}

function requireDate(date: string): { y: number; m: number; d: number } {
  const parts = parseDateParts(date);
  if (!parts) throw new RangeError(`Invalid date "${date}" (expected yyyy-MM-dd)`);
  return parts;
}

/** Days since 1970-01-01 of a calendar date (time-zone free arithmetic). */
function epochDay(date: string): number {
  const { y, m, d } = requireDate(date);
  return utcDay(y, m, d);
}

function fromEpochDay(day: number): LocalDate {
  const dt = new Date(day * 86_400_000);
  const y = dt.getUTCFullYear();
  if (y < 0 || y > 9999) throw new RangeError('Date out of range');
  return `${String(y).padStart(4, '0')}-${pad2(dt.getUTCMonth() + 1)}-${pad2(dt.getUTCDate())}`;
}

export function isLocalDate(value: string): boolean {
  return parseDateParts(value) !== null;
}

export function isHHmm(value: string): boolean {
  return HHMM_RE.test(value);
}

/**
 * The instant as a TZDate in New York, for formatting with date-fns
 * (e.g. `format(zoned(d), 'MMM d, h:mm a')`).
 */
export function zoned(instant: Date | number): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), TIME_ZONE);
}

/*
 * New York's offset changes only on a whole UTC hour, so it is looked up once per hour and kept:
 * tzOffset goes through Intl and is the costliest step of every booking's time arithmetic.
 */
const offsetsByHour = new Map<number, number>();
const HOUR_MS = 3_600_000;

/** UTC offset of New York at an instant, in minutes (-300 EST, -240 EDT). */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const known = offsetsByHour.get(hour);
  if (known !== undefined) return known;
  const offset = tzOffset(TIME_ZONE, new Date(hour * HOUR_MS));
  if (!Number.isFinite(offset)) throw new RangeError(`No UTC offset for ${TIME_ZONE}`);
  if (offsetsByHour.size > 100_000) offsetsByHour.clear();
  offsetsByHour.set(hour, offset);
  return offset;
}

/*
 * Wall-clock conversions are done here from the zone's UTC offsets (Intl, via tzOffset)
 * rather than with TZDate's date/time constructor, whose choice for an ambiguous wall time
 * depends on the zone of the machine running it.
 */

/** The New York date and minutes since local midnight of an instant (default: now). */
export function nowLocalParts(now: Date = new Date()): { date: LocalDate; minutes: number } {
  const ms = now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid Date');
  const wall = ms + offsetAt(ms) * 60_000; // wall-clock time written as if it were UTC
  const day = Math.floor(wall / 86_400_000);
  return { date: fromEpochDay(day), minutes: Math.floor((wall - day * 86_400_000) / 60_000) };
}

/** Today's date in New York. */
export function todayLocal(now: Date = new Date()): LocalDate {
  return nowLocalParts(now).date;
}

/** The New York date and HH:mm of an instant. */
export function toLocalDateTime(instant: Date): { date: LocalDate; time: HHmm } {
  const { date, minutes } = nowLocalParts(instant);
  return { date, time: formatHHmm(minutes) };
}

/**
 * The instant (UTC Date) of a New York wall-clock date and time. A non-existent time
 * (spring forward gap) moves forward by the gap; an ambiguous one (fall back) takes the
 * first occurrence. See the module comment.
 */
export function toInstant(date: LocalDate, time: HHmm): Date {
  const wall = epochDay(date) * 86_400_000 + minutesOfDay(time) * 60_000;
  // The offsets in force a day before and a day after cover any single transition.
  const before = offsetAt(wall - 86_400_000);
  const after = offsetAt(wall + 86_400_000);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((ms) => offsetAt(ms) * 60_000 === wall - ms)
    .sort((a, b) => a - b);
  // No match: the wall time falls in a gap; reading it with the offset before the gap
  // lands the same distance past the gap's end (02:30 EST = 03:30 EDT).
  return new Date(matches[0] ?? wall - before * 60_000);
}

/**
 * The instant a wall-clock range of one day [startTime, endTime) really ends: its start plus its length. Read from the
 * wall-clock end alone, a range across the spring-forward change would end an hour early (01:30 + 90 minutes is 03:00
 * on the wall clock, but 04:00 EDT in reality). Across the fall-back change the wall-clock end is the later one and is
 * kept (the barber is held by the wall clock); so is it for a start the change skips (the commands refuse those; older
 * events hold some, and they hold no time). `start`: toInstant(date, startTime), when the caller has it.
 */
export function rangeEndInstant(
  date: LocalDate,
  startTime: HHmm,
  endTime: HHmm,
  start: Date = toInstant(date, startTime),
): Date {
  const byClock = toInstant(date, endTime);
  const byLength = start.getTime() + (minutesOfDay(endTime) - minutesOfDay(startTime)) * 60_000;
  if (byLength <= byClock.getTime()) return byClock;
  return toLocalDateTime(start).time === startTime ? new Date(byLength) : byClock;
}

/** A calendar date plus n days (n may be negative). */
export function addDaysLocal(date: LocalDate, n: number): LocalDate {
  if (!Number.isInteger(n)) throw new RangeError(`addDaysLocal: n must be an integer, got ${n}`);
  return fromEpochDay(epochDay(date) + n);
}

/** Weekday of a calendar date: 0 Sunday ... 6 Saturday (as availability blocks' dayOfWeek). */
export function dayOfWeekLocal(date: LocalDate): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  return ((((epochDay(date) + 4) % 7) + 7) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/** Whole calendar days from a to b (positive when b is later). */
export function daysBetweenLocal(a: LocalDate, b: LocalDate): number {
  return epochDay(b) - epochDay(a);
}

/** Minutes since midnight of an HH:mm time (00:00 -> 0, 23:59 -> 1439). Throws on bad input. */
export function minutesOfDay(time: HHmm): number {
  const match = HHMM_RE.exec(time);
  if (!match) throw new RangeError(`Invalid time "${time}" (expected HH:mm)`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** HH:mm of minutes since midnight; an integer 0-1439, otherwise throws (no wrapping past midnight). */
export function formatHHmm(minutes: number): HHmm {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`formatHHmm: ${minutes} is not a minute of the day (0-1439)`);
  }
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** HH:mm plus (or minus) some minutes; throws when the result leaves the day (no wrapping). */
export function addMinutesHHmm(time: HHmm, minutes: number): HHmm {
  return formatHHmm(minutesOfDay(time) + minutes);
}

/** English month names, January first: `MONTH_NAMES[month - 1]` of a 1-12 month. */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** "Jan" ... "Dec". */
export const MONTH_NAMES_SHORT: readonly string[] = MONTH_NAMES.map((name) => name.slice(0, 3));
/** English weekday names, Sunday first: `WEEKDAY_NAMES[dayOfWeekLocal(date)]`. */
export const WEEKDAY_NAMES: readonly string[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
/** "Sun" ... "Sat". */
export const WEEKDAY_NAMES_SHORT: readonly string[] = WEEKDAY_NAMES.map((name) => name.slice(0, 3));

/**
 * An HH:mm wall-clock time on the 12-hour clock, as every screen and message shows it: "09:05" -> "9:05 AM",
 * "13:30" -> "1:30 PM", "00:00" -> "12:00 AM", "12:00" -> "12:00 PM" (seconds, if any, dropped). Returns the
 * input unchanged when it does not start with H:mm or HH:mm.
 */
export function formatTime12(time: HHmm): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const h = Number(match[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${match[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A real calendar date written yyyy-MM-dd. */
export const localDateSchema = z
  .string({ required_error: 'Please select a date' })
  .refine(isLocalDate, { message: 'Invalid date (expected yyyy-MM-dd)' });

/**
 * A yyyy-MM-dd date, or an ISO datetime (as the booking create payload sends) whose date
 * part is taken literally: "2026-03-08T00:00:00.000Z" -> "2026-03-08". The date part is not
 * converted to New York time; the client is expected to send the chosen calendar date.
 */
export const isoDateOrDateTimeSchema = z.string({ required_error: 'Please select a date' }).transform((value, ctx) => {
  const v = value.trim();
  if (isLocalDate(v)) return v;
  const match = ISO_DATETIME_RE.exec(v);
  const datePart = match?.[1];
  if (datePart !== undefined && isLocalDate(datePart)) return datePart;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Invalid date (expected yyyy-MM-dd or an ISO datetime)' });
  return z.NEVER;
});

/** HH:mm, 00:00 to 23:59. */
export const hhmmSchema = z
  .string({ required_error: 'Please select a time' })
  .regex(HHMM_RE, 'Invalid time (expected HH:mm)');
