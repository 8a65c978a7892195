import { addDaysLocal, daysBetweenLocal, todayLocal, type LocalDate } from '@barber/shared';
import type { DateRange, RangeKey } from '../../../lib/dateRange';

export type { DateRange };

export const DEFAULT_RANGE: RangeKey = '30d';

function minusMonths(date: LocalDate, months: number): LocalDate {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const index = y * 12 + (m - 1) - months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  const d = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${ny}-${String(nm).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The dates of a preset range ending today (New York), both ends included. */
export function presetRange(key: Exclude<RangeKey, 'custom'>, today: LocalDate = todayLocal()): DateRange {
  switch (key) {
    case '7d':
      return { startDate: addDaysLocal(today, -6), endDate: today };
    case '30d':
      return { startDate: addDaysLocal(today, -29), endDate: today };
    case '90d':
      return { startDate: addDaysLocal(today, -89), endDate: today };
    case '12m':
      return { startDate: addDaysLocal(minusMonths(today, 12), 1), endDate: today };
  }
}

/** The period of the same length just before a range. */
export function previousRange(range: DateRange): DateRange {
  const days = daysBetweenLocal(range.startDate, range.endDate) + 1;
  const endDate = addDaysLocal(range.startDate, -1);
  return { startDate: addDaysLocal(endDate, -(days - 1)), endDate };
}

export function rangeDays(range: DateRange): number {
  return daysBetweenLocal(range.startDate, range.endDate) + 1;
}
