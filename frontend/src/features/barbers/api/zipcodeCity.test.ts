import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchZipcodeCity, zipcodeHint } from './barber';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the booking widget zipcode location', () => {
  it('shows no location for a zipcode outside the service area (10001), but says it is not served', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 'NOT_FOUND', message: 'This zipcode is not in our service area.' }));
    const city = await fetchZipcodeCity('10001');
    expect(city).toBeNull();
    expect(zipcodeHint(true, city)).not.toContain('Location:');
    expect(zipcodeHint(true, city)).toBe('This zipcode is not in our service area.');
  });

  it("shows the served zipcode's city", async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { zipcode: '33401', city: 'palm_beach', displayCity: 'West Palm Beach', county: 'Palm Beach' }),
    );
    const city = await fetchZipcodeCity('33401');
    expect(zipcodeHint(true, city)).toBe('Location: West Palm Beach, FL');
  });

  it('falls back silently to Miami when the look-up itself fails (docs/spec/customer-side.md §7), and says nothing before 5 digits', async () => {
    vi.stubGlobal('fetch', answer(500, { message: 'down' }));
    expect(zipcodeHint(true, await fetchZipcodeCity('33139'))).toBe('Location: Miami, FL');
    expect(zipcodeHint(false, undefined)).toBe('Where should the barber come to?');
  });
});
