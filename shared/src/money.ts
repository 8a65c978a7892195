import { z } from 'zod';
import { AppError } from './errors';

/**
 * Money (docs/design.md §3): amounts are integer cents (USD) inside the system; the API shows
 * prices as numeric strings with two decimals ("35.00"), as the specification does.
 */
export type Cents = number;

const MONEY_RE = /^(\d+)(?:\.(\d*))?$/;

function requireCents(cents: number, what = 'cents'): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${what} must be a safe integer, got ${cents}`);
}

/** 3500 -> "35.00", 1999 -> "19.99", 5 -> "0.05", -250 -> "-2.50". */
export function centsToString(cents: Cents): string {
  requireCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a non-negative decimal string exactly, rounding half-up to the cent; null when invalid. */
function parseDecimalString(s: string): Cents | null {
  const m = MONEY_RE.exec(s);
  if (!m) return null;
  const whole = m[1] ?? '0';
  const frac = m[2] ?? '';
  const fracPadded = (frac + '000').slice(0, 3); // two digits of cents + one for rounding
  let cents = BigInt(whole) * 100n + BigInt(fracPadded.slice(0, 2));
  if (Number(fracPadded[2]) >= 5) cents += 1n;
  const n = Number(cents);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Cents of a money amount: "19.99" -> 1999, "35" -> 3500, "35.5" -> 3550, 19.99 -> 1999,
 * "0.005" -> 1 (half-up). Accepts surrounding spaces, a leading "$" and thousands commas
 * ("$1,234.50"). Throws RangeError for NaN, Infinity, negative or non-numeric input.
 */
export function parseMoneyToCents(value: string | number): Cents {
  const cents = tryParseMoneyToCents(value);
  if (cents === null) throw new RangeError(`Invalid money amount: ${String(value)}`);
  return cents;
}

/** As parseMoneyToCents, but null instead of throwing. */
export function tryParseMoneyToCents(value: string | number): Cents | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // The shortest round-trip decimal of the float (19.99 -> "19.99", 1.005 -> "1.005")
    // is what the writer meant; parse it as a string to avoid binary float error.
    const s = String(value);
    if (/e/i.test(s)) {
      const cents = Math.round(value * 100);
      return Number.isSafeInteger(cents) ? cents : null;
    }
    return parseDecimalString(s);
  }
  if (typeof value !== 'string') return null;
  let s = value.trim();
  if (s.startsWith('$')) s = s.slice(1).trim();
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  if (s === '' || s === '.') return null;
  if (s.startsWith('.')) s = `0${s}`;
  return parseDecimalString(s);
}

/**
 * Splits a total into the platform fee and the barber's amount. The fee is
 * total x feePercent / 100 rounded half-up to the cent, computed exactly (feePercent may
 * have up to two decimals, e.g. 12.5); barberAmount = total - fee.
 */
export function splitFee(totalCents: Cents, feePercent: number): { platformFee: Cents; barberAmount: Cents } {
  requireCents(totalCents, 'totalCents');
  if (totalCents < 0) throw new RangeError(`totalCents must not be negative, got ${totalCents}`);
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) {
    throw new RangeError(`feePercent must be between 0 and 100, got ${feePercent}`);
  }
  const basisPoints = Math.round(feePercent * 100); // hundredths of a percent
  if (Math.abs(basisPoints - feePercent * 100) > 1e-6) {
    throw new RangeError(`feePercent may have at most two decimals, got ${feePercent}`);
  }
  // fee = round_half_up(total * bp / 10000), in exact integer arithmetic
  const platformFee = Number((BigInt(totalCents) * BigInt(basisPoints) + 5000n) / 10000n);
  return { platformFee, barberAmount: totalCents - platformFee };
}

/**
 * What the platform and the barber kept of a booking's price after refunds: a refund is shared by the fee and the
 * barber's share in the booking's proportions (rounded half-up to the cent, exactly); a booking refunded in full
 * keeps nothing. Migration 028's generated columns (kept_*_cents) compute the same in SQL; a test compares them.
 */
export function keptAmounts(b: {
  totalCents: Cents;
  barberAmountCents: Cents;
  refundedCents: Cents;
  refunded: boolean;
}): { total: Cents; platformFee: Cents; barberAmount: Cents } {
  if (b.refunded || b.totalCents <= 0) return { total: 0, platformFee: 0, barberAmount: 0 };
  const returned = Math.min(b.refundedCents, b.totalCents);
  const total = Math.max(b.totalCents - b.refundedCents, 0);
  // barber's part of the refund = round_half_up(barber * returned / total price)
  const barberPart = Number(
    (BigInt(b.barberAmountCents) * BigInt(returned) * 2n + BigInt(b.totalCents)) / (2n * BigInt(b.totalCents)),
  );
  const barberAmount = b.barberAmountCents - barberPart;
  return { total, platformFee: total - barberAmount, barberAmount };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" for 123450; "$0.00" for undefined or null. */
export function formatUsd(cents: Cents | null | undefined): string {
  if (cents === undefined || cents === null || !Number.isFinite(cents)) return usd.format(0);
  return usd.format(Math.round(cents) / 100);
}

/** A money amount as the API shows it: digits with an optional one or two decimals ("35", "35.5", "35.00"). */
export const moneyStringSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Please enter a valid amount');

/**
 * A price as a form or API may send it (string "35.00" or number 35), transformed to cents.
 * Rejects negative, non-numeric and NaN input; more than two decimals are rounded half-up.
 */
export const moneyToCentsSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = tryParseMoneyToCents(value);
  if (cents === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Please enter a valid amount' });
    return z.NEVER;
  }
  return cents;
});

/** The specification's refusal of an amount below the platform's minimum booking amount (dollars). */
export function belowMinimumMessage(minimumAmount: number | string): string {
  return `Booking amount must be at least $${minimumAmount}`;
}

/**
 * Whether a price (cents) is below the platform's minimumBookingAmount (dollars): such a service cannot be booked,
 * so it is neither searched, offered nor waited for.
 */
export function isBelowMinimum(priceCents: Cents, minimumAmount: number): boolean {
  return priceCents < parseMoneyToCents(minimumAmount);
}

/** BELOW_MINIMUM with the specification's text, or null for a price the platform takes. */
export function belowMinimumProblem(priceCents: Cents, minimumAmount: number): AppError | null {
  if (!isBelowMinimum(priceCents, minimumAmount)) return null;
  return new AppError('BELOW_MINIMUM', belowMinimumMessage(minimumAmount), { minimumAmount });
}
