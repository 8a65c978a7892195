import type { BookingCreatedData } from './events';

/** Test data only (not exported from the package index): one booking's `created` data. */
export const FIXTURE_BOOKING_ID = '3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d';

export function createdData(overrides: Partial<BookingCreatedData> = {}): BookingCreatedData {
  return {
    bookingId: FIXTURE_BOOKING_ID,
    customerId: 10,
    barberId: 5,
    serviceId: 7,
    date: '2025-03-09',
    startTime: '10:00',
    endTime: '10:45',
    durationMinutes: 45,
    travelBuffer: 30,
    totalAmount: 4500,
    platformFee: 450,
    barberAmount: 4050,
    feeCollectionEnabled: true,
    city: 'miami',
    displayCity: 'Miami Beach',
    zipcode: '33139',
    notes: '',
    ...overrides,
  };
}
