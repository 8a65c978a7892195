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
