import { z } from 'zod';
import { formatTime12, toLocalDateTime } from '../time';

/*
 * The live arrival time of a barber on the way (issue 13, part 1). Marking a booking En Route
 * records `etaAt` (now + the travel time); the barber moves it later in one tap (`etaUpdated`);
 * Arrived, and every other step, clears it. The screens count down from `etaAt` on their own clock.
 */

/** Travel time bounds and step (docs/spec/barber-and-admin.md §5 and §8: 0-180 minutes, step 5). */
export const MAX_TRAVEL_MINUTES = 180;
export const TRAVEL_STEP_MINUTES = 5;

/** The one-tap delays the appointment row offers. */
export const ETA_DELAY_CHOICES = [5, 10, 15] as const;

/**
 * The customer is told of a new arrival time once it differs by more than this from the last one
 * they were told (with En Route, or with an earlier update): a +15 is told at once, two +5 taps are
 * not, a third is (15 minutes from the told time).
 */
export const ETA_NOTICE_THRESHOLD_MINUTES = 10;

const MINUTE_MS = 60_000;

/** PUT /api/bookings/{id}/eta: the barber will be `addMinutes` later than the current arrival time. */
export const updateEtaSchema = z.object({
  addMinutes: z
    .number({ required_error: 'addMinutes is required', invalid_type_error: 'addMinutes must be a number of minutes' })
    .int('The delay is whole minutes')
    .min(TRAVEL_STEP_MINUTES, `The delay must be between ${TRAVEL_STEP_MINUTES} and ${MAX_TRAVEL_MINUTES} minutes`)
    .max(MAX_TRAVEL_MINUTES, `The delay must be between ${TRAVEL_STEP_MINUTES} and ${MAX_TRAVEL_MINUTES} minutes`)
    .multipleOf(TRAVEL_STEP_MINUTES, `The delay is in steps of ${TRAVEL_STEP_MINUTES} minutes`),
});
export type UpdateEtaInput = z.input<typeof updateEtaSchema>;

/** The arrival instant (ISO) of a barber leaving at `now` with `travelMinutes` to go. */
export function etaFrom(now: Date, travelMinutes: number): string {
  return new Date(now.getTime() + travelMinutes * MINUTE_MS).toISOString();
}

/**
 * The arrival time after a delay of `addMinutes`: counted from the current arrival time, or from
 * now when that has already passed (a barber who is late and taps +10 means "ten more minutes").
 */
export function delayedEta(etaAt: string | null, now: Date, addMinutes: number): string {
  const base = Math.max(etaAt ? Date.parse(etaAt) : 0, now.getTime());
  return new Date(base + addMinutes * MINUTE_MS).toISOString();
}

/** Whether a new arrival time differs enough from the one the customer was last told to tell them again. */
export function etaWorthTelling(told: string | null, next: string): boolean {
  if (told === null) return true;
  return Math.abs(Date.parse(next) - Date.parse(told)) > ETA_NOTICE_THRESHOLD_MINUTES * MINUTE_MS;
}

/** "10:27 AM": an instant as New York wall-clock time (every time of the product is New York's). */
export function etaClock(etaAt: string): string {
  // From the zone's UTC offset (Intl), not TZDate's getters: those are off under a page's faked Date.
  return formatTime12(toLocalDateTime(new Date(Date.parse(etaAt))).time);
}

export type ArrivalCountdown = { late: false; minutes: number; clock: string } | { late: true; clock: string };

/**
 * What the customer's screen says at `now` (ms): the whole minutes left, rounded up (a barber
 * 30 seconds away is "about 1 min"), or late once the time has passed without Arrived.
 */
export function arrivalCountdown(etaAt: string, now: number): ArrivalCountdown {
  const left = Date.parse(etaAt) - now;
  const clock = etaClock(etaAt);
  if (left < 0) return { late: true, clock };
  return { late: false, minutes: Math.max(1, Math.ceil(left / MINUTE_MS)), clock };
}

/** "Arriving in about 12 min", or "Running a little late" once the arrival time has passed. */
export function arrivalText(countdown: ArrivalCountdown): string {
  return countdown.late ? 'Running a little late' : `Arriving in about ${countdown.minutes} min`;
}
