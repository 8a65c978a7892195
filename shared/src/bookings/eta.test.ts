import { describe, expect, it } from 'vitest';
import { toInstant } from '../time';
import { arrivalCountdown, arrivalText, delayedEta, etaClock, etaWorthTelling, updateEtaSchema } from './eta';

const at = (wall: string) => toInstant(wall.slice(0, 10), wall.slice(11));
const ETA = at('2025-11-24 10:27').toISOString();

describe('what the customer sees of the arrival time', () => {
  it('counts whole minutes up, with the New York clock time', () => {
    expect(arrivalCountdown(ETA, at('2025-11-24 10:15').getTime())).toEqual({
      late: false,
      minutes: 12,
      clock: '10:27 AM',
    });
    expect(arrivalCountdown(ETA, at('2025-11-24 10:15').getTime() + 30_000)).toMatchObject({ minutes: 12 });
    expect(arrivalCountdown(ETA, at('2025-11-24 10:26').getTime() + 59_000)).toMatchObject({ minutes: 1 });
    expect(arrivalText(arrivalCountdown(ETA, at('2025-11-24 10:15').getTime()))).toBe('Arriving in about 12 min');
  });

  it('says "Running a little late" once the time has passed, never a negative number', () => {
    const late = arrivalCountdown(ETA, at('2025-11-24 10:28').getTime());
    expect(late).toEqual({ late: true, clock: '10:27 AM' });
    expect(arrivalText(late)).toBe('Running a little late');
  });

  it('writes afternoon and midnight hours as people do', () => {
    expect(etaClock(at('2025-07-04 13:05').toISOString())).toBe('1:05 PM');
    expect(etaClock(at('2025-07-04 00:10').toISOString())).toBe('12:10 AM');
  });
});

describe('moving the arrival time', () => {
  it('adds to the arrival time, or to now once it has passed', () => {
    expect(delayedEta(ETA, at('2025-11-24 10:00'), 10)).toBe(at('2025-11-24 10:37').toISOString());
    expect(delayedEta(ETA, at('2025-11-24 10:40'), 10)).toBe(at('2025-11-24 10:50').toISOString());
    expect(delayedEta(null, at('2025-11-24 10:40'), 5)).toBe(at('2025-11-24 10:45').toISOString());
  });

  it('is worth telling past 10 minutes either way', () => {
    expect(etaWorthTelling(null, ETA)).toBe(true);
    expect(etaWorthTelling(ETA, at('2025-11-24 10:37').toISOString())).toBe(false);
    expect(etaWorthTelling(ETA, at('2025-11-24 10:38').toISOString())).toBe(true);
    expect(etaWorthTelling(ETA, at('2025-11-24 10:16').toISOString())).toBe(true);
  });

  it('the request takes 5 to 180 minutes in steps of 5', () => {
    expect(updateEtaSchema.safeParse({ addMinutes: 10 }).success).toBe(true);
    for (const addMinutes of [0, 7, 185, '10', null])
      expect(updateEtaSchema.safeParse({ addMinutes }).success).toBe(false);
  });
});
