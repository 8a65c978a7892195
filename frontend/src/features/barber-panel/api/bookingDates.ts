import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';
import { monthGrid } from '../lib/calendar';
import { useRefreshOnPanelEvents } from './refreshOnPanelEvents';

const BOOKING_DATES_KEY = '/api/barber-bookings/dates';

/** Events that add a booking to a day or take it off one: made, moved, cancelled, expired. */
const DATE_EVENTS: ReadonlySet<string> = new Set(['created', 'rescheduled', 'cancelled', 'expired']);

/**
 * GET /api/barber-bookings/dates for the 42 days the month calendar shows: the days with bookings, past
 * ones included, so the calendar marks them without "Past Appointments" being opened first. Live changes
 * reach the calendar through the appointments store, which the caller adds to these, and the days are read
 * again when a booking of the panel's barber (`barberId`, an administrator's choice; none: the signed-in
 * barber) is made, rescheduled, cancelled or expires (a moved booking's old day is no longer marked).
 */
export function useCalendarMarks(params: { year: number; month: number; barberId?: number; enabled?: boolean }) {
  const grid = useMemo(() => monthGrid(params.year, params.month), [params.year, params.month]);
  const from = grid[0]!.date;
  const to = grid[grid.length - 1]!.date;
  const query = useQuery({
    queryKey: [BOOKING_DATES_KEY, { from, to, barberId: params.barberId }],
    queryFn: answerQuery('bookingDatesAnswerSchema'),
    enabled: params.enabled ?? true,
    staleTime: 0,
  });
  useRefreshOnPanelEvents(BOOKING_DATES_KEY, DATE_EVENTS, params.barberId); // at most once a second
  return { dates: query.data?.dates, isError: query.isError, refetch: query.refetch };
}
