import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../eventstore/types';
import { bookingRowOf } from './projections';
import { createdData, FIXTURE_BOOKING_ID } from '@barber/shared/bookings/fixtures';

const BOOKING_ID = FIXTURE_BOOKING_ID;
let version = 0;
function stored(type: string, data: Record<string, unknown>, at: string): StoredEvent {
  version += 1;
  return {
    globalPosition: BigInt(version),
    transactionId: String(version),
    streamId: `booking-${BOOKING_ID}`,
    streamVersion: version,
    eventId: `00000000-0000-4000-8000-00000000000${version}`,
    type,
    data,
    metadata: {},
    recordedAt: new Date(at),
  };
}

const created = createdData({ date: '2026-03-16' });

describe('bookingRowOf', () => {
  it('is a pure function of the stream: state, version and times from the events', () => {
    version = 0;
    const events = [
      stored('created', created, '2026-03-01T12:00:00Z'),
      stored(
        'detailsSaved',
        { customerPhone: '305', customerAddress: 'A St', apartmentUnit: null, specialInstructions: null },
        '2026-03-01T12:05:00Z',
      ),
      stored('paid', { paymentIntentId: 'pi_1', amount: 4500 }, '2026-03-01T12:06:00Z'),
      stored('confirmed', {}, '2026-03-01T12:06:00Z'),
      stored('rescheduled', { date: '2026-03-17', startTime: '11:00', endTime: '12:00' }, '2026-03-02T09:00:00Z'),
    ];
    const row = bookingRowOf(events)!;
    expect(row).toMatchObject({
      id: BOOKING_ID,
      version: 5,
      status: 'confirmed',
      date: '2026-03-17',
      start_time: '11:00',
      end_time: '12:00',
      duration_minutes: 60,
      travel_buffer: 30,
      paid: true,
      stripe_payment_id: 'pi_1',
      details_saved: true,
      customer_phone: '305',
    });
    expect(row.starts_at.toISOString()).toBe('2026-03-17T15:00:00.000Z');
    expect(row.ends_at.toISOString()).toBe('2026-03-17T16:00:00.000Z');
    expect(row.created_at.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(row.updated_at.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(bookingRowOf(events)).toEqual(row);
  });

  // An event's shape is checked once, when the decider emits it (events.test.ts: reading it back needs no parse).
  it('has no row before the booking is created, and refuses a row that is not a booking event', () => {
    expect(bookingRowOf([])).toBeNull();
    version = 0;
    expect(() => bookingRowOf([stored('booked', created, '2026-03-01T12:00:00Z')])).toThrow(
      'Not a booking event: booked',
    );
  });
});
