import { addDaysLocal, todayLocal, type LocalDate } from '@barber/shared';

/** The range choices of admin Analytics and Reports and of barber Earnings. */
export type RangeKey = '7d' | '30d' | '90d' | '12m' | 'custom';

export const RANGE_OPTIONS: { value: RangeKey; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom range' },
];

/** Local dates (YYYY-MM-DD), both ends included. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

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

/**
 * The dates of a preset range ending today (New York), both ends included; the last 12 months are calendar months
 * (one screen's year is the other's: admin Analytics and Reports, barber Earnings).
 */
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
