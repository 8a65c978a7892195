import { ONLY_CUSTOMERS_BOOK_MESSAGE } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { BOOKING_GENERIC_ERROR, bookingCreateErrorText } from './bookingCreate';

const refused = (status: number, code: string, message: string) =>
  new ApiError(status, message, { code, message } as never);

describe('the text of a failed booking', () => {
  it("tells a barber or an administrator why Book cannot work, in both flows, rather than 'try again'", () => {
    const error = refused(403, 'FORBIDDEN', ONLY_CUSTOMERS_BOOK_MESSAGE);
    expect(bookingCreateErrorText(error, 'quick')).toBe(ONLY_CUSTOMERS_BOOK_MESSAGE);
    expect(bookingCreateErrorText(error, 'widget')).toBe(ONLY_CUSTOMERS_BOOK_MESSAGE);
  });

  it('keeps the generic text for a failure the customer may retry', () => {
    expect(bookingCreateErrorText(refused(500, 'INTERNAL', 'boom'), 'quick')).toBe(BOOKING_GENERIC_ERROR);
    expect(bookingCreateErrorText(new TypeError('Failed to fetch'), 'widget')).toBe(BOOKING_GENERIC_ERROR);
  });
});
