import { describe, it, expect } from 'vitest';
import { cityToRegion, countyKeys, regionCities, type CountyKey } from './regions';
import {
  allZipcodes,
  citiesOfCounty,
  isValidZipcode,
  lookupZipcode,
  serviceAreaZipcodeSchema,
  zipcodeOverrides,
  zipcodeRows,
  zipcodeSchema,
  zipcodesOfCity,
  zipcodesOfCounty,
} from './zipcodes';

const specCities = Object.values(regionCities).flat();

describe('zipcode table', () => {
  it('has at least 100 rows of well-formed ZIPs', () => {
    expect(zipcodeRows.length).toBeGreaterThanOrEqual(100);
    for (const r of zipcodeRows) {
      expect(r.from).toMatch(/^\d{5}$/);
      if (r.to !== undefined) {
        expect(r.to).toMatch(/^\d{5}$/);
        expect(r.to > r.from).toBe(true);
      }
      expect(countyKeys).toContain(r.county);
      // South Florida ZIPs: 330xx-334xx
      expect(r.from >= '33001' && (r.to ?? r.from) <= '33499').toBe(true);
    }
    expect(allZipcodes().length).toBeGreaterThan(zipcodeRows.length);
  });

  it('covers every city of the city-to-region mapping, each with its region', () => {
    for (const city of specCities) {
      const zips = zipcodesOfCity(city);
      expect(zips.length, city).toBeGreaterThan(0);
      for (const z of zips) {
        const info = lookupZipcode(z);
        expect(info?.city).toBe(city);
        expect(info?.region).toBe(cityToRegion(city));
      }
    }
  });

  it('puts each spec city in the expected county', () => {
    const county = (city: string) => new Set(zipcodesOfCity(city).map((z) => lookupZipcode(z)?.county));
    for (const c of regionCities.miami) expect([...county(c)], c).toEqual(['miami_dade']);
    for (const c of regionCities.fort_lauderdale) expect([...county(c)], c).toEqual(['broward']);
    for (const c of [...regionCities.boca_raton, ...regionCities.palm_beach]) {
      expect([...county(c)], c).toEqual(['palm_beach']);
    }
  });
});

describe('lookupZipcode', () => {
  it.each([
    ['33020', 'Hollywood', 'broward', 'fort_lauderdale'],
    ['33139', 'Miami Beach', 'miami_dade', 'miami'],
    ['33431', 'Boca Raton', 'palm_beach', 'boca_raton'],
    ['33480', 'Palm Beach', 'palm_beach', 'palm_beach'],
    ['33130', 'Miami', 'miami_dade', 'miami'],
    ['33012', 'Hialeah', 'miami_dade', 'miami'],
    ['33178', 'Doral', 'miami_dade', 'miami'],
    ['33180', 'Aventura', 'miami_dade', 'miami'],
    ['33301', 'Fort Lauderdale', 'broward', 'fort_lauderdale'],
    ['33314', 'Davie', 'broward', 'fort_lauderdale'],
    ['33065', 'Coral Springs', 'broward', 'fort_lauderdale'],
    ['33028', 'Pembroke Pines', 'broward', 'fort_lauderdale'],
    ['33444', 'Delray Beach', 'palm_beach', 'boca_raton'],
    ['33436', 'Boynton Beach', 'palm_beach', 'boca_raton'],
    ['33401', 'West Palm Beach', 'palm_beach', 'palm_beach'],
    ['33458', 'Jupiter', 'palm_beach', 'palm_beach'],
    ['33414', 'Wellington', 'palm_beach', 'palm_beach'],
  ])('%s -> %s, %s, %s', (zipcode, city, county, region) => {
    expect(lookupZipcode(zipcode)).toEqual({ zipcode, city, county, region });
  });

  it('resolves ZIPs inside a range', () => {
    expect(lookupZipcode('33016')?.city).toBe('Hialeah'); // 33010-33018
    expect(lookupZipcode('33433')?.city).toBe('Boca Raton'); // 33431-33434
    expect(lookupZipcode('33306')?.city).toBe('Fort Lauderdale'); // 33301-33312
  });

  it('applies overrides inside a range, keeping the county', () => {
    expect(lookupZipcode('33134')).toEqual({
      zipcode: '33134',
      city: 'Coral Gables',
      county: 'miami_dade',
      region: 'miami',
    });
    expect(lookupZipcode('33133')?.city).toBe('Miami'); // neighbour in the same range
    expect(lookupZipcode('33183')?.city).toBe('Kendall');
    expect(lookupZipcode('33182')?.city).toBe('Miami');
    expect(lookupZipcode('33034')).toMatchObject({ city: 'Florida City', county: 'miami_dade' });
    for (const o of zipcodeOverrides) {
      const inRange = zipcodeRows.find((r) => r.to !== undefined && r.from <= o.zipcode && o.zipcode <= r.to);
      expect(inRange, o.zipcode).toBeDefined();
      expect(inRange?.city).not.toBe(o.city);
      expect(lookupZipcode(o.zipcode)?.city).toBe(o.city);
      expect(lookupZipcode(o.zipcode)?.county).toBe(inRange?.county);
    }
  });

  it('maps cities outside the spec mapping to miami (unknown city rule)', () => {
    expect(lookupZipcode('33027')).toMatchObject({ city: 'Miramar', county: 'broward', region: 'miami' });
    expect(lookupZipcode('33460')).toMatchObject({ city: 'Lake Worth', county: 'palm_beach', region: 'miami' });
  });

  it('accepts surrounding spaces and ZIP+4', () => {
    expect(lookupZipcode(' 33139 ')?.city).toBe('Miami Beach');
    expect(lookupZipcode('33139-1234')?.city).toBe('Miami Beach');
  });

  it('returns null for malformed or out-of-area ZIPs', () => {
    for (const z of ['', '3313', '331390', 'abcde', '33 139', '10001', '32801', '33188', '33499x', '00000']) {
      expect(lookupZipcode(z), z).toBeNull();
      expect(isValidZipcode(z), z).toBe(false);
    }
    expect(isValidZipcode('33020')).toBe(true);
  });

  it('returns a copy that callers cannot corrupt', () => {
    const a = lookupZipcode('33020');
    if (a) a.city = 'Nowhere';
    expect(lookupZipcode('33020')?.city).toBe('Hollywood');
  });
});

describe('county lists', () => {
  it('lists every ZIP of each county once, sorted, ranges expanded', () => {
    const seen = new Set<string>();
    for (const county of countyKeys) {
      const zips = zipcodesOfCounty(county);
      expect(zips).toEqual([...zips].sort());
      for (const z of zips) {
        expect(seen.has(z)).toBe(false);
        seen.add(z);
        expect(lookupZipcode(z)?.county).toBe(county);
      }
    }
    expect(seen.size).toBe(allZipcodes().length);
    const md = zipcodesOfCounty('miami_dade');
    for (const z of ['33010', '33011', '33017', '33018', '33125', '33137', '33138']) expect(md).toContain(z);
    expect(zipcodesOfCounty('broward')).toContain('33020');
    expect(zipcodesOfCounty('palm_beach')).toContain('33498');
    expect(zipcodesOfCounty('broward')).not.toContain('33139');
  });

  it('derives the cities of each county, including overridden cities', () => {
    // Each county's cities of the specification, then cities that only an override names.
    const expectCities: Record<CountyKey, [string, string]> = {
      miami_dade: [
        'Miami, Miami Beach, Coral Gables, Hialeah, Doral, Kendall, Homestead, Aventura',
        'Florida City, South Miami',
      ],
      broward: [
        'Hollywood, Fort Lauderdale, Davie, Plantation, Sunrise, Coral Springs, Pembroke Pines',
        'Oakland Park',
      ],
      palm_beach: [
        'Boca Raton, Delray Beach, Boynton Beach, Palm Beach, West Palm Beach, Jupiter, Wellington',
        'Lantana, Greenacres',
      ],
    };
    for (const county of countyKeys) {
      const cities = citiesOfCounty(county);
      expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, 'en')));
      expect(new Set(cities).size).toBe(cities.length);
      for (const c of expectCities[county].join(', ').split(', ')) expect(cities, `${county} ${c}`).toContain(c);
    }
    expect(citiesOfCounty('broward')).not.toContain('Miami');
    expect(citiesOfCounty('miami_dade')).not.toContain('Boca Raton');
  });

  it('returns fresh arrays', () => {
    zipcodesOfCounty('broward').length = 0;
    citiesOfCounty('broward').length = 0;
    expect(zipcodesOfCounty('broward').length).toBeGreaterThan(0);
    expect(citiesOfCounty('broward').length).toBeGreaterThan(0);
  });
});

describe('zipcodeSchema', () => {
  it('accepts exactly five digits', () => {
    expect(zipcodeSchema.parse('33020')).toBe('33020');
    expect(zipcodeSchema.parse(' 10001 ')).toBe('10001'); // format only; not an area check
  });

  it('rejects anything else with the specification message', () => {
    for (const z of ['', '3302', '330201', '3302a', '33020-1234']) {
      const r = zipcodeSchema.safeParse(z);
      expect(r.success, z).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.message).toBe('Please enter a valid 5-digit zipcode');
    }
    expect(zipcodeSchema.safeParse(33020).success).toBe(false);
  });

  it('serviceAreaZipcodeSchema also requires the ZIP to be in the table', () => {
    expect(serviceAreaZipcodeSchema.parse('33480')).toBe('33480');
    const r = serviceAreaZipcodeSchema.safeParse('10001');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0]?.message).toBe('This zipcode is not in our service area');
  });
});
