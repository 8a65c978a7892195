import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coalesce } from '../../../lib/coalesce';
import { answerQuery } from '../../../lib/queryClient';
import { subscribeToEvents } from '../../../lib/socket';
import { monthGrid } from '../lib/calendar';
import { isPanelBooking } from '../stores/useLiveAppointments';

export const BOOKING_DATES_KEY = '/api/barber-bookings/dates';

/** Events that add a booking to a day or take it off one: made, moved, cancelled, expired. */
const DATE_EVENTS: ReadonlySet<string> = new Set(['created', 'rescheduled', 'cancelled', 'expired']);
/** Pushed events read the markers again at most once a second. */
export const MARKS_REFRESH_MS = 1_000;

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
  const queryClient = useQueryClient();
  const { barberId } = params;
  useEffect(() => {
    const refresh = coalesce(
      () => void queryClient.invalidateQueries({ queryKey: [BOOKING_DATES_KEY] }),
      MARKS_REFRESH_MS,
    );
    const stop = subscribeToEvents((msg) => {
      if (!DATE_EVENTS.has(msg.type)) return;
      // without its booking, whose it is cannot be told: read again
      if (msg.booking && !isPanelBooking(msg.booking, barberId)) return;
      refresh();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [queryClient, barberId]);
  return { dates: query.data?.dates, isError: query.isError, refetch: query.refetch };
}
