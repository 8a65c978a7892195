import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberUpdateBookingInput, BookingView } from '@barber/shared';
import { api } from '../../../lib/api';
import { useAppointmentsStore } from '../stores/appointments';

export const PAGE_SIZE = 50;
export const PAST_PAGE_SIZE = 10;

export interface BarberBookingsAnswer {
  bookings: BookingView[];
  requestedDate: string | null;
  total: number;
  page: number;
  limit: number;
}

export type PastBooking = BookingView & { serviceName: string; price: string };
export interface PastBookingsAnswer {
  bookings: PastBooking[];
  hasMore: boolean;
}

/** GET /api/barber-bookings[?date=]: upcoming from today, or one date; never cached. */
export function useBarberBookings(options: {
  date?: string | null;
  page?: number;
  limit?: number;
  barberId?: number;
  enabled?: boolean;
}) {
  const { date, page = 1, limit = PAGE_SIZE, barberId, enabled = true } = options;
  const query = useQuery<BarberBookingsAnswer>({
    queryKey: ['/api/barber-bookings', { date: date ?? undefined, page, limit, barberId }],
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
  const upsertMany = useAppointmentsStore((s) => s.upsertMany);
  useEffect(() => {
    if (query.data) upsertMany(query.data.bookings);
  }, [query.data, upsertMany]);
  return query;
}

/** One page of GET /api/barber-bookings/past. */
export function fetchPastBookings(params: { page: number; limit?: number; before: string; barberId?: number }) {
  return api.get<PastBookingsAnswer>('/api/barber-bookings/past', {
    page: params.page,
    limit: params.limit ?? PAST_PAGE_SIZE,
    before: params.before,
    barberId: params.barberId,
  });
}

export interface BookingUpdate extends BarberUpdateBookingInput {
  id: string;
}

/** PUT /api/bookings/{id}/update; the answer goes straight into the appointments store. */
export function useUpdateBooking() {
  const queryClient = useQueryClient();
  const upsertMany = useAppointmentsStore((s) => s.upsertMany);
  return useMutation({
    mutationFn: ({ id, ...body }: BookingUpdate) =>
      api.put<{ booking: BookingView }>(`/api/bookings/${encodeURIComponent(id)}/update`, body),
    onSuccess: (answer) => {
      if (answer?.booking) upsertMany([answer.booking]);
      void queryClient.invalidateQueries({ queryKey: ['/api/barber/earnings'] });
    },
  });
}

/**
 * PUT /api/bookings/{id}/eta (issue 13): the barber on the way will be `addMinutes` later. The answer
 * goes into the appointments store; the customer's screen gets the same booking pushed.
 */
export function useUpdateEta() {
  const upsertMany = useAppointmentsStore((s) => s.upsertMany);
  return useMutation({
    mutationFn: ({ id, addMinutes }: { id: string; addMinutes: number }) =>
      api.put<{ booking: BookingView }>(`/api/bookings/${encodeURIComponent(id)}/eta`, { addMinutes }),
    onSuccess: (answer) => {
      if (answer?.booking) upsertMany([answer.booking]);
    },
  });
}
