import { z } from 'zod';

/**
 * Service regions (docs/spec/customer-side.md §1, §9). The key is what bookings and barber
 * listings store (`city`), the label is what screens show.
 */
export const regions = [
  { key: 'miami', label: 'Miami, FL' },
  { key: 'boca_raton', label: 'Boca Raton, FL' },
  { key: 'fort_lauderdale', label: 'Fort Lauderdale, FL' },
  { key: 'palm_beach', label: 'Palm Beach, FL' },
] as const;

export const regionKeys = ['miami', 'boca_raton', 'fort_lauderdale', 'palm_beach'] as const;
export const regionSchema = z.enum(regionKeys);
export type RegionKey = z.infer<typeof regionSchema>;

/** Default region (and the region of any unknown city). */
export const DEFAULT_REGION: RegionKey = 'miami';

export const regionLabels: Readonly<Record<RegionKey, string>> = {
  miami: 'Miami, FL',
  boca_raton: 'Boca Raton, FL',
  fort_lauderdale: 'Fort Lauderdale, FL',
  palm_beach: 'Palm Beach, FL',
};

export function isRegionKey(value: unknown): value is RegionKey {
  return typeof value === 'string' && (regionKeys as readonly string[]).includes(value);
}

/** The label of a region key; unknown keys show the default region's label. */
export function regionLabel(key: string): string {
  return isRegionKey(key) ? regionLabels[key] : regionLabels[DEFAULT_REGION];
}

/**
 * City-to-region mapping, used when a zipcode resolves to a city (docs/spec/customer-side.md §3).
 * Any other city belongs to `miami`.
 */
export const regionCities: Readonly<Record<RegionKey, readonly string[]>> = {
  miami: ['Miami', 'Miami Beach', 'Coral Gables', 'Hialeah', 'Doral', 'Kendall', 'Homestead', 'Aventura'],
  fort_lauderdale: [
    'Hollywood',
    'Fort Lauderdale',
    'Davie',
    'Plantation',
    'Sunrise',
    'Coral Springs',
    'Pembroke Pines',
  ],
  boca_raton: ['Boca Raton', 'Delray Beach', 'Boynton Beach'],
  palm_beach: ['Palm Beach', 'West Palm Beach', 'Jupiter', 'Wellington'],
};

/** Lower-cases, trims, collapses whitespace and drops a trailing ", FL" / " FL". */
export function normalizeCityName(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(,\s*|\s+)(fl|florida)$/, '')
    .trim();
}

const cityIndex: ReadonlyMap<string, { region: RegionKey; city: string }> = (() => {
  const m = new Map<string, { region: RegionKey; city: string }>();
  for (const region of regionKeys) {
    for (const city of regionCities[region]) m.set(normalizeCityName(city), { region, city });
  }
  return m;
})();

/** The service region of a city name (case-insensitive); unknown cities map to `miami`. */
export function cityToRegion(city: string): RegionKey {
  return cityIndex.get(normalizeCityName(city))?.region ?? DEFAULT_REGION;
}

/**
 * The display city stored next to the region on a booking: the canonical spelling of a
 * city of the mapping, or "Miami" for any unknown city (docs/spec/customer-side.md §3).
 */
export function displayCityOf(city: string): string {
  return cityIndex.get(normalizeCityName(city))?.city ?? 'Miami';
}

/** Counties of the coverage area; the values of an availability block's serviceCounties. */
export const counties = [
  { key: 'miami_dade', label: 'Miami-Dade' },
  { key: 'broward', label: 'Broward' },
  { key: 'palm_beach', label: 'Palm Beach' },
] as const;

export const countyKeys = ['miami_dade', 'broward', 'palm_beach'] as const;
export const countySchema = z.enum(countyKeys);
export type CountyKey = z.infer<typeof countySchema>;

export const countyLabels: Readonly<Record<CountyKey, string>> = {
  miami_dade: 'Miami-Dade',
  broward: 'Broward',
  palm_beach: 'Palm Beach',
};

export function isCountyKey(value: unknown): value is CountyKey {
  return typeof value === 'string' && (countyKeys as readonly string[]).includes(value);
}

export function countyLabel(key: CountyKey): string {
  return countyLabels[key];
}

/**
 * The region a county mostly belongs to. Not from the specification (which maps cities,
 * not counties); useful as a hint, e.g. to pre-select a region filter from a county.
 */
export const countyDefaultRegion: Readonly<Record<CountyKey, RegionKey>> = {
  miami_dade: 'miami',
  broward: 'fort_lauderdale',
  palm_beach: 'palm_beach',
};
