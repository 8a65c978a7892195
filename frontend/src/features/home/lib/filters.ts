import { DEFAULT_REGION, regions, type RegionKey } from '@barber/shared';

/** Home filters (docs/spec/customer-side.md §4): city defaults to miami, category to all. */
export const HOME_CATEGORIES = [
  { value: 'all', label: 'All' },
  { value: 'haircut', label: 'Haircuts' },
  { value: 'grooming', label: 'Grooming' },
  { value: 'package', label: 'Packages' },
] as const;

export type HomeCategory = (typeof HOME_CATEGORIES)[number]['value'];

export const HOME_CITIES = regions;
export const DEFAULT_HOME_CITY: RegionKey = DEFAULT_REGION;

/** Home: the first 2 barbers are featured, the first 5 are "nearby" (docs/spec/customer-side.md §9). */
export const FEATURED_COUNT = 2;
export const NEARBY_COUNT = 5;
