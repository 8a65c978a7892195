import { formatHHmm, lookupZipcode, toInstant, type ZipcodeInfo } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import type { AvailabilityBlock, HeldRange } from '../bookings/slotRules';
import { availableSlots, citiesServedOn, nextAvailableSlot, servesZipcode, slotIsFree, type SlotQuery } from './slots';
import { blockHours } from './testData';

function zip(code: string): ZipcodeInfo {
  const info = lookupZipcode(code);
  if (!info) throw new Error(`test zipcode ${code} is not in the table`);
  return info;
}
const MIAMI = zip('33130');
const MIAMI_BEACH = zip('33139');
const FORT_LAUDERDALE = zip('33301');

// Sunday 2026-03-01, 07:00 EST.
const NOW = new Date('2026-03-01T12:00:00Z');
const MONDAY = '2026-03-02';

let nextId = 1;
function block(over: Partial<AvailabilityBlock> = {}): AvailabilityBlock {
  return {
    id: nextId++,
    barberId: 1,
    dayOfWeek: 1,
    ...blockHours,
    endTime: '12:00',
    ...over,
  };
}

function held(date: string, from: string, to: string): HeldRange {
  return { from: toInstant(date, from), to: toInstant(date, to) };
}

function query(over: Partial<SlotQuery> = {}): SlotQuery {
  return {
    date: MONDAY,
    durationMinutes: 60,
    blocks: [block()],
    held: [],
    now: NOW,
    zip: MIAMI,
    blacklistedZipcodes: [],
    ...over,
  };
}

describe('availableSlots', () => {
  it('offers the 30-minute grid where [start, start + duration) fits the block', () => {
    expect(availableSlots(query())).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(availableSlots(query({ durationMinutes: 45 }))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(availableSlots(query({ durationMinutes: 180 }))).toEqual(['09:00']);
    expect(availableSlots(query({ durationMinutes: 181 }))).toEqual([]);
  });

  it('runs a slot across blocks serving the zipcode that touch, not across a gap or another area', () => {
    const morning = block({ startTime: '09:00', endTime: '12:00', travelBuffer: 0 });
    const afternoon = (over: Partial<AvailabilityBlock> = {}) =>
      block({ startTime: '12:00', endTime: '14:00', travelBuffer: 30, ...over });
    const grid = (blocks: AvailabilityBlock[], over: Partial<SlotQuery> = {}) =>
      availableSlots(query({ blocks, durationMinutes: 90, ...over }));
    const across = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    expect(grid([morning, afternoon()])).toEqual(across);
    expect(grid([afternoon(), morning])).toEqual(across);
    expect(grid([morning, afternoon({ startTime: '12:30' })])).toEqual(['09:00', '09:30', '10:00', '10:30', '12:30']);
    expect(grid([morning, afternoon({ serviceCounties: ['broward'] })])).toEqual(['09:00', '09:30', '10:00', '10:30']);
    // the block it ends in gives the travel buffer: 11:30-13:00 and 30 minutes run into a booking at 13:00
    const at1300 = [held(MONDAY, '13:00', '13:30')];
    expect(grid([morning, afternoon()], { held: at1300 })).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    for (const time of across)
      expect(slotIsFree(query({ blocks: [morning, afternoon()], durationMinutes: 90 }), time)).toBe(true);
  });

  it('keeps to the day grid when a block starts off it', () => {
    expect(availableSlots(query({ blocks: [block({ startTime: '09:15' })] }))).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
    ]);
  });

  it('uses only active blocks of the weekday', () => {
    expect(availableSlots(query({ blocks: [block({ isActive: false })] }))).toEqual([]);
    expect(availableSlots(query({ blocks: [block({ dayOfWeek: 2 })] }))).toEqual([]);
    expect(availableSlots(query({ date: '2026-03-03', blocks: [block({ dayOfWeek: 2 })] }))).toHaveLength(5);
  });

  it('merges the blocks of the day', () => {
    const blocks = [block({ startTime: '09:00', endTime: '10:00' }), block({ startTime: '14:00', endTime: '15:00' })];
    expect(availableSlots(query({ blocks }))).toEqual(['09:00', '14:00']);
  });

  it('serves only the counties and cities of the block', () => {
    expect(availableSlots(query({ zip: FORT_LAUDERDALE }))).toEqual([]);
    const beachOnly = [block({ serviceCities: ['Miami Beach'] })];
    expect(availableSlots(query({ blocks: beachOnly, zip: MIAMI }))).toEqual([]);
    expect(availableSlots(query({ blocks: beachOnly, zip: MIAMI_BEACH }))).toHaveLength(5);
    // no zipcode: the listing's next free slot looks at any area
    expect(availableSlots(query({ zip: null }))).toHaveLength(5);
  });

  it('offers nothing on a zipcode the barber blacklisted', () => {
    expect(availableSlots(query({ blacklistedZipcodes: ['33130'] }))).toEqual([]);
    expect(availableSlots(query({ blacklistedZipcodes: ['33131'] }))).toHaveLength(5);
  });

  it('keeps the travel buffer clear of existing bookings on both sides', () => {
    // an existing booking 12:00-13:00 holds its own 30-minute buffer: during = [12:00, 13:30)
    const q = query({ blocks: [block({ endTime: '17:00' })], held: [held(MONDAY, '12:00', '13:30')] });
    expect(availableSlots(q)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    // without a buffer on the block, 11:00-12:00 ends just as the booking starts
    const noBuffer = { ...q, blocks: [block({ endTime: '17:00', travelBuffer: 0 })] };
    expect(availableSlots(noBuffer)).toContain('11:00');
    expect(availableSlots(noBuffer)).not.toContain('11:30');
  });

  it('offers today only the slots later than now (New York time)', () => {
    const now = new Date('2026-03-02T15:10:00Z'); // 10:10 EST
    expect(availableSlots(query({ now, durationMinutes: 30 }))).toEqual(['10:30', '11:00', '11:30']);
    const onTheDot = new Date('2026-03-02T15:00:00Z'); // 10:00 EST
    expect(availableSlots(query({ now: onTheDot, durationMinutes: 30 }))[0]).toBe('10:30');
  });

  it('offers dates from today to 30 days ahead only', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => block({ dayOfWeek: d }));
    expect(availableSlots(query({ blocks: everyDay, date: '2026-03-31' }))).toHaveLength(5); // today + 30
    expect(availableSlots(query({ blocks: everyDay, date: '2026-04-01' }))).toEqual([]); // today + 31
    expect(availableSlots(query({ blocks: everyDay, date: '2026-02-28' }))).toEqual([]); // yesterday
  });

  it('never runs a service past midnight', () => {
    const late = [block({ startTime: '22:00', endTime: '23:59' })];
    expect(availableSlots(query({ blocks: late, durationMinutes: 60 }))).toEqual(['22:00', '22:30']);
  });

  describe('daylight-saving days (wall-clock block hours, as bookings are checked)', () => {
    const sunday = (over: Partial<AvailabilityBlock>) => block({ dayOfWeek: 0, startTime: '00:00', ...over });

    it('never offers the wall times skipped on the spring-forward day', () => {
      // 2026-03-08: 02:00 EST jumps to 03:00 EDT
      const q = query({ date: '2026-03-08', blocks: [sunday({ endTime: '06:00' })] });
      expect(availableSlots(q)).toEqual([
        '00:00',
        '00:30',
        '01:00',
        '01:30',
        '03:00',
        '03:30',
        '04:00',
        '04:30',
        '05:00',
      ]);
      // a booking 03:00-04:00 EDT (07:00Z-08:00Z): 01:00-02:00 ends at 07:00Z and is free; 01:30-02:30
      // ends at 02:30, a wall time that does not exist and reads as 03:30 EDT, so it overlaps
      const withBooking = {
        ...q,
        held: [{ from: new Date('2026-03-08T07:00:00Z'), to: new Date('2026-03-08T08:00:00Z') }],
      };
      expect(availableSlots({ ...withBooking, blocks: [sunday({ endTime: '06:00', travelBuffer: 0 })] })).toEqual([
        '00:00',
        '00:30',
        '01:00',
        '04:00',
        '04:30',
        '05:00',
      ]);
    });

    it('holds a service across the spring-forward change for its real length, as the booking rule does', () => {
      // a booking 03:00-04:00 EDT (07:00Z-08:00Z); 90 minutes from 01:30 EST (06:30Z) end at 08:00Z, not at the
      // wall clock's 03:00 (07:00Z): they overlap
      const q = {
        ...query({ date: '2026-03-08', blocks: [sunday({ endTime: '06:00', travelBuffer: 0 })], durationMinutes: 90 }),
        held: [{ from: new Date('2026-03-08T07:00:00Z'), to: new Date('2026-03-08T08:00:00Z') }],
      };
      expect(availableSlots(q)).toEqual(['00:00', '00:30', '04:00', '04:30']);
      for (const time of ['01:00', '01:30', '04:00'])
        expect(slotIsFree(q, time), time).toBe(availableSlots(q).includes(time));
    });

    it('offers the repeated hour once on the fall-back day and holds the whole wall range', () => {
      const now = new Date('2026-10-25T12:00:00Z');
      // 2026-11-01: 02:00 EDT falls back to 01:00 EST
      const q = query({ now, date: '2026-11-01', blocks: [sunday({ endTime: '03:00', travelBuffer: 0 })] });
      expect(availableSlots(q)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00']);
      // a booking in the second 01:30 (EST, 06:30Z-07:30Z): 01:00-02:00 wall runs 05:00Z-07:00Z and overlaps it
      const second = { from: new Date('2026-11-01T06:30:00Z'), to: new Date('2026-11-01T07:30:00Z') };
      expect(availableSlots({ ...q, held: [second] })).toEqual(['00:00', '00:30']);
    });
  });
});

describe('slotIsFree', () => {
  it('checks one start time with the booking rules', () => {
    expect(slotIsFree(query(), '10:00')).toBe(true);
    expect(slotIsFree(query(), '11:30')).toBe(false); // runs past the block
    expect(slotIsFree(query({ held: [held(MONDAY, '10:30', '11:00')] }), '10:00')).toBe(false);
    expect(slotIsFree(query({ now: new Date('2026-03-02T16:00:00Z') }), '10:00')).toBe(false);
  });
});

describe('availableSlots agrees with slotIsFree (the booking rule) on every grid time', () => {
  // a small deterministic generator, so a failure names a reproducible case
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(seed / 65_536) % n; // the low bits of this generator cycle quickly
  };
  const grid = Array.from({ length: 48 }, (_, i) => formatHHmm(i * 30));
  // today (12:20 EST), ordinary days, the spring-forward day, and the fall-back day
  const cases: [string, string][] = [
    ['2026-03-01', '2026-03-01T17:20:00Z'],
    ['2026-03-02', '2026-03-01T17:20:00Z'],
    ['2026-03-08', '2026-03-01T17:20:00Z'],
    ['2026-03-29', '2026-03-01T17:20:00Z'],
    ['2026-11-01', '2026-10-20T12:00:00Z'],
  ];

  it.each(cases)('on %s', (date, nowIso) => {
    const now = new Date(nowIso);
    let offered = 0;
    for (let round = 0; round < 40; round++) {
      const blocks = Array.from({ length: 1 + rand(3) }, () => {
        const start = rand(40) * 15;
        return block({
          dayOfWeek: rand(2) ? new Date(`${date}T12:00:00Z`).getUTCDay() : rand(7),
          startTime: formatHHmm(start),
          endTime: formatHHmm(Math.min(start + 30 + rand(48) * 15, 1439)),
          serviceCounties: rand(4) ? ['miami_dade'] : ['broward'],
          serviceCities: rand(3) ? [] : ['Miami Beach'],
          travelBuffer: rand(9) * 15,
          isActive: rand(6) > 0,
        });
      });
      const held = Array.from({ length: rand(4) }, () => {
        const from = toInstant(date, formatHHmm(rand(96) * 15)).getTime();
        return { from: new Date(from), to: new Date(from + (15 + rand(16) * 15) * 60_000) };
      });
      const q = query({
        date,
        now,
        blocks,
        held,
        durationMinutes: 15 + rand(12) * 15,
        zip: rand(5) ? (rand(2) ? MIAMI : MIAMI_BEACH) : null,
      });
      const slots = availableSlots(q);
      expect(slots, JSON.stringify(q)).toEqual(grid.filter((time) => slotIsFree(q, time)));
      offered += slots.length;
    }
    expect(offered).toBeGreaterThan(0);
  });
});

describe('nextAvailableSlot', () => {
  it('finds the first free slot over the window, or null', () => {
    expect(nextAvailableSlot(query())).toEqual({ date: MONDAY, startTime: '09:00' });
    const fullMonday = query({ held: [held(MONDAY, '00:00', '23:59')] });
    expect(nextAvailableSlot(fullMonday)).toEqual({ date: '2026-03-09', startTime: '09:00' });
    expect(nextAvailableSlot(query({ blocks: [] }))).toBeNull();
  });
});

describe('service area helpers', () => {
  it('tells whether any block serves the zipcode, blacklist included', () => {
    expect(servesZipcode([block()], MIAMI)).toBe(true);
    expect(servesZipcode([block()], FORT_LAUDERDALE)).toBe(false);
    expect(servesZipcode([block()], MIAMI, ['33130'])).toBe(false);
    expect(servesZipcode([block({ isActive: false })], MIAMI)).toBe(false);
  });

  it('lists the cities of the day blocks serving the zipcode', () => {
    const blocks = [
      block({ serviceCities: ['Miami', 'Doral'] }),
      block({ serviceCities: ['Miami Beach'] }),
      block({ dayOfWeek: 2, serviceCities: ['Hialeah'] }),
    ];
    expect(citiesServedOn(blocks, MONDAY, MIAMI)).toEqual(['Doral', 'Miami']);
    expect(citiesServedOn(blocks, MONDAY, null)).toEqual(['Doral', 'Miami', 'Miami Beach']);
    expect(citiesServedOn([block()], MONDAY, MIAMI)).toEqual(
      expect.arrayContaining(['Hialeah', 'Miami', 'Miami Beach', 'Homestead']),
    );
  });
});
