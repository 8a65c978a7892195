import type { DateRange, RangeKey } from '../../../lib/dateRange';

export type { DateRange };

export const DEFAULT_RANGE: RangeKey = '30d';
