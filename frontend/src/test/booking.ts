import type { BookingView, PushMessage } from '@barber/shared';

/**
 * A booking as the API shows it, for component tests: Ana Diaz's 30-minute Fade with Marcus Lee on
 * Thursday 26 November 2026, 9:30-10:00 AM New York time, pending and unpaid. Override what a test is about.
 */
export function bookingView(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: '3f1c9a52-8d4e-4b7a-9c1d-2e5f6a7b8c9d',
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
    cancellationWindow: 24,
    city: 'miami',
    displayCity: 'Miami',
    zipcode: '33133',
    notes: '',
    status: 'pending',
    detailsSaved: true,
    customerPhone: '3055550100',
    customerAddress: '100 Main St',
    apartmentUnit: null,
    specialInstructions: null,
    stripePaymentId: null,
    refundedAmount: '0.00',
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
    ...overrides,
  };
}

/** 9:45 AM New York on the appointment's day: a quarter of an hour after it started, before it ends (10:00). */
export const DURING_APPOINTMENT = new Date('2026-11-26T14:45:00.000Z');
/** 10:00 AM New York: the appointment's end (nobody confirms it from then). */
export const AT_APPOINTMENT_END = new Date('2026-11-26T15:00:00.000Z');
/** The evening before the appointment's day (New York). */
export const DAY_BEFORE = new Date('2026-11-25T23:00:00.000Z');

/** A live push of `booking`'s event `type` at log position `position` (a push without its booking: `booking` null). */
export function pushMessage(
  type: string,
  booking: BookingView | null,
  position: number,
  bookingId = booking?.id ?? 'b-unknown',
): PushMessage {
  return {
    position: String(position),
    cursor: `1:${position}`,
    bookingId,
    type,
    status: null,
    booking,
    recordedAt: '2026-11-24T12:00:00.000Z',
    replayed: false,
  } as PushMessage;
}
