import { describe, expect, it } from 'vitest';
import { formatRating } from './format';

describe('formatRating', () => {
  it('shows one decimal, half up, as the specification asks (not the binary float toFixed rounds)', () => {
    expect(['4.85', '4.35', '4.05', '1.15', '3.80', '4.25', '0.00', 5].map(formatRating)).toEqual([
      '4.9',
      '4.4',
      '4.1',
      '1.2',
      '3.8',
      '4.3',
      '0.0',
      '5.0',
    ]);
    expect([null, undefined, 'abc'].map(formatRating)).toEqual(['0.0', '0.0', '0.0']);
  });
});
