import { formatHHmm, minutesOfDay, MINUTES_PER_DAY } from '@barber/shared';

/** Every 5-minute time of the day: "00:00" ... "23:55". */
export const FIVE_MINUTE_TIMES: readonly string[] = Array.from({ length: MINUTES_PER_DAY / 5 }, (_, i) =>
  formatHHmm(i * 5),
);

/** Every half hour: for time blocks. */
export const HALF_HOUR_TIMES: readonly string[] = Array.from({ length: 48 }, (_, i) => formatHHmm(i * 30));

export function safeMinutes(hhmm: string): number | null {
  try {
    return minutesOfDay(hhmm);
  } catch {
    return null;
  }
}

/** The time `delta` minutes after `hhmm`, or null when it leaves the day. */
export function shiftTime(hhmm: string, delta: number): string | null {
  const m = safeMinutes(hhmm);
  if (m === null) return null;
  const next = m + delta;
  if (next < 0 || next >= MINUTES_PER_DAY) return null;
  return formatHHmm(next);
}

/** Clamps the travel time input: 0-180 in steps of 5; empty or not a number gives null. */
export function clampTravelTime(raw: string): number | null {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) return null;
  const stepped = Math.round(n / 5) * 5;
  return Math.min(180, Math.max(0, stepped));
}

/** Travel buffer input: 0-120 in steps of 15; anything invalid falls back to 30. */
export function normalizeTravelBuffer(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 120 || n % 15 !== 0) return 30;
  return n;
}
