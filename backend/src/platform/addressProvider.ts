import {
  ADDRESS_FALLBACK_CITY,
  ADDRESS_FALLBACK_ZIPCODE,
  isRegionKey,
  lookupZipcode,
  regionLabel,
  zipcodesOfCity,
} from '@barber/shared';
import type { Config } from '../config';

/** Where checkout's address suggestions come from (docs/design.md §9); a geocoding service can implement it. */
export interface AddressProvider {
  suggest(input: string, city: string | undefined, zipcode: string | undefined): Promise<string[]>;
}

const MAX_SUGGESTIONS = 5;
const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Dr', 'Rd'];
const KNOWN_SUFFIX =
  /\b(st|street|ave|avenue|blvd|boulevard|dr|drive|rd|road|ln|lane|ct|court|way|ter|terrace|pl|place|hwy|highway|cir|circle|pkwy|parkway|trl|trail)\.?$/i;

/** City and ZIP for a suggestion: the ZIP's own city, else the city's first ZIP, else Hollywood 33020. */
export function resolveLocality(
  city: string | undefined,
  zipcode: string | undefined,
): { city: string; zipcode: string } {
  const byZip = zipcode ? lookupZipcode(zipcode) : null;
  if (byZip) return { city: byZip.city, zipcode: byZip.zipcode };
  if (city?.trim()) {
    // Bookings carry the region key ("fort_lauderdale"); screens may pass a city name.
    const name = isRegionKey(city) ? regionLabel(city).replace(/,\s*FL$/, '') : city;
    const first = zipcodesOfCity(name)[0];
    const info = first ? lookupZipcode(first) : null;
    if (info) return { city: info.city, zipcode: info.zipcode };
  }
  return { city: ADDRESS_FALLBACK_CITY, zipcode: ADDRESS_FALLBACK_ZIPCODE };
}

/**
 * The default provider: no outside service. It completes the typed street with the resolved city,
 * state and ZIP, and offers common street suffixes while the street has none yet.
 */
export class LocalAddressProvider implements AddressProvider {
  async suggest(input: string, city?: string, zipcode?: string): Promise<string[]> {
    const street = input.split(',')[0]!.trim().replace(/\s+/g, ' ');
    if (!street) return [];
    const locality = resolveLocality(city, zipcode);
    const tail = `, ${locality.city}, FL ${locality.zipcode}`;
    const words = street.split(' ');
    const last = words[words.length - 1] ?? '';
    const streets =
      words.length >= 2 && /^[a-z]+$/i.test(last) && !KNOWN_SUFFIX.test(street)
        ? [street, ...STREET_SUFFIXES.map((suffix) => `${street} ${suffix}`)]
        : [street];
    return streets.slice(0, MAX_SUGGESTIONS).map((s) => s + tail);
  }
}

/** The provider chosen by configuration; only the local one exists so far. */
export function addressProviderFromConfig(_config: Config): AddressProvider {
  return new LocalAddressProvider();
}
