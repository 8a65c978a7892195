import { describe, it, expect } from 'vitest';
import {
  cityToRegion,
  counties,
  countyKeys,
  countyLabels,
  countySchema,
  DEFAULT_REGION,
  displayCityOf,
  isCountyKey,
  isRegionKey,
  regionCities,
  regionKeys,
  regionLabel,
  regionLabels,
  regions,
  regionSchema,
  type RegionKey,
} from './regions';

/** The cities of each region as the specification lists them, in its order. */
const specLists: Record<RegionKey, string> = {
  miami: 'Miami, Miami Beach, Coral Gables, Hialeah, Doral, Kendall, Homestead, Aventura',
  fort_lauderdale: 'Hollywood, Fort Lauderdale, Davie, Plantation, Sunrise, Coral Springs, Pembroke Pines',
  boca_raton: 'Boca Raton, Delray Beach, Boynton Beach',
  palm_beach: 'Palm Beach, West Palm Beach, Jupiter, Wellington',
};
const specMapping = Object.fromEntries(
  Object.entries(specLists).map(([region, list]) => [region, list.split(', ')]),
) as Record<RegionKey, string[]>;

describe('regions', () => {
  it('has the four keys and labels of the specification, in order', () => {
    expect(regions.map((r) => [r.key, r.label])).toEqual([
      ['miami', 'Miami, FL'],
      ['boca_raton', 'Boca Raton, FL'],
      ['fort_lauderdale', 'Fort Lauderdale, FL'],
      ['palm_beach', 'Palm Beach, FL'],
    ]);
    expect([...regionKeys]).toEqual(regions.map((r) => r.key));
    for (const r of regions) expect(regionLabels[r.key]).toBe(r.label);
    expect(DEFAULT_REGION).toBe('miami');
  });

  it('regionSchema accepts the keys only', () => {
    for (const k of regionKeys) expect(regionSchema.parse(k)).toBe(k);
    expect(regionSchema.safeParse('tampa').success).toBe(false);
    expect(regionSchema.safeParse('Miami').success).toBe(false);
    expect(isRegionKey('boca_raton')).toBe(true);
    expect(isRegionKey('boca')).toBe(false);
    expect(isRegionKey(3)).toBe(false);
  });

  it('regionLabel falls back to the default region', () => {
    expect(regionLabel('palm_beach')).toBe('Palm Beach, FL');
    expect(regionLabel('nowhere')).toBe('Miami, FL');
  });
});

describe('cityToRegion', () => {
  it('maps every city of the specification to its region', () => {
    for (const [region, cities] of Object.entries(specMapping)) {
      for (const city of cities) expect(cityToRegion(city), city).toBe(region);
    }
    expect(regionCities).toEqual(specMapping);
  });

  it('is case-insensitive and tolerant of spacing and a state suffix', () => {
    const written = ['BOCA RATON', '  west   palm beach ', 'fort lauderdale', 'Jupiter, FL', 'Delray Beach FL'];
    expect(written.map((city) => cityToRegion(city))).toEqual([
      'boca_raton',
      'palm_beach',
      'fort_lauderdale',
      'palm_beach',
      'boca_raton',
    ]);
  });

  it('maps unknown cities to miami', () => {
    expect(cityToRegion('Orlando')).toBe('miami');
    expect(cityToRegion('Miramar')).toBe('miami');
    expect(cityToRegion('')).toBe('miami');
  });

  it('gives the display city: canonical spelling, or Miami when unknown', () => {
    expect(displayCityOf('coral gables')).toBe('Coral Gables');
    expect(displayCityOf('Tampa')).toBe('Miami');
  });
});

describe('counties', () => {
  it('has the three county keys and labels', () => {
    expect(counties.map((c) => `${c.key}: ${c.label}`)).toEqual([
      'miami_dade: Miami-Dade',
      'broward: Broward',
      'palm_beach: Palm Beach',
    ]);
    expect([...countyKeys]).toEqual(['miami_dade', 'broward', 'palm_beach']);
    expect(countyLabels.miami_dade).toBe('Miami-Dade');
  });

  it('countySchema accepts the keys only', () => {
    expect(countySchema.parse('broward')).toBe('broward');
    expect(countySchema.safeParse('Broward').success).toBe(false);
    expect(countySchema.safeParse('orange').success).toBe(false);
    expect(isCountyKey('palm_beach')).toBe(true);
    expect(isCountyKey('miami')).toBe(false);
  });
});
