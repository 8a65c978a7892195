import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';
import { monthGrid } from '../lib/calendar';

/**
 * GET /api/barber-bookings/dates for the 42 days the month calendar shows: the days with bookings, past
 * ones included, so the calendar marks them without "Past Appointments" being opened first. Live changes
 * reach the calendar through the appointments store, which the caller adds to these.
 */
export function useCalendarMarks(params: { year: number; month: number; barberId?: number; enabled?: boolean }) {
  const grid = useMemo(() => monthGrid(params.year, params.month), [params.year, params.month]);
  const from = grid[0]!.date;
  const to = grid[grid.length - 1]!.date;
  const query = useQuery({
    queryKey: ['/api/barber-bookings/dates', { from, to, barberId: params.barberId }],
    queryFn: answerQuery('bookingDatesAnswerSchema'),
    enabled: params.enabled ?? true,
    staleTime: 0,
  });
  return { dates: query.data?.dates, isError: query.isError, refetch: query.refetch };
}
