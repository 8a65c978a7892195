import { ADMIN_BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus, type BookingView } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecentBookings } from './RecentBookings';

const booking = (status: BookingStatus, n: number): BookingView => ({
  id: `3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c${String(n).padStart(2, '0')}`,
  version: 1,
  customerId: 10,
  barberId: 5,
  serviceId: 7,
  date: '2026-11-26',
  startTime: '09:30',
  endTime: '10:00',
  durationMinutes: 30,
  travelBuffer: 30,
  totalAmount: '25.00',
  barberAmount: '22.50',
  platformFee: '2.50',
  feeCollectionEnabled: true,
  city: 'miami',
  displayCity: 'Miami',
  zipcode: '33133',
  notes: '',
  status,
  detailsSaved: false,
  customerPhone: null,
  customerAddress: null,
  apartmentUnit: null,
  specialInstructions: null,
  stripePaymentId: null,
  paid: false,
  refunded: false,
  barberNotes: null,
  estimatedTravelTime: null,
  etaAt: null,
  cancellationReason: null,
  createdAt: '2026-11-22T15:00:00.000Z',
  updatedAt: '2026-11-22T15:00:00.000Z',
  customer: {
    id: 10,
    firstName: 'Ana',
    lastName: 'Diaz',
    fullName: 'Ana Diaz',
    username: 'ana',
    email: 'ana@example.com',
    phone: null,
  },
  service: { id: 7, name: 'Fade', duration: 30, price: '25.00' },
  barber: {
    id: 5,
    yearsOfExperience: 6,
    bio: '',
    user: { id: 20, fullName: 'Marcus Lee', username: 'marcus', email: 'marcus@example.com', phone: null },
  },
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
