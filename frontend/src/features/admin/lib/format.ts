import { format } from 'date-fns';
import { formatTime12, formatUsd, TIME_ZONE, tryParseMoneyToCents, zoned } from '@barber/shared';

/** An API money string ("35.00") or number of dollars as en-US currency; $0.00 when missing or invalid. */
export function money(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return formatUsd(0);
  return formatUsd(tryParseMoneyToCents(value));
}

/** Cents of an API money string; 0 when missing or invalid. */
export function cents(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return tryParseMoneyToCents(value) ?? 0;
}

/** A wall-clock yyyy-MM-dd as a Date at local noon, for date-fns formatting of the day only. */
function wallDate(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
}

/** Formats a booking's yyyy-MM-dd (New York wall date) with a date-fns pattern; '' when invalid. */
export function formatLocalDate(date: string, pattern = 'MMM d, yyyy'): string {
  const d = wallDate(date);
  return d ? format(d, pattern) : '';
}

/** "14:30" -> "2:30 PM"; the input when it is not HH:mm. */
export function formatTime(time: string | null | undefined): string {
  return time ? formatTime12(time) : '';
}

/**
 * An ISO instant in New York time, e.g. "Mar 3, 2026, 2:05 PM"; 'N/A' when missing or invalid. In the hour the
 * clocks go back, which happens twice, the zone follows ("1:30 AM EDT", then "1:30 AM EST"): a history read
 * 1:40 then 1:10 otherwise, going backwards.
 */
export function formatInstant(iso: string | null | undefined, pattern = 'MMM d, yyyy, h:mm a'): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'N/A';
  const shown = format(zoned(d), pattern);
  return repeatedHour(d)
    ? `${shown} ${ZONE_NAME.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value}`
    : shown;
}

const ZONE_NAME = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'short' });

/** The instant's wall-clock time happens twice that night (an hour before or after reads the same). */
function repeatedHour(d: Date): boolean {
  const wall = (t: number) => format(zoned(t), 'yyyy-MM-dd HH:mm');
  const at = wall(d.getTime());
  return wall(d.getTime() - 3_600_000) === at || wall(d.getTime() + 3_600_000) === at;
}

/** An ISO instant as a locale date (en-US, New York); 'N/A' when missing or invalid. */
export function formatLocaleDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'N/A';
  return d.toLocaleDateString('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** +12.5% / -3% / 0%, one decimal at most. */
export function formatChange(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}
