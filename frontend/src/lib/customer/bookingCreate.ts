import {
  addMinutesHHmm,
  lookupZipcode,
  DEFAULT_REGION,
  type BookingView,
  type CreateBookingInput,
  belowMinimumMessage,
} from '@barber/shared';
import { toast } from '../../components/ui/toast';
import { api, isApiError, serverMessage } from '../api';

/**
 * Creating a booking from the Quick Book dialog (search) and the booking widget (barber
 * profile): the payload of docs/spec/customer-side.md §3, the toasts of §8 and the sign-in gate.
 */

const BOOKING_SUCCESS_TEXT = 'Booking created successfully! Redirecting to checkout...';
export const BOOKING_GENERIC_ERROR = 'There was an error creating your booking. Please try again.';
const ZIPCODE_BLACKLISTED_TEXT =
  'This zipcode is not available for booking with this barber. Please try a different location.';
export const SELECT_SERVICE_AND_SLOT_TEXT = 'Please select a service and time slot.';

export interface NewBookingInput {
  barberId: number;
  /** The chosen service: its length sets the end time, its price ("35.00") the total. */
  service: { id: number; duration: number; price: string };
  /** yyyy-MM-dd (New York calendar date). */
  date: string;
  startTime: string;
  zipcode: string;
}

/** The POST /api/bookings payload: end time = start + duration, totalAmount = the service price, notes empty. */
function bookingPayload(input: NewBookingInput): CreateBookingInput {
  const zip = lookupZipcode(input.zipcode);
  return {
    barberId: input.barberId,
    serviceId: input.service.id,
    date: `${input.date}T00:00:00.000Z`,
    startTime: input.startTime,
    endTime: addMinutesHHmm(input.startTime, input.service.duration),
    totalAmount: input.service.price,
    city: zip?.region ?? DEFAULT_REGION,
    displayCity: zip?.city ?? 'Miami',
    zipcode: input.zipcode,
    notes: '',
  };
}

/** POST /api/bookings with an Idempotency-Key (one per dialog/drawer attempt); answers the booking. */
async function createBooking(input: NewBookingInput, idempotencyKey: string): Promise<BookingView> {
  const answer = await api.post('/api/bookings', bookingPayload(input), {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: 'bookingAnswerSchema',
  });
  return answer.booking;
}

/**
 * The error text of a failed booking creation (docs/spec/customer-side.md §8): the blacklisted zipcode text, the
 * minimum amount text, else the generic text (quick flow) or the server's message (widget).
 */
export function bookingCreateErrorText(error: unknown, variant: 'quick' | 'widget' = 'quick'): string {
  if (isApiError(error)) {
    if (error.status === 403 && error.code === 'ZIPCODE_BLACKLISTED') return ZIPCODE_BLACKLISTED_TEXT;
    // a barber's or an administrator's account: trying again cannot help, the server says why
    if (error.status === 403 && error.code === 'FORBIDDEN' && serverMessage(error)) return serverMessage(error)!;
    const minimum = error.body?.minimumAmount;
    if (error.status === 400 && minimum !== undefined && minimum !== null) {
      return belowMinimumMessage(String(minimum));
    }
    if (variant === 'widget' && error.status === 409 && typeof error.body?.message === 'string' && error.body.message) {
      return error.body.message;
    }
    // the barber changed the service's price or length since the profile was read (it is read again)
    const changed = error.body?.expectedAmount !== undefined || error.body?.expectedEndTime !== undefined;
    if (variant === 'widget' && error.status === 400 && changed && serverMessage(error)) return serverMessage(error)!;
  }
  return BOOKING_GENERIC_ERROR;
}

/** Toasts a failed booking creation. */
function toastBookingError(error: unknown, variant: 'quick' | 'widget' = 'quick'): void {
  toast({ title: 'Booking failed', description: bookingCreateErrorText(error, variant), variant: 'destructive' });
}

/** Toasts the success and returns the checkout path of the new booking. */
function checkoutPathAfterCreate(booking: BookingView): string {
  toast({ title: BOOKING_SUCCESS_TEXT, variant: 'success' });
  return `/checkout?bookingId=${encodeURIComponent(booking.id)}`;
}

/**
 * Books and goes on to the new booking's checkout (toasting the success); when the call fails it toasts
 * why and answers false, so the screen can let the customer try again.
 */
export async function bookAndCheckout(
  input: NewBookingInput,
  idempotencyKey: string,
  navigate: (to: string) => void,
  variant: 'quick' | 'widget',
): Promise<boolean> {
  try {
    navigate(checkoutPathAfterCreate(await createBooking(input, idempotencyKey)));
    return true;
  } catch (error) {
    toastBookingError(error, variant);
    return false;
  }
}

/**
 * Booking without a session (docs/spec/customer-side.md §8): the destructive "Authentication required" toast, then
 * /login with a redirect back to where the user was. The profile page has its own wording.
 */
export function redirectToSignInToBook(
  navigate: (to: string) => void,
  variant: 'default' | 'profile' = 'default',
  back: string = `${window.location.pathname}${window.location.search}`,
): void {
  toast({
    title: 'Authentication required',
    description:
      variant === 'profile'
        ? 'Please sign in or create an account to book an appointment'
        : 'Please sign in to book an appointment',
    variant: 'destructive',
  });
  navigate(`/login?redirect=${encodeURIComponent(back)}`);
}
