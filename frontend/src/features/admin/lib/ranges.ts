import { ADMIN_RANGE_MAX_DAYS, addDaysLocal, daysBetweenLocal, isLocalDate, todayLocal } from '@barber/shared';
import type { DateRange, RangeKey } from '../../../lib/dateRange';

export type { DateRange };

const PRESET_DAYS: Record<Exclude<RangeKey, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 };

/** A preset range ending today (New York), both ends included. */
export function presetRange(key: Exclude<RangeKey, 'custom'>, today = todayLocal()): DateRange {
  return { startDate: addDaysLocal(today, -(PRESET_DAYS[key] - 1)), endDate: today };
}

/** Why a custom range cannot be asked for (the server refuses the same), or null. */
export function customRangeError(range: DateRange): string | null {
  if (!isLocalDate(range.startDate) || !isLocalDate(range.endDate)) return 'Choose a start and an end date.';
  if (range.startDate > range.endDate) return 'The start date must not be after the end date.';
  if (daysBetweenLocal(range.startDate, range.endDate) + 1 > ADMIN_RANGE_MAX_DAYS)
    return 'The range must not be longer than a year.';
  return null;
}
