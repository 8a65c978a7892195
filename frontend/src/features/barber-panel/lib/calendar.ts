import { addDaysLocal, dayOfWeekLocal, type LocalDate } from '@barber/shared';

export interface CalendarCell {
  date: LocalDate;
  day: number;
  inMonth: boolean;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function firstOfMonth(year: number, month: number): LocalDate {
  return `${year}-${pad(month)}-01`;
}

/** The Sunday-first grid of 42 cells that shows a month (month 1-12). */
export function monthGrid(year: number, month: number): CalendarCell[] {
  const first = firstOfMonth(year, month);
  const start = addDaysLocal(first, -dayOfWeekLocal(first));
  const prefix = `${year}-${pad(month)}-`;
  return Array.from({ length: 42 }, (_, i) => {
    const date = addDaysLocal(start, i);
    return { date, day: Number(date.slice(8, 10)), inMonth: date.startsWith(prefix) };
  });
}

export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthOf(date: LocalDate): { year: number; month: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The Monday of the week of a date (week labels start Monday). */
export function mondayOf(date: LocalDate): LocalDate {
  const dow = dayOfWeekLocal(date);
  return addDaysLocal(date, dow === 0 ? -6 : 1 - dow);
}
