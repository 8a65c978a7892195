import type { BookingView } from '@barber/shared';
import { api } from './api';

/**
 * GET /api/bookings/{id}: a booking whose push came without its read model (the server could not read it when
 * it pushed). Null when it cannot be read now: the next read of the screen's list brings it.
 */
export function readBooking(id: string): Promise<BookingView | null> {
  // The screens that follow one push (the admin's lists and live collection) ask at once: one read between them.
  let read = reading.get(id);
  if (!read) {
    read = api
      .get(`/api/bookings/${encodeURIComponent(id)}`, undefined, { answer: 'bookingAnswerSchema' })
      .then(
        (answer) => answer.booking,
        () => null,
      )
      .finally(() => reading.delete(id));
    reading.set(id, read);
  }
  return read;
}

const reading = new Map<string, Promise<BookingView | null>>();
