import {
  formatTime12,
  formatUsd,
  MONTH_NAMES,
  MONTH_NAMES_SHORT,
  tryParseMoneyToCents,
  WEEKDAY_NAMES,
  WEEKDAY_NAMES_SHORT,
} from '@barber/shared';

/** "$1,234.50" of an API money string ("1234.50"); "$0.00" when missing or not a number. */
export function money(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return formatUsd(undefined);
  if (typeof value === 'number') return formatUsd(Number.isFinite(value) ? Math.round(value * 100) : undefined);
  return formatUsd(tryParseMoneyToCents(value));
}

export const WEEKDAYS_LONG = WEEKDAY_NAMES;

function parts(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return { y: y ?? 1970, m: m ?? 1, d: d ?? 1 };
}

function weekday(date: string): number {
  const { y, m, d } = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** "Mon, Mar 2, 2026" of a yyyy-MM-dd calendar date (no time zone involved). */
export function formatDate(date: string): string {
  const { y, m, d } = parts(date);
  return `${WEEKDAY_NAMES_SHORT[weekday(date)]}, ${MONTH_NAMES_SHORT[m - 1]} ${d}, ${y}`;
}

/** "Monday, March 2, 2026". */
export function formatDateLong(date: string): string {
  const { y, m, d } = parts(date);
  return `${WEEKDAY_NAMES[weekday(date)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

/** "Mar 2" */
export function formatDateShort(date: string): string {
  const { m, d } = parts(date);
  return `${MONTH_NAMES_SHORT[m - 1]} ${d}`;
}

/** "March 2026" of a year and a 1-12 month. */
export function formatMonth(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "9:05 AM" of "09:05". */
export function formatTime(hhmm: string | null | undefined): string {
  return hhmm ? formatTime12(hhmm) : '';
}

/** "9 AM" of an hour 0-23. */
export function formatHour(hour: number): string {
  const suffix = hour >= 12 && hour < 24 ? 'PM' : 'AM';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${suffix}`;
}

/** "+12.5%" / "-3%" of a change from previous to current; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export function formatPercent(value: number, signed = false): string {
  const rounded = Math.round(value * 10) / 10;
  const text = `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
  return signed && rounded > 0 ? `+${text}` : text;
}
