import { formatTime } from './format';

/** The choices of a time select: each HH:mm value shown as "2:30 PM". */
export function timeChoices(times: readonly string[]): { value: string; label: string }[] {
  return times.map((t) => ({ value: t, label: formatTime(t) }));
}
