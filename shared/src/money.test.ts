import { describe, it, expect } from 'vitest';
import {
  centsToString,
  formatUsd,
  keptAmounts,
  moneyStringSchema,
  moneyToCentsSchema,
  parseMoneyToCents,
  splitFee,
  tryParseMoneyToCents,
} from './money';

describe('centsToString', () => {
  it('writes two decimals', () => {
    expect(centsToString(3500)).toBe('35.00');
    expect(centsToString(1999)).toBe('19.99');
    expect(centsToString(5)).toBe('0.05');
    expect(centsToString(0)).toBe('0.00');
    expect(centsToString(123456789)).toBe('1234567.89');
    expect(centsToString(-250)).toBe('-2.50');
  });

  it('rejects non-integers', () => {
    expect(() => centsToString(12.5)).toThrow(RangeError);
    expect(() => centsToString(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseMoneyToCents', () => {
  it.each<[string | number, number]>([
    // strings, exactly
    ['19.99', 1999],
    ['35.00', 3500],
    ['35', 3500],
    ['35.5', 3550],
    ['0.07', 7],
    ['.5', 50],
    ['35.', 3500],
    [' 25.00 ', 2500],
    ['$1,234.50', 123450],
    ['0', 0],
    ['4.35', 435], // 4.35 * 100 = 434.99999999999994 in floats
    ['1.15', 115],
    // extra decimals, rounded half-up to the cent
    ['0.005', 1],
    ['0.004', 0],
    ['1.005', 101],
    ['19.994999', 1999],
    ['19.995', 2000],
    ['99.999', 10000],
    // numbers, without float error
    [19.99, 1999],
    [4.35, 435],
    [1.005, 101],
    [35, 3500],
    [0.1 + 0.2, 30],
    [1e-7, 0],
    [0, 0],
  ])('parses %j as %i cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it('rejects NaN, infinities, negatives and non-numbers', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, -0.01, 1e21]) {
      expect(() => parseMoneyToCents(bad), String(bad)).toThrow(RangeError);
    }
    for (const bad of [
      '',
      ' ',
      '.',
      'abc',
      '-5',
      '-0.01',
      '1e3',
      '12,34',
      '1.2.3',
      '$',
      'NaN',
      '35 USD',
      '99999999999999999999',
    ]) {
      expect(() => parseMoneyToCents(bad), bad).toThrow(RangeError);
      expect(tryParseMoneyToCents(bad), bad).toBeNull();
    }
    expect(tryParseMoneyToCents(undefined as unknown as string)).toBeNull();
  });

  it('round-trips with centsToString', () => {
    for (const c of [0, 1, 9, 10, 99, 100, 1999, 2500, 123456]) expect(parseMoneyToCents(centsToString(c))).toBe(c);
  });
});

describe('splitFee', () => {
  it('uses the default 10 percent', () => {
    expect(splitFee(3500, 10)).toEqual({ platformFee: 350, barberAmount: 3150 });
    expect(splitFee(1999, 10)).toEqual({ platformFee: 200, barberAmount: 1799 }); // 199.9 -> 200
  });

  it('rounds the fee half-up to the cent', () => {
    expect(splitFee(1005, 10)).toEqual({ platformFee: 101, barberAmount: 904 }); // 100.5 -> 101
    expect(splitFee(1004, 10)).toEqual({ platformFee: 100, barberAmount: 904 }); // 100.4 -> 100
    expect(splitFee(1, 50)).toEqual({ platformFee: 1, barberAmount: 0 }); // 0.5 -> 1
    expect(splitFee(2500, 12.5)).toEqual({ platformFee: 313, barberAmount: 2187 }); // 312.5 -> 313
    expect(splitFee(1999, 7.5)).toEqual({ platformFee: 150, barberAmount: 1849 }); // 149.925 -> 150
    expect(splitFee(1000, 0.5)).toEqual({ platformFee: 5, barberAmount: 995 });
  });

  it('handles 0 and 30 percent and a zero total', () => {
    expect(splitFee(3500, 0)).toEqual({ platformFee: 0, barberAmount: 3500 });
    expect(splitFee(3500, 30)).toEqual({ platformFee: 1050, barberAmount: 2450 });
    expect(splitFee(0, 10)).toEqual({ platformFee: 0, barberAmount: 0 });
  });

  it('always sums to the total', () => {
    for (let total = 0; total <= 5000; total += 37) {
      for (let p = 0; p <= 30; p += 0.5) {
        const { platformFee, barberAmount } = splitFee(total, p);
        expect(platformFee + barberAmount).toBe(total);
        expect(Number.isInteger(platformFee)).toBe(true);
        expect(Math.abs(platformFee - (total * p) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
  });

  it('rejects bad input', () => {
    expect(() => splitFee(-1, 10)).toThrow(RangeError);
    expect(() => splitFee(10.5, 10)).toThrow(RangeError);
    expect(() => splitFee(1000, -1)).toThrow(RangeError);
    expect(() => splitFee(1000, 101)).toThrow(RangeError);
    expect(() => splitFee(1000, Number.NaN)).toThrow(RangeError);
    expect(() => splitFee(1000, 10.123)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it('formats en-US dollars', () => {
    const cents = [123450, 3500, 5, 0, 100000000];
    expect(cents.map((c) => formatUsd(c))).toEqual(['$1,234.50', '$35.00', '$0.05', '$0.00', '$1,000,000.00']);
  });

  it('shows $0.00 for a missing amount', () => {
    expect(formatUsd(undefined)).toBe('$0.00');
    expect(formatUsd(null)).toBe('$0.00');
  });
});

describe('schemas', () => {
  it('moneyStringSchema accepts numeric strings with up to two decimals', () => {
    for (const ok of ['35.00', '35', '35.5', '0.99', '1234567.89']) expect(moneyStringSchema.parse(ok)).toBe(ok);
    for (const bad of ['', '-1', '35.001', 'abc', '1e3', '$35', '.5']) {
      expect(moneyStringSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('moneyToCentsSchema turns strings and numbers into cents', () => {
    expect(moneyToCentsSchema.parse('35.00')).toBe(3500);
    expect(moneyToCentsSchema.parse(19.99)).toBe(1999);
    expect(moneyToCentsSchema.safeParse(-1).success).toBe(false);
    expect(moneyToCentsSchema.safeParse(Number.NaN).success).toBe(false);
    expect(moneyToCentsSchema.safeParse('x').success).toBe(false);
    expect(moneyToCentsSchema.safeParse(null).success).toBe(false);
  });
});

describe('keptAmounts', () => {
  const kept = (totalCents: number, barberAmountCents: number, refundedCents: number, refunded = false) =>
    keptAmounts({ totalCents, barberAmountCents, refundedCents, refunded });

  it('keeps the whole price while nothing was refunded', () => {
    expect(kept(4500, 4050, 0)).toEqual({ total: 4500, platformFee: 450, barberAmount: 4050 });
  });

  it("shares a part refund by the fee and the barber's share in the booking's proportions", () => {
    expect(kept(4000, 3600, 1000)).toEqual({ total: 3000, platformFee: 300, barberAmount: 2700 });
    // 3000 x 1001 / 3333 = 900.9: the barber's part of the refund rounds to 901
    expect(kept(3333, 3000, 1001)).toEqual({ total: 2332, platformFee: 233, barberAmount: 2099 });
    // half a cent rounds up: 1 x 1 / 2
    expect(kept(2, 1, 1)).toEqual({ total: 1, platformFee: 1, barberAmount: 0 });
  });

  it('keeps nothing once refunded in full, or more than paid was recorded', () => {
    expect(kept(4500, 4050, 4500)).toEqual({ total: 0, platformFee: 0, barberAmount: 0 });
    expect(kept(4500, 4050, 1000, true)).toEqual({ total: 0, platformFee: 0, barberAmount: 0 });
    expect(kept(4500, 4050, 9000)).toEqual({ total: 0, platformFee: 0, barberAmount: 0 });
  });
});
