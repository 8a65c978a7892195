import { ADMIN_BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus, type BookingView } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { RecentBookings } from './RecentBookings';

const booking = (status: BookingStatus, n: number): BookingView =>
  bookingView({
    id: `3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c${String(n).padStart(2, '0')}`,
    status,
    detailsSaved: false,
    customerPhone: null,
    customerAddress: null,
  });

const statusCells = (html: string) =>
  [...html.matchAll(/<tr data-booking-id[^>]*>.*?<\/tr>/g)].map(
    (row) => row[0].match(/<span[^>]*>([^<]*)<\/span><\/td><\/tr>$/)?.[1],
  );

describe('RecentBookings', () => {
  it('labels every status, live ones included, from the one admin label table (never "Unknown")', () => {
    const html = renderToStaticMarkup(<RecentBookings bookings={BOOKING_STATUSES.map((s, i) => booking(s, i))} />);
    expect(html).not.toContain('Unknown');
    expect(statusCells(html)).toEqual(BOOKING_STATUSES.map((s) => ADMIN_BOOKING_STATUS_LABELS[s]));
    expect(statusCells(html)).toEqual(expect.arrayContaining(['En Route', 'Arrived', 'In Progress']));
  });
});
