import { describe, expect, it } from 'vitest';
import { LocalAddressProvider, resolveLocality } from './addressProvider';

describe('resolveLocality', () => {
  it.each([
    [undefined, '33139', { city: 'Miami Beach', zipcode: '33139' }],
    ['miami', '33020', { city: 'Hollywood', zipcode: '33020' }],
    [undefined, undefined, { city: 'Hollywood', zipcode: '33020' }],
    ['Nowhere', '99999', { city: 'Hollywood', zipcode: '33020' }],
  ])('city %s, ZIP %s', (city, zip, expected) => {
    expect(resolveLocality(city, zip)).toEqual(expected);
  });

  it('takes the first ZIP of a city name or a region key when the ZIP is missing', () => {
    expect(resolveLocality('Boca Raton', undefined).city).toBe('Boca Raton');
    expect(resolveLocality('fort_lauderdale', '').city).toBe('Fort Lauderdale');
  });
});

describe('LocalAddressProvider', () => {
  const provider = new LocalAddressProvider();

  it('completes a full street with city, state and ZIP', async () => {
    expect(await provider.suggest('123 Main St', undefined, '33020')).toEqual(['123 Main St, Hollywood, FL 33020']);
  });

  it('offers street suffixes while the street has none, at most five', async () => {
    const s = await provider.suggest('  123   Main ', 'miami', '33139');
    expect(s).toHaveLength(5);
    expect(s[0]).toBe('123 Main, Miami Beach, FL 33139');
    expect(s).toContain('123 Main St, Miami Beach, FL 33139');
  });

  it('keeps only the street of an input that already has a city', async () => {
    expect(await provider.suggest('9 Ocean Dr, Somewhere', undefined, undefined)).toEqual([
      '9 Ocean Dr, Hollywood, FL 33020',
    ]);
  });
});
