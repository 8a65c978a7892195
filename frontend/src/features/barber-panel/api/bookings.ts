import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BarberBookingsAnswer, BarberUpdateBookingInput, PastBooking } from '@barber/shared';
import { api } from '../../../lib/api';
import { useLiveQuery } from '../../../stores/liveCollection';
import { useAppointments } from '../stores/appointments';

export const PAGE_SIZE = 50;
export const PAST_PAGE_SIZE = 10;

export type { PastBooking };

/** GET /api/barber-bookings[?date=]: upcoming from today, or one date; never cached. The bookings go into the live appointments. */
export function useBarberBookings(options: {
  date?: string | null;
  page?: number;
  limit?: number;
  barberId?: number;
  enabled?: boolean;
}) {
  const { date, page = 1, limit = PAGE_SIZE, barberId, enabled = true } = options;
  const params = { date: date ?? undefined, page, limit, barberId };
  return useLiveQuery(useAppointments, {
    queryKey: ['/api/barber-bookings', params],
    fetch: (signal) => api.get('/api/barber-bookings', params, { signal, answer: 'barberBookingsAnswerSchema' }),
    items: bookingsOf,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

const bookingsOf = (answer: BarberBookingsAnswer) => answer.bookings;

/** One page of GET /api/barber-bookings/past. */
export function fetchPastBookings(params: { page: number; limit?: number; before: string; barberId?: number }) {
  return api.get(
    '/api/barber-bookings/past',
    { page: params.page, limit: params.limit ?? PAST_PAGE_SIZE, before: params.before, barberId: params.barberId },
    { answer: 'pastBookingsAnswerSchema' },
  );
}

export interface BookingUpdate extends BarberUpdateBookingInput {
  id: string;
}

/** PUT /api/bookings/{id}/update; the answer goes straight into the live appointments. */
export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: BookingUpdate) =>
      api.put(`/api/bookings/${encodeURIComponent(id)}/update`, body, { answer: 'bookingAnswerSchema' }),
    onSuccess: (answer) => {
      if (answer?.booking) useAppointments.getState().merge([answer.booking]);
      void queryClient.invalidateQueries({ queryKey: ['/api/barber/earnings'] });
    },
  });
}

/**
 * PUT /api/bookings/{id}/eta (issue 13): the barber on the way will be `addMinutes` later. The answer
 * goes into the live appointments; the customer's screen gets the same booking pushed.
 */
export function useUpdateEta() {
  return useMutation({
    mutationFn: ({ id, addMinutes }: { id: string; addMinutes: number }) =>
      api.put(`/api/bookings/${encodeURIComponent(id)}/eta`, { addMinutes }, { answer: 'bookingAnswerSchema' }),
    onSuccess: (answer) => {
      if (answer?.booking) useAppointments.getState().merge([answer.booking]);
    },
  });
}
