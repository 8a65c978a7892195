import type { AvailabilityBlock } from '@barber/shared';
import { safeMinutes } from './times';

const DEFAULT_GRID = { startHour: 8, endHour: 18 } as const;

/** Grid hours: earliest start - 1h (not before 06:00) to latest end + 1h (not after 23:00); default 08:00-18:00. */
export function gridHours(blocks: Pick<AvailabilityBlock, 'startTime' | 'endTime'>[]): {
  startHour: number;
  endHour: number;
} {
  const starts = blocks.map((b) => safeMinutes(b.startTime)).filter((m): m is number => m !== null);
  const ends = blocks.map((b) => safeMinutes(b.endTime)).filter((m): m is number => m !== null);
  if (starts.length === 0 || ends.length === 0) return { ...DEFAULT_GRID };
  const startHour = Math.max(6, Math.floor(Math.min(...starts) / 60) - 1);
  const endHour = Math.min(23, Math.ceil(Math.max(...ends) / 60) + 1);
  return endHour > startHour ? { startHour, endHour } : { ...DEFAULT_GRID };
}
