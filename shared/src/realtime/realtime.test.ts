import { describe, expect, it } from 'vitest';
import { BOOKING_EVENT_TYPES } from '../bookings/events';
import { compareCursors, cursorSchema, laterCursor, START_CURSOR } from './cursor';
import { catchUpAnswerSchema, pushMessageSchema, socketAuthSchema, statusSetByEvent } from './messages';

describe('cursors', () => {
  it('orders by transaction id first, then by position, as numbers', () => {
    expect(compareCursors('10:5', '9:50')).toBeGreaterThan(0);
    expect(compareCursors('9:50', '10:5')).toBeLessThan(0);
    expect(compareCursors('10:5', '10:40')).toBeLessThan(0);
    expect(compareCursors('10:40', '10:40')).toBe(0);
    expect(compareCursors('18446744073709551615:1', '18446744073709551614:9')).toBeGreaterThan(0);
    expect(compareCursors(START_CURSOR, '1:1')).toBeLessThan(0);
  });

  it('picks the later cursor, null counting as before everything', () => {
    expect(laterCursor(null, '3:4')).toBe('3:4');
    expect(laterCursor('5:1', '3:4')).toBe('5:1');
    expect(laterCursor('5:1', null)).toBe('5:1');
  });

  it('accepts only "<transactionId>:<position>"', () => {
    for (const ok of ['0:0', '123:456']) expect(cursorSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', '1', '1:', ':1', '-1:2', '1:2:3', 'a:b', '1.5:2'])
      expect(cursorSchema.safeParse(bad).success).toBe(false);
  });
});

describe('messages', () => {
  it('names the status each booking event sets', () => {
    expect(statusSetByEvent({ type: 'created' })).toBe('pending');
    expect(statusSetByEvent({ type: 'enRoute' })).toBe('en_route');
    expect(statusSetByEvent({ type: 'started' })).toBe('in_progress');
    expect(statusSetByEvent({ type: 'noShow' })).toBe('no_show');
    expect(statusSetByEvent({ type: 'expired' })).toBe('cancelled');
    for (const type of [
      'detailsSaved',
      'paid',
      'paymentFailed',
      'rescheduled',
      'notesUpdated',
      'refunded',
      'unknown',
    ]) {
      expect(statusSetByEvent({ type })).toBeNull();
    }
    expect(BOOKING_EVENT_TYPES.filter((type) => statusSetByEvent({ type }) !== null)).toHaveLength(9);
  });

  it('says a reschedule that called off the visit under way confirmed the booking again', () => {
    const moved = { date: '2026-12-01', startTime: '10:00', endTime: '10:30' };
    expect(statusSetByEvent({ type: 'rescheduled', data: { ...moved, visitCalledOff: true } })).toBe('confirmed');
    expect(statusSetByEvent({ type: 'rescheduled', data: moved })).toBeNull();
  });

  it('parses a push message without a booking, and the handshake and answers', () => {
    const message = {
      position: '42',
      cursor: '900:42',
      bookingId: null,
      type: 'noted',
      status: null,
      booking: null,
      recordedAt: '2025-01-01T00:00:00.000Z',
      replayed: false,
    };
    expect(pushMessageSchema.parse(message)).toEqual(message);
    expect(pushMessageSchema.safeParse({ ...message, cursor: '42' }).success).toBe(false);
    expect(socketAuthSchema.parse({})).toEqual({});
    expect(socketAuthSchema.parse({ cursor: '1:2' })).toEqual({ cursor: '1:2' });
    expect(catchUpAnswerSchema.parse({ cursor: '1:2', replayed: 0, complete: true })).toEqual({
      cursor: '1:2',
      replayed: 0,
      complete: true,
    });
    expect(catchUpAnswerSchema.parse({ code: 'VALIDATION_FAILED', message: 'x' })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
