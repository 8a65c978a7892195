import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  type BookingDetailsInput,
  type BookingView,
  type ConfirmReturnAnswer,
  ADDRESS_FALLBACK_CITY,
  ADDRESS_FALLBACK_ZIPCODE,
} from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery, queryClient } from '../../../lib/queryClient';
import { subscribeToEvents } from '../../../lib/socket';

export function bookingKey(id: string) {
  return [`/api/bookings/${encodeURIComponent(id)}`] as const;
}

/** GET /api/bookings/{id} */
export function useCheckoutBooking(id: string) {
  return useQuery({ queryKey: bookingKey(id), queryFn: answerQuery('bookingAnswerSchema'), staleTime: 0 });
}

/**
 * The checkout follows its booking live: every pushed change newer than the one held is shown. The barber or an
 * administrator may reschedule it (the summary shows the new date and time), cancel it, or it may expire, be paid
 * or confirmed in another tab: a booking no longer pending leaves the form and the card for what the page says of
 * it. The customer's own confirm or payment in this page keeps its screen until it redirects (CheckoutPage).
 * A push that came without its booking reads it again.
 */
export function useCheckoutLive(id: string): void {
  useEffect(
    () =>
      subscribeToEvents((msg) => {
        if (msg.bookingId !== id) return;
        if (!msg.booking) {
          // the event came without its booking: the server leaves it to be read over HTTP
          void queryClient.invalidateQueries({ queryKey: bookingKey(id) });
          return;
        }
        const held = queryClient.getQueryData<{ booking: BookingView }>(bookingKey(id));
        if (held && held.booking.version >= msg.booking.version) return;
        queryClient.setQueryData(bookingKey(id), { booking: msg.booking });
      }),
    [id],
  );
}

function remember(booking: BookingView, updateCheckout = true): BookingView {
  // After confirming, the checkout keeps its screen until it redirects; the cache is refreshed on the next visit.
  // A newer version pushed before this answer (cancelled by an administrator, expired) stays.
  if (updateCheckout)
    queryClient.setQueryData<{ booking: BookingView }>(bookingKey(booking.id), (held) =>
      held && held.booking.version > booking.version ? held : { booking },
    );
  else void queryClient.invalidateQueries({ queryKey: bookingKey(booking.id), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: ['/api/my-bookings'] });
  return booking;
}

/** Checkout step 1: PUT /api/bookings/{id}/status {status: 'pending', ...details}. */
export async function saveContactDetails(id: string, details: BookingDetailsInput): Promise<BookingView> {
  const answer = await api.put(
    `/api/bookings/${encodeURIComponent(id)}/status`,
    {
      status: 'pending',
      customerPhone: details.customerPhone,
      customerAddress: details.customerAddress,
      apartmentUnit: details.apartmentUnit ?? '',
      specialInstructions: details.specialInstructions ?? '',
    },
    { answer: 'bookingAnswerSchema' },
  );
  return remember(answer.booking);
}

/** Fee collection off: PUT /api/bookings/{id}/status {status: 'confirmed'}. */
export async function confirmAppointment(id: string): Promise<BookingView> {
  const answer = await api.put(
    `/api/bookings/${encodeURIComponent(id)}/status`,
    { status: 'confirmed' },
    { answer: 'bookingAnswerSchema' },
  );
  return remember(answer.booking, false);
}

/** GET /api/stripe/config: the publishable key, or null (a missing key is only logged). */
export async function fetchPublishableKey(): Promise<string | null> {
  const answer = await api.get('/api/stripe/config', undefined, { answer: 'stripeConfigAnswerSchema' });
  if (!answer.publishableKey) console.warn('Stripe publishable key is not configured');
  return answer.publishableKey ?? null;
}

/** POST /api/create-payment-intent {bookingId} -> clientSecret. */
export async function createPaymentIntent(bookingId: string): Promise<string> {
  const answer = await api.post('/api/create-payment-intent', { bookingId }, { answer: 'paymentIntentAnswerSchema' });
  return answer.clientSecret;
}

/** Records a succeeded payment at once (the webhook would too): POST /api/payments/confirm-return. */
export async function confirmPaymentNow(paymentIntentId: string): Promise<ConfirmReturnAnswer> {
  return api.post(
    '/api/payments/confirm-return',
    { paymentIntentId, redirectStatus: 'succeeded' },
    { answer: 'confirmReturnAnswerSchema' },
  );
}

/** Suggestions built locally when the call fails (docs/spec/customer-side.md §9: fallback zip 33020, city Hollywood). */
function localAddressSuggestions(input: string, city?: string | null, zipcode?: string | null): string[] {
  const street = input.trim();
  if (!street) return [];
  const c = city || ADDRESS_FALLBACK_CITY;
  const z = zipcode || ADDRESS_FALLBACK_ZIPCODE;
  return [`${street}, ${c}, FL ${z}`, `${street}, ${c}, FL`, `${street}, FL ${z}`];
}

/** GET /api/address-suggestions?input&city&zipcode (from 3 characters); local strings on failure. */
export async function fetchAddressSuggestions(
  input: string,
  city: string | null,
  zipcode: string | null,
  signal?: AbortSignal,
): Promise<string[]> {
  try {
    const answer = await api.get(
      '/api/address-suggestions',
      { input, city: city ?? undefined, zipcode: zipcode ?? undefined },
      { signal, answer: 'addressSuggestionsSchema' },
    );
    return answer.suggestions;
  } catch (error) {
    if (signal?.aborted) throw error;
    return localAddressSuggestions(input, city, zipcode);
  }
}
