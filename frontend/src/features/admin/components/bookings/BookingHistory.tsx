import type { BookingHistoryEntry, BookingView } from '@barber/shared';
import { Skeleton } from '../../../../components/ui/Spinner';
import { useBookingHistory } from '../../api/analytics';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
  barber: 'Barber',
  customer: 'Customer',
  system: 'System',
};

function actorText(entry: BookingHistoryEntry): string {
  const role = ROLE_LABELS[entry.actor.role] ?? entry.actor.role;
  return entry.actor.name ? `${entry.actor.name} (${role})` : role;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The booking's history (its events, oldest first) with who did each: customer, barber, administrator or the system. */
export function BookingHistory({ booking }: { booking: BookingView }) {
  const query = useBookingHistory(booking.id, booking.version);
  if (query.isPending) return <Skeleton className="h-16 w-full" aria-label="Loading history" />;
  if (query.isError)
    return <ErrorNotice title="Failed to load the booking's history." onRetry={() => void query.refetch()} />;
  return (
    <ol className="space-y-2 border-l border-zinc-200 pl-4" data-testid="booking-history">
      {query.data.history.map((e) => (
        <li key={e.version} className="text-sm" data-event-type={e.type} data-actor-role={e.actor.role}>
          <p className="font-medium text-zinc-900">{e.summary}</p>
          <p className="text-xs text-zinc-600">
            by {actorText(e)} · <time dateTime={e.at}>{when(e.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
