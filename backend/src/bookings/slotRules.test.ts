import { lookupZipcode } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import * as rules from './slotRules';
import { blockHours } from '../catalog/testData';

const block = (overrides: Partial<rules.AvailabilityBlock> = {}): rules.AvailabilityBlock => ({
  id: 1,
  barberId: 5,
  dayOfWeek: 1,
  ...blockHours,
  ...overrides,
});
const miamiBeach = lookupZipcode('33139')!;
const hollywood = lookupZipcode('33020')!;
const MONDAY = '2026-03-16';

describe('slot rules', () => {
  it('a block serves the zipcodes of its counties, narrowed by its cities when it lists any', () => {
    expect(rules.blockServesZipcode(block(), miamiBeach)).toBe(true);
    expect(rules.blockServesZipcode(block(), hollywood)).toBe(false);
    expect(rules.blockServesZipcode(block({ serviceCities: ['miami beach'] }), miamiBeach)).toBe(true);
    expect(rules.blockServesZipcode(block({ serviceCities: ['Coral Gables'] }), miamiBeach)).toBe(false);
    // A city without its county is not enough.
    expect(
      rules.blockServesZipcode(block({ serviceCounties: ['broward'], serviceCities: ['Miami Beach'] }), miamiBeach),
    ).toBe(false);
  });

  it('[start, end) must lie inside the block hours', () => {
    expect(rules.fitsBlockHours(block(), '09:00', '09:30')).toBe(true);
    expect(rules.fitsBlockHours(block(), '16:30', '17:00')).toBe(true);
    expect(rules.fitsBlockHours(block(), '08:30', '09:30')).toBe(false);
    expect(rules.fitsBlockHours(block(), '16:45', '17:15')).toBe(false);
    expect(rules.fitsBlockHours(block(), '10:00', '10:00')).toBe(false);
  });

  it('finds the earliest active block of the weekday that fits, for its travel buffer', () => {
    const blocks = [
      block({ id: 3, startTime: '12:00', endTime: '18:00', travelBuffer: 15 }),
      block({ id: 2, startTime: '08:00', endTime: '13:00', travelBuffer: 45 }),
      block({ id: 4, dayOfWeek: 2 }),
      block({ id: 5, isActive: false, startTime: '06:00' }),
    ];
    const slot = { date: MONDAY, zip: miamiBeach };
    expect(rules.findFittingBlock(blocks, { ...slot, startTime: '12:00', endTime: '12:30' })?.id).toBe(2);
    expect(rules.findFittingBlock(blocks, { ...slot, startTime: '13:00', endTime: '13:30' })?.travelBuffer).toBe(15);
    expect(rules.findFittingBlock(blocks, { ...slot, startTime: '06:00', endTime: '06:30' })).toBeNull();
    expect(
      rules.findFittingBlock(blocks, { ...slot, date: '2026-03-17', startTime: '12:00', endTime: '12:30' })?.id,
    ).toBe(4);
    expect(
      rules.findFittingBlock(blocks, { ...slot, zip: hollywood, startTime: '12:00', endTime: '12:30' }),
    ).toBeNull();
  });

  it('judges the window in New York: today through 30 days, not in the past', () => {
    // 2026-03-10 15:00 EDT
    const now = new Date('2026-03-10T19:00:00Z');
    expect(rules.bookingWindowProblem('2026-03-10', '15:30', now)).toBeNull();
    expect(rules.bookingWindowProblem('2026-03-10', '15:00', now)).toMatch(/past/);
    expect(rules.bookingWindowProblem('2026-03-09', '20:00', now)).toMatch(/past/);
    expect(rules.bookingWindowProblem('2026-04-09', '09:00', now)).toBeNull();
    expect(rules.bookingWindowProblem('2026-04-10', '09:00', now)).toMatch(/30 days/);
    // 23:30 New York is already the next day in UTC: still "today" here.
    const lateEvening = new Date('2026-03-11T03:30:00Z');
    expect(rules.bookingWindowProblem('2026-03-10', '23:45', lateEvening)).toBeNull();
  });

  it('holds [start, end + buffer), and overlap is half-open', () => {
    const a = rules.heldRange(MONDAY, '10:00', '10:30', 30);
    expect(a.from.toISOString()).toBe('2026-03-16T14:00:00.000Z');
    expect(a.to.toISOString()).toBe('2026-03-16T15:00:00.000Z');
    expect(rules.rangesOverlap(a, rules.heldRange(MONDAY, '10:45', '11:15', 30))).toBe(true);
    expect(rules.rangesOverlap(a, rules.heldRange(MONDAY, '11:00', '11:30', 30))).toBe(false);
    expect(rules.isClearOf(rules.heldRange(MONDAY, '09:00', '09:30', 30), [a])).toBe(true);
    expect(rules.isClearOf(rules.heldRange(MONDAY, '09:15', '09:45', 30), [a])).toBe(false);
  });

  it('uses the offset of the day across daylight-saving changes', () => {
    // 2026-03-08: clocks go forward at 02:00 in New York.
    const r = rules.heldRange('2026-03-08', '09:00', '09:30', 0);
    expect(r.from.toISOString()).toBe('2026-03-08T13:00:00.000Z');
    const before = rules.heldRange('2026-03-07', '09:00', '09:30', 0);
    expect(before.from.toISOString()).toBe('2026-03-07T14:00:00.000Z');
    // a service across the change holds its real length: 01:30 EST + 90 minutes is 04:00 EDT, not the wall's 03:00
    const across = rules.heldRange('2026-03-08', '01:30', '03:00', 0);
    expect([across.from, across.to].map((d) => d.toISOString())).toEqual([
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T08:00:00.000Z',
    ]);
    // the fall-back night keeps the wall clock's end (02:30 EST: held an hour more); a skipped start holds nothing
    expect(rules.heldRange('2026-11-01', '00:30', '02:30', 0).to.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(rules.holdsNoTime(rules.heldRange('2026-03-08', '02:30', '03:30', 0))).toBe(true);
  });
});
