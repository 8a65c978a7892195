import { addDaysLocal, dayOfWeekLocal, daysBetweenLocal, MONTH_NAMES, todayLocal } from '@barber/shared';

/** The booking window: today through 30 days ahead, New York dates (docs/spec/customer-side.md §2.9, §9). */
const BOOKING_WINDOW_DAYS = 30;

export function bookingWindow(today: string = todayLocal()): { first: string; last: string } {
  return { first: today, last: addDaysLocal(today, BOOKING_WINDOW_DAYS) };
}

export function isInBookingWindow(date: string, today: string = todayLocal()): boolean {
  const { first, last } = bookingWindow(today);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= first && date <= last;
}

/** "2026-11" of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The weeks of a month: dates (yyyy-MM-dd) or null for the blanks before the 1st and after the last day. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const next = `${shiftMonth(month, 1)}-01`;
  const days = daysBetweenLocal(first, next);
  const cells: (string | null)[] = Array.from({ length: dayOfWeekLocal(first) }, () => null);
  for (let i = 0; i < days; i++) cells.push(addDaysLocal(first, i));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}
