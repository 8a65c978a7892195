import { ADMIN_RANGE_MAX_DAYS, daysBetweenLocal, isLocalDate } from '@barber/shared';
import type { DateRange } from '../../../lib/dateRange';

export type { DateRange };

/** Why a custom range cannot be asked for (the server refuses the same), or null. */
export function customRangeError(range: DateRange): string | null {
  if (!isLocalDate(range.startDate) || !isLocalDate(range.endDate)) return 'Choose a start and an end date.';
  if (range.startDate > range.endDate) return 'The start date must not be after the end date.';
  if (daysBetweenLocal(range.startDate, range.endDate) + 1 > ADMIN_RANGE_MAX_DAYS)
    return 'The range must not be longer than a year.';
  return null;
}
