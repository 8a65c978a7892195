import { BOOKING_EVENT_TYPES } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { activityTitle, activityTone } from './activity';

describe('the live activity feed', () => {
  it('has a title of its own for every booking event type', () => {
    for (const type of BOOKING_EVENT_TYPES) expect(activityTitle(type), type).not.toBe('Booking updated');
  });

  it('titles and colours money events', () => {
    expect([activityTitle('refunded'), activityTone('refunded')]).toEqual(['Payment refunded', 'money']);
    expect([activityTitle('refundFailed'), activityTone('refundFailed')]).toEqual(['Refund failed', 'cancel']);
    expect([activityTitle('refundSucceeded'), activityTone('refundSucceeded')]).toEqual([
      'Refund went through',
      'money',
    ]);
  });
});
