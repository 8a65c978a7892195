import { useEffect } from 'react';
import type { BarberQuickAction, BookingView } from '@barber/shared';
import { CalendarX } from 'lucide-react';
import { Pagination } from '../../../../components/Pagination';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { LoadingStatus, Skeleton } from '../../../../components/ui/Spinner';
import { mondayOf } from '../../lib/calendar';
import { formatDate } from '../../lib/format';
import { pageItems, showingRange } from '../../lib/pagination';
import { AppointmentRow } from './AppointmentRow';

function groupByWeek(bookings: BookingView[]): { week: string; items: BookingView[] }[] {
  const groups: { week: string; items: BookingView[] }[] = [];
  for (const b of bookings) {
    const week = mondayOf(b.date);
    const last = groups[groups.length - 1];
    if (last && last.week === week) last.items.push(b);
    else groups.push({ week, items: [b] });
  }
  return groups;
}

/** The upcoming (or one day's) appointments, grouped by week (weeks start Monday), paged by 50. */
export function UpcomingList({
  bookings,
  isLoading,
  total,
  page,
  pageSize,
  onPage,
  filtered,
  onOpen,
  onAction,
}: {
  bookings: BookingView[];
  isLoading: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  filtered: boolean;
  onOpen: (booking: BookingView) => void;
  onAction: (booking: BookingView, action: BarberQuickAction) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the last one (its appointments moved out, or it came back empty) goes to the last page, or to
  // page 1 when none is left: the pager is drawn beside appointments only, so there would be no way back.
  const pastTheEnd = !isLoading && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) onPage(pageCount);
  }, [pastTheEnd, pageCount, onPage]);

  if (isLoading) {
    return (
      <LoadingStatus label="Loading appointments" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </LoadingStatus>
    );
  }
  if (bookings.length === 0) {
    return (
      <EmptyState
        icon={<CalendarX />}
        headingLevel={3}
        title="No appointments"
        description={filtered ? 'There are no appointments on this day.' : 'You have no upcoming appointments.'}
      />
    );
  }
  const { from, to } = showingRange(page, pageSize, bookings.length, total);
  return (
    <div className="space-y-4">
      {groupByWeek(bookings).map((group) => (
        <section key={group.week} aria-label={`Week of ${formatDate(group.week)}`} className="space-y-2">
          {!filtered ? (
            <h3 className="text-sm font-semibold uppercase tracking-wide text-zinc-600">
              Week of {formatDate(group.week)}
            </h3>
          ) : null}
          <ul className="space-y-3">
            {group.items.map((b) => (
              <AppointmentRow key={b.id} booking={b} onOpen={onOpen} onAction={onAction} showDate={!filtered} />
            ))}
          </ul>
        </section>
      ))}
      <p className="text-center text-sm text-zinc-700" aria-live="polite">
        Showing {from}-{to} of {total} appointments
      </p>
      <Pagination
        page={page}
        pages={pageCount}
        items={pageItems(page, pageCount)}
        onPage={onPage}
        label="Appointments pages"
      />
    </div>
  );
}
