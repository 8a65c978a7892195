import { useMemo } from 'react';
import type { BookingView } from '@barber/shared';
import { latestOf } from '../../../../stores/liveCollection';
import { useAppointments } from '../../stores/appointments';

function sortKey(b: BookingView): string {
  return `${b.date} ${b.startTime} ${b.createdAt ?? ''}`;
}

/**
 * The page of appointments to show: the loaded page with each booking's newest version (pushed
 * events included), minus bookings moved out of the filter, plus every other held booking that matches
 * the filter and falls inside this page: one pushed new, and one loaded for another day (or page) that a
 * reschedule moved here, which the collection already held and so never counts as pushed.
 */
export function useUpcomingView(options: {
  pageBookings: BookingView[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  date: string | null;
  today: string;
  barberId: number | null;
}): { bookings: BookingView[]; total: number } {
  const { pageBookings, total, page, pageSize, date, today, barberId } = options;
  const byId = useAppointments((s) => s.byId);
  return useMemo(() => {
    if (!pageBookings) return { bookings: [], total: 0 };
    const matches = (b: BookingView) =>
      (barberId === null || b.barberId === barberId) && (date ? b.date === date : b.date >= today);
    const onPage = latestOf(byId, pageBookings);
    const pageIds = new Set(pageBookings.map((b) => b.id));
    const kept = onPage.filter(matches);
    const first = pageBookings[0];
    const last = pageBookings[pageBookings.length - 1];
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const extras = Object.values(byId)
      .filter((b) => !pageIds.has(b.id) && matches(b))
      .filter(
        (b) =>
          // a page after the first starts at its first row: an empty one holds nothing of the pages before
          (page === 1 || (first !== undefined && sortKey(b) >= sortKey(first))) &&
          (page >= pageCount || !last || sortKey(b) <= sortKey(last)),
      );
    const bookings = [...kept, ...extras].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    return { bookings, total: Math.max(0, total - (onPage.length - kept.length) + extras.length) };
  }, [pageBookings, total, page, pageSize, date, today, barberId, byId]);
}
