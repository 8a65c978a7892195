import { describe, it, expect } from 'vitest';
import { format } from 'date-fns';
import {
  addDaysLocal,
  addMinutesHHmm,
  dayOfWeekLocal,
  daysBetweenLocal,
  formatHHmm,
  formatTime12,
  MONTH_NAMES,
  MONTH_NAMES_SHORT,
  hhmmSchema,
  isoDateOrDateTimeSchema,
  localDateSchema,
  minutesOfDay,
  nowLocalParts,
  TIME_ZONE,
  toInstant,
  todayLocal,
  toLocalDateTime,
  WEEKDAY_NAMES,
  WEEKDAY_NAMES_SHORT,
  zoned,
} from './time';

describe('TIME_ZONE', () => {
  it('is New York', () => {
    expect(TIME_ZONE).toBe('America/New_York');
  });
});

describe('todayLocal / nowLocalParts', () => {
  it('judges the date in New York, not UTC', () => {
    // 03:30 UTC on Jan 15 is still 22:30 on Jan 14 in New York (EST, UTC-5)
    const now = new Date('2026-01-15T03:30:00Z');
    expect(todayLocal(now)).toBe('2026-01-14');
    expect(nowLocalParts(now)).toEqual({ date: '2026-01-14', minutes: 22 * 60 + 30 });
    // in summer the offset is UTC-4
    const summer = new Date('2026-07-01T04:10:00Z');
    expect(todayLocal(summer)).toBe('2026-07-01');
    expect(nowLocalParts(summer)).toEqual({ date: '2026-07-01', minutes: 10 });
    expect(todayLocal(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
  });

  it('defaults to the current time', () => {
    expect(todayLocal()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const p = nowLocalParts();
    expect(p.minutes).toBeGreaterThanOrEqual(0);
    expect(p.minutes).toBeLessThan(1440);
  });

  it('toLocalDateTime gives the New York date and HH:mm of an instant', () => {
    expect(toLocalDateTime(new Date('2026-03-08T07:00:00Z'))).toEqual({ date: '2026-03-08', time: '03:00' });
    expect(toLocalDateTime(new Date('2026-03-08T06:59:00Z'))).toEqual({ date: '2026-03-08', time: '01:59' });
  });
});

describe('zoned', () => {
  it('formats an instant on the New York wall clock with date-fns', () => {
    expect(format(zoned(new Date('2026-07-04T16:05:00Z')), 'yyyy-MM-dd HH:mm')).toBe('2026-07-04 12:05');
    expect(format(zoned(Date.UTC(2026, 0, 1, 3, 0)), 'yyyy-MM-dd HH:mm')).toBe('2025-12-31 22:00');
  });
});

describe('toInstant', () => {
  // Spring forward on 2026-03-08 (02:00 EST -> 03:00 EDT), fall back on 2026-11-01 (02:00 EDT -> 01:00 EST).
  it.each([
    ['standard time', '2026-01-15 09:00', '2026-01-15T14:00:00.000Z'],
    ['daylight time', '2026-07-15 09:00', '2026-07-15T13:00:00.000Z'],
    ['standard time, into the next UTC year', '2026-12-31 23:59', '2027-01-01T04:59:00.000Z'],
    ['spring forward, before the gap', '2026-03-08 00:00', '2026-03-08T05:00:00.000Z'],
    ['spring forward, before the gap', '2026-03-08 01:59', '2026-03-08T06:59:00.000Z'],
    ['spring forward, after the gap', '2026-03-08 03:00', '2026-03-08T07:00:00.000Z'],
    ['spring forward, after the gap', '2026-03-08 09:00', '2026-03-08T13:00:00.000Z'],
    ['spring forward, in the gap: moved forward by it', '2026-03-08 02:00', '2026-03-08T07:00:00.000Z'],
    ['fall back, ambiguous: the first occurrence (still EDT)', '2026-11-01 01:30', '2026-11-01T05:30:00.000Z'],
    ['fall back, ambiguous: the first occurrence (still EDT)', '2026-11-01 01:00', '2026-11-01T05:00:00.000Z'],
    ['fall back, ambiguous: the first occurrence (still EDT)', '2026-11-01 01:59', '2026-11-01T05:59:00.000Z'],
    ['fall back, unambiguous before', '2026-11-01 00:59', '2026-11-01T04:59:00.000Z'],
    ['fall back, unambiguous after', '2026-11-01 02:00', '2026-11-01T07:00:00.000Z'],
    ['fall back, unambiguous after', '2026-11-01 12:00', '2026-11-01T17:00:00.000Z'],
  ])('%s: %s is %s', (_, local, iso) => {
    const [date, time] = local.split(' ');
    expect(toInstant(date!, time!).toISOString()).toBe(iso);
  });

  describe('spring forward, 2026-03-08 (02:00 EST -> 03:00 EDT)', () => {
    it('moves a non-existent time forward by the gap: 02:30 -> 03:30 EDT', () => {
      const t = toInstant('2026-03-08', '02:30');
      expect(t.toISOString()).toBe('2026-03-08T07:30:00.000Z');
      expect(t.getTime()).toBe(toInstant('2026-03-08', '03:30').getTime());
      expect(toLocalDateTime(t)).toEqual({ date: '2026-03-08', time: '03:30' });
    });

    it('round-trips every minute outside the gap', () => {
      for (let m = 0; m < 1440; m += 1) {
        if (m >= 120 && m < 180) continue;
        const t = formatHHmm(m);
        expect(toLocalDateTime(toInstant('2026-03-08', t)), t).toEqual({ date: '2026-03-08', time: t });
      }
    });

    it('the local day is 23 hours long', () => {
      const start = toInstant('2026-03-08', '00:00').getTime();
      const next = toInstant(addDaysLocal('2026-03-08', 1), '00:00').getTime();
      expect((next - start) / 3_600_000).toBe(23);
      // a 09:00-17:00 block still lasts 8 hours
      expect(
        (toInstant('2026-03-08', '17:00').getTime() - toInstant('2026-03-08', '09:00').getTime()) / 3_600_000,
      ).toBe(8);
    });
  });

  describe('fall back, 2026-11-01 (02:00 EDT -> 01:00 EST)', () => {
    it('the local day is 25 hours long', () => {
      const start = toInstant('2026-11-01', '00:00').getTime();
      const next = toInstant('2026-11-02', '00:00').getTime();
      expect((next - start) / 3_600_000).toBe(25);
    });

    it('round-trips every minute of the day (the repeated hour via its first occurrence)', () => {
      for (let m = 0; m < 1440; m += 1) {
        const t = formatHHmm(m);
        expect(toLocalDateTime(toInstant('2026-11-01', t)), t).toEqual({ date: '2026-11-01', time: t });
      }
    });

    it('judges today across the change in New York', () => {
      expect(todayLocal(new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31'); // 23:59 EDT
      expect(todayLocal(new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01'); // 00:00 EDT
      expect(nowLocalParts(new Date('2026-11-01T06:30:00Z'))).toEqual({ date: '2026-11-01', minutes: 90 }); // 01:30 EST (second)
    });
  });

  it('rejects bad input', () => {
    expect(() => toInstant('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => toInstant('2026-1-5', '09:00')).toThrow(RangeError);
    expect(() => toInstant('2026-01-05', '24:00')).toThrow(RangeError);
    expect(() => toInstant('2026-01-05', '9:00')).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('addDaysLocal crosses months, years, leap days and DST days', () => {
    expect(addDaysLocal('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDaysLocal('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysLocal('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysLocal('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysLocal('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDaysLocal('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDaysLocal('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDaysLocal('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysLocal('2026-10-20', 30)).toBe('2026-11-19');
    expect(addDaysLocal('2026-05-05', 0)).toBe('2026-05-05');
    expect(() => addDaysLocal('2026-05-05', 1.5)).toThrow(RangeError);
    expect(() => addDaysLocal('nope', 1)).toThrow(RangeError);
  });

  it('dayOfWeekLocal: 0 Sunday ... 6 Saturday', () => {
    expect(dayOfWeekLocal('2026-03-08')).toBe(0); // Sunday (DST day)
    expect(dayOfWeekLocal('2026-11-01')).toBe(0); // Sunday (DST day)
    expect(dayOfWeekLocal('2026-03-09')).toBe(1);
    expect(dayOfWeekLocal('2026-03-14')).toBe(6);
    expect(dayOfWeekLocal('1970-01-01')).toBe(4);
    expect(dayOfWeekLocal('1969-12-31')).toBe(3);
    expect(dayOfWeekLocal('2024-02-29')).toBe(4);
  });

  it('daysBetweenLocal counts calendar days', () => {
    expect(daysBetweenLocal('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetweenLocal('2026-10-31', '2026-11-02')).toBe(2);
    expect(daysBetweenLocal('2026-03-09', '2026-03-07')).toBe(-2);
    expect(daysBetweenLocal('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetweenLocal('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetweenLocal('2026-06-01', '2026-06-01')).toBe(0);
    expect(daysBetweenLocal('2026-10-20', addDaysLocal('2026-10-20', 30))).toBe(30);
  });
});

describe('HH:mm helpers', () => {
  it('minutesOfDay', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:59')).toBe(1439);
    for (const bad of ['24:00', '9:30', '09:60', '0930', '', '09:30:00']) {
      expect(() => minutesOfDay(bad), bad).toThrow(RangeError);
    }
  });

  it('formatHHmm', () => {
    expect(formatHHmm(0)).toBe('00:00');
    expect(formatHHmm(570)).toBe('09:30');
    expect(formatHHmm(1439)).toBe('23:59');
    for (const bad of [-1, 1440, 1.5, Number.NaN]) expect(() => formatHHmm(bad)).toThrow(RangeError);
  });

  it('formatTime12: the 12-hour clock of every screen and message; other text unchanged', () => {
    const written = ['00:00', '00:05', '09:30', '9:05', '11:59', '12:00', '13:30', '23:45', '14:00:00', 'soon'];
    expect(written.map(formatTime12)).toEqual([
      '12:00 AM',
      '12:05 AM',
      '9:30 AM',
      '9:05 AM',
      '11:59 AM',
      '12:00 PM',
      '1:30 PM',
      '11:45 PM',
      '2:00 PM',
      'soon',
    ]);
  });

  it('month and weekday names: January and Sunday first, as date-fns writes them', () => {
    for (let month = 1; month <= 12; month++) {
      const first = new Date(2026, month - 1, 1);
      expect(MONTH_NAMES[month - 1]).toBe(format(first, 'MMMM'));
      expect(MONTH_NAMES_SHORT[month - 1]).toBe(format(first, 'MMM'));
    }
    for (let day = 0; day < 7; day++) {
      const date = `2026-11-${String(22 + day).padStart(2, '0')}`; // Sunday 22 November 2026 onwards
      expect(WEEKDAY_NAMES[dayOfWeekLocal(date)]).toBe(format(new Date(2026, 10, 22 + day), 'EEEE'));
      expect(WEEKDAY_NAMES_SHORT[day]).toBe(format(new Date(2026, 10, 22 + day), 'EEE'));
    }
  });

  it('addMinutesHHmm does not wrap past midnight', () => {
    expect(addMinutesHHmm('09:00', 45)).toBe('09:45');
    expect(addMinutesHHmm('09:30', 90)).toBe('11:00');
    expect(addMinutesHHmm('10:00', -30)).toBe('09:30');
    expect(addMinutesHHmm('23:00', 59)).toBe('23:59');
    expect(() => addMinutesHHmm('23:30', 30)).toThrow(RangeError);
    expect(() => addMinutesHHmm('00:10', -20)).toThrow(RangeError);
  });
});

describe('schemas', () => {
  it('localDateSchema accepts real calendar dates only', () => {
    expect(localDateSchema.parse('2026-03-08')).toBe('2026-03-08');
    expect(localDateSchema.parse('2028-02-29')).toBe('2028-02-29');
    const notDates = ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-3-8', '2026-03-08T10:00:00Z', ''];
    for (const bad of notDates) expect(localDateSchema.safeParse(bad).success, bad).toBe(false);
    expect(localDateSchema.safeParse(undefined).success).toBe(false);
  });

  it('isoDateOrDateTimeSchema takes the literal date part of an ISO datetime', () => {
    expect(isoDateOrDateTimeSchema.parse('2026-03-08')).toBe('2026-03-08');
    expect(isoDateOrDateTimeSchema.parse('2026-03-08T00:00:00.000Z')).toBe('2026-03-08');
    expect(isoDateOrDateTimeSchema.parse('2026-03-08T05:00:00.000Z')).toBe('2026-03-08');
    expect(isoDateOrDateTimeSchema.parse('2026-03-08T23:30:00-05:00')).toBe('2026-03-08');
    expect(isoDateOrDateTimeSchema.parse('2026-03-08T10:00')).toBe('2026-03-08');
    expect(isoDateOrDateTimeSchema.parse(' 2026-03-08T10:00:00+0100 ')).toBe('2026-03-08');
    const notDates = [
      '2026-02-30T10:00:00Z',
      '2026-03-08T25:00:00Z',
      '2026-03-08Tfoo',
      'yesterday',
      '',
      '2026-03-08 junk',
    ];
    for (const bad of notDates) expect(isoDateOrDateTimeSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('hhmmSchema accepts 00:00 to 23:59', () => {
    for (const ok of ['00:00', '06:30', '12:00', '23:59']) expect(hhmmSchema.parse(ok)).toBe(ok);
    for (const bad of ['24:00', '7:00', '07:0', '07:60', '07:00:00', '']) {
      expect(hhmmSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
