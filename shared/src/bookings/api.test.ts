import { describe, expect, it } from 'vitest';
import { barberUpdateBookingSchema, bookingDetailsInputSchema, createBookingSchema } from './api';

describe('booking request schemas', () => {
  it('reads the create payload as the screens send it', () => {
    const parsed = createBookingSchema.parse({
      barberId: '4',
      serviceId: 9,
      date: '2026-03-16T04:00:00.000Z',
      startTime: '10:00',
      endTime: '10:30',
      totalAmount: '35.00',
      city: 'miami',
      zipcode: '33139',
    });
    expect(parsed).toMatchObject({ barberId: 4, serviceId: 9, date: '2026-03-16', totalAmount: 3500, notes: '' });
    expect(createBookingSchema.safeParse({ ...parsed, totalAmount: -1 }).success).toBe(false);
    expect(createBookingSchema.safeParse({ ...parsed, date: '2026-02-30' }).success).toBe(false);
  });

  it('applies the checkout limits to the contact details', () => {
    const ok = {
      customerPhone: ' +1 (305) 555-0100 ',
      customerAddress: ' 1 Ocean Dr ',
      apartmentUnit: '',
      specialInstructions: undefined,
    };
    expect(bookingDetailsInputSchema.parse(ok)).toEqual({
      customerPhone: '+1 (305) 555-0100',
      customerAddress: '1 Ocean Dr',
      apartmentUnit: null,
      specialInstructions: null,
    });
    const messages = (input: object) =>
      bookingDetailsInputSchema.safeParse({ ...ok, ...input }).error?.issues.map((i) => i.message);
    expect(messages({ customerPhone: '' })).toEqual(['Phone number is required', expect.any(String)]);
    expect(messages({ customerPhone: '1'.repeat(21) })).toEqual(['Phone number must be at most 20 characters']);
    expect(messages({ customerPhone: 'call me' })).toEqual([
      'Phone number may contain only digits, spaces, dashes, parentheses and +',
    ]);
    for (const customerPhone of ['+', '+1 (305)', '---', '555-010']) {
      expect(messages({ customerPhone }), customerPhone).toEqual([
        'Please enter a valid phone number (at least 7 digits)',
      ]);
    }
    expect(bookingDetailsInputSchema.parse({ ...ok, customerPhone: '5550100' }).customerPhone).toBe('5550100');
    expect(messages({ customerAddress: 'a'.repeat(201) })).toEqual(['Address must be at most 200 characters']);
    expect(messages({ apartmentUnit: 'a'.repeat(51) })).toEqual(['Apartment/unit must be at most 50 characters']);
    expect(messages({ specialInstructions: 'a'.repeat(501) })).toEqual([
      'Special instructions must be at most 500 characters',
    ]);
  });

  it('bounds the travel time of the barber dialog to whole minutes 0-180 or null', () => {
    expect(barberUpdateBookingSchema.safeParse({ estimatedTravelTime: null }).success).toBe(true);
    expect(barberUpdateBookingSchema.safeParse({ estimatedTravelTime: 180 }).success).toBe(true);
    expect(barberUpdateBookingSchema.safeParse({ estimatedTravelTime: 181 }).success).toBe(false);
    expect(barberUpdateBookingSchema.safeParse({ estimatedTravelTime: -5 }).success).toBe(false);
  });
});

describe("the barber's reschedule", () => {
  const moved = (startTime: string) =>
    barberUpdateBookingSchema.safeParse({ isEditingDateTime: true, date: '2026-12-01', startTime });

  it('takes a start time on the 5-minute steps the details dialog offers', () => {
    for (const startTime of ['09:00', '09:05', '13:55']) expect(moved(startTime).success).toBe(true);
  });

  it('refuses one off them with a message, and a malformed one without throwing', () => {
    const off = moved('09:07');
    expect(off.success).toBe(false);
    expect(off.error?.issues.map((i) => i.message)).toEqual(['Choose a start time in steps of 5 minutes']);
    expect(moved('9:5').success).toBe(false);
  });
});
