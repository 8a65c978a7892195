import { describe, expect, it } from 'vitest';
import { formatInstant } from './format';

describe('formatInstant', () => {
  it('says the zone in the hour the clocks go back, which happens twice: a history must not read backwards', () => {
    // November 1, 2026: 1:30 AM EDT, then an hour later 1:30 AM EST
    expect(formatInstant('2026-11-01T05:30:00Z')).toBe('Nov 1, 2026, 1:30 AM EDT');
    expect(formatInstant('2026-11-01T06:30:00Z')).toBe('Nov 1, 2026, 1:30 AM EST');
  });

  it('says no zone the rest of the time', () => {
    expect(formatInstant('2026-11-01T07:30:00Z')).toBe('Nov 1, 2026, 2:30 AM');
    expect(formatInstant('2026-03-03T19:05:00Z')).toBe('Mar 3, 2026, 2:05 PM');
    expect(formatInstant(null)).toBe('N/A');
  });
});
