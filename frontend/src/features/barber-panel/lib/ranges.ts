import { addDaysLocal, daysBetweenLocal } from '@barber/shared';
import type { DateRange, RangeKey } from '../../../lib/dateRange';

export type { DateRange };

export const DEFAULT_RANGE: RangeKey = '30d';

/** The period of the same length just before a range. */
export function previousRange(range: DateRange): DateRange {
  const days = daysBetweenLocal(range.startDate, range.endDate) + 1;
  const endDate = addDaysLocal(range.startDate, -1);
  return { startDate: addDaysLocal(endDate, -(days - 1)), endDate };
}

export function rangeDays(range: DateRange): number {
  return daysBetweenLocal(range.startDate, range.endDate) + 1;
}
