import { initials } from '../initials';
import {
  addDaysLocal,
  formatTime12,
  MONTH_NAMES,
  MONTH_NAMES_SHORT,
  toLocalDateTime,
  todayLocal,
  WEEKDAY_NAMES,
  WEEKDAY_NAMES_SHORT,
} from '@barber/shared';

/**
 * Display helpers shared by the customer screens. Money in API answers is a numeric string
 * ("35.00"); dates are New York calendar dates (yyyy-MM-dd) and times HH:mm (docs/design.md §9).
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "35.00" -> "$35.00", 1234.5 -> "$1,234.50"; "$0.00" for undefined, null or non-numbers. */
export function formatMoney(amount: string | number | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return usd.format(n !== undefined && n !== null && Number.isFinite(n) ? n : 0);
}

/** "14:00" -> "2:00 PM", "09:30" -> "9:30 AM" (the one 12-hour clock, from shared). */
export { formatTime12 };

function parts(date: string): { y: number; m: number; d: number; dow: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { y, m, d, dow };
}

/** "2026-11-22" -> "Sun, Nov 22, 2026" (short) or "Sunday, November 22, 2026" (long). */
export function formatLocalDate(date: string, style: 'short' | 'long' | 'medium' = 'short'): string {
  const p = parts(date);
  if (!p) return date;
  if (style === 'long') return `${WEEKDAY_NAMES[p.dow]}, ${MONTH_NAMES[p.m - 1]} ${p.d}, ${p.y}`;
  if (style === 'medium') return `${MONTH_NAMES_SHORT[p.m - 1]} ${p.d}, ${p.y}`;
  return `${WEEKDAY_NAMES_SHORT[p.dow]}, ${MONTH_NAMES_SHORT[p.m - 1]} ${p.d}, ${p.y}`;
}

/** The calendar date part of a yyyy-MM-dd date, or the New York date of an ISO instant. */
export function datePart(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = new Date(value);
  return Number.isFinite(instant.getTime()) ? toLocalDateTime(instant).date : value.slice(0, 10);
}

/** "Today", "Tomorrow" or "Mon, Nov 23" for a New York date. */
function relativeDayLabel(date: string, today: string = todayLocal()): string {
  if (date === today) return 'Today';
  if (date === addDaysLocal(today, 1)) return 'Tomorrow';
  const p = parts(date);
  return p ? `${WEEKDAY_NAMES_SHORT[p.dow]}, ${MONTH_NAMES_SHORT[p.m - 1]} ${p.d}` : date;
}

/**
 * The barber card's availability text from the real next free slot (docs/design.md §9):
 * "Next Available: Today, 2:00 PM", "Next Available: Tomorrow, 10:00 AM", "Next Available: Mon, Nov 23, 9:00 AM".
 */
export function nextAvailableText(
  next: { date: string; startTime: string } | null | undefined,
  today?: string,
): string {
  if (!next) return 'No availability in the next 30 days';
  return `Next Available: ${relativeDayLabel(next.date, today)}, ${formatTime12(next.startTime)}`;
}

/** Initials from the first letter of each word of a name ("Marcus Rivera" -> "MR"), at most 3. */
export function nameInitials(name: string): string {
  return initials(name, 3);
}

/**
 * A rating numeric string ("4.85") to one decimal, half up ("4.9"). toFixed alone rounds the binary float, in
 * which 4.85 is 4.8499…: "4.8".
 */
export function formatRating(rating: string | number | null | undefined): string {
  const n = typeof rating === 'string' ? Number(rating) : rating;
  const value = n !== undefined && n !== null && Number.isFinite(n) ? n : 0;
  return (Math.round(value * 10 + 1e-9) / 10).toFixed(1);
}

/** "miami" -> "Miami", "fort_lauderdale" -> "Fort Lauderdale". */
export function capitalizeKey(key: string): string {
  return key
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** "5 reviews", "1 review". */
export function pluralize(count: number, word: string, plural = `${word}s`): string {
  return `${count} ${count === 1 ? word : plural}`;
}
