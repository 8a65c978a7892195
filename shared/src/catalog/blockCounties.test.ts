import { describe, expect, it, vi } from 'vitest';
import * as zipcodes from '../reference/zipcodes';
import { availabilityBlockInputSchema } from './schemas';

vi.mock('../reference/zipcodes', async (importOriginal) => {
  const real = await importOriginal<typeof zipcodes>();
  return { ...real, citiesOfCounty: vi.fn(real.citiesOfCounty) };
});

/* A block listing one county 90,000 times held the server for 4 s: each copy listed the county's cities again. */
describe("an availability block's counties", () => {
  it('are read once each, however often listed, and kept once each', () => {
    const block = availabilityBlockInputSchema.parse({
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '17:00',
      serviceCounties: Array(5_000).fill('broward').concat(['miami_dade']),
      serviceCities: ['Hollywood'],
      travelBuffer: 30,
      isActive: true,
    });
    expect(block.serviceCounties).toEqual(['broward', 'miami_dade']);
    expect(block.serviceCities).toEqual(['Hollywood']);
    expect(vi.mocked(zipcodes.citiesOfCounty)).toHaveBeenCalledTimes(2);
  });
});
