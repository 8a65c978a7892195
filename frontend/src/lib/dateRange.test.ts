import { describe, expect, it } from 'vitest';
import { presetRange } from './dateRange';

describe('the preset ranges (admin Analytics and Reports, barber Earnings)', () => {
  it('count days back for 7, 30 and 90 days, both ends included', () => {
    expect(presetRange('7d', '2026-11-25')).toEqual({ startDate: '2026-11-19', endDate: '2026-11-25' });
    expect(presetRange('30d', '2026-11-25')).toEqual({ startDate: '2026-10-27', endDate: '2026-11-25' });
    expect(presetRange('90d', '2026-11-25')).toEqual({ startDate: '2026-08-28', endDate: '2026-11-25' });
  });

  it('take the last 12 months as calendar months, a leap day included (not 365 days)', () => {
    expect(presetRange('12m', '2024-12-01')).toEqual({ startDate: '2023-12-02', endDate: '2024-12-01' });
    expect(presetRange('12m', '2028-03-01')).toEqual({ startDate: '2027-03-02', endDate: '2028-03-01' });
    expect(presetRange('12m', '2026-11-25')).toEqual({ startDate: '2025-11-26', endDate: '2026-11-25' });
  });
});
