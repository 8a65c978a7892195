import { barberUpdateBookingSchema, type BookingStatus } from '@barber/shared';

/** The decider's word when a barber cancels without a reason (shared/src/bookings/decider.ts). */
const CANCELLATION_REASON_REQUIRED = 'A cancellation reason is required';

/**
 * The barber's status and details forms: PUT /api/bookings/{id}/update's barberUpdateBookingSchema,
 * plus the reason the server asks when the change cancels the booking (checked here so the form
 * says so before sending).
 */
export function barberUpdateFormSchema(cancels: (status: BookingStatus | undefined) => boolean) {
  return barberUpdateBookingSchema.superRefine((body, ctx) => {
    if (cancels(body.status) && (body.cancellationReason ?? '').trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['cancellationReason'], message: CANCELLATION_REASON_REQUIRED });
    }
  });
}
