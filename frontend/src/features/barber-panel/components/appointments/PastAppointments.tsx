import { useEffect, useRef, useState } from 'react';
import { todayLocal, type BookingView } from '@barber/shared';
import { ChevronDown, ChevronUp, History } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { Spinner } from '../../../../components/ui/Spinner';
import { errorMessage } from '../../../../lib/api';
import { subscribeToResync } from '../../../../lib/socket';
import { fetchPastBookings, PAST_PAGE_SIZE, type PastBooking } from '../../api/bookings';
import { latestOf } from '../../../../stores/liveCollection';
import { useAppointments } from '../../stores/appointments';
import { customerName } from '../../lib/contact';
import { formatDate, formatTime, money } from '../../lib/format';
import { StatusBadge } from '../common/StatusBadge';

/** Collapsible 'Past Appointments' with Load More (10 per page, dated yesterday or earlier: the upcoming list starts today). */
export function PastAppointments({ barberId, onOpen }: { barberId?: number; onOpen: (booking: BookingView) => void }) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<PastBooking[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const byId = useAppointments((s) => s.byId);

  // Only the newest load's answer is shown: a reload after a resync may answer before a load begun earlier.
  const latestLoad = useRef(0);
  async function load(nextPage: number) {
    const call = ++latestLoad.current;
    setLoading(true);
    setError(null);
    try {
      const before = todayLocal(); // the server reads `before` as exclusive
      const answer = await fetchPastBookings({ page: nextPage, limit: PAST_PAGE_SIZE, before, barberId });
      if (call !== latestLoad.current) return;
      useAppointments.getState().merge(answer.bookings);
      setItems((prev) => (nextPage === 1 ? answer.bookings : [...prev, ...answer.bookings]));
      setHasMore(answer.hasMore);
      setPage(nextPage);
    } catch (err) {
      if (call === latestLoad.current) setError(errorMessage(err));
    } finally {
      if (call === latestLoad.current) setLoading(false);
    }
  }

  // An incomplete catch-up (too much missed while the connection was down) cannot be applied event by event:
  // the rows shown are read again from the first page, as the other lists are.
  const reload = useRef(load);
  reload.current = load;
  useEffect(() => {
    if (!open) return;
    return subscribeToResync(() => void reload.current(1));
  }, [open]);

  function toggle() {
    if (open) {
      // hiding clears the list
      setOpen(false);
      latestLoad.current += 1;
      setLoading(false);
      setItems([]);
      setPage(0);
      setHasMore(false);
      setError(null);
      return;
    }
    setOpen(true);
    void load(1);
  }

  const shown = latestOf(byId, items);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5" aria-hidden="true" />
          Past Appointments
        </CardTitle>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls="past-appointments" onClick={toggle}>
          {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {open ? 'Hide Past Appointments' : 'Show Past Appointments'}
        </Button>
      </CardHeader>
      {open ? (
        <CardContent id="past-appointments" className="space-y-3">
          {error ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
              {error}
              {/* the page that failed, again: the first one, or the next after those shown */}
              <Button variant="outline" size="sm" onClick={() => void load(page + 1)} disabled={loading}>
                Retry
              </Button>
            </div>
          ) : null}
          {!loading && !error && shown.length === 0 ? (
            <p className="text-sm text-zinc-600">No past appointments found</p>
          ) : null}
          {shown.length > 0 ? (
            <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200">
              {shown.map((b) => (
                <li key={b.id} data-testid={`past-appointment-${b.id}`}>
                  <button
                    type="button"
                    className="flex w-full flex-col gap-1 p-3 text-left hover:bg-zinc-50 sm:flex-row sm:items-center sm:justify-between"
                    onClick={() => onOpen(b)}
                  >
                    <span className="min-w-0">
                      <span className="block font-medium text-zinc-900">{customerName(b)}</span>
                      <span className="block text-sm text-zinc-700">
                        {b.serviceName || b.service?.name} · {formatDate(b.date)}, {formatTime(b.startTime)}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="text-sm font-medium">{money(b.price ?? b.totalAmount)}</span>
                      <StatusBadge status={b.status} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {loading ? (
            <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
              <Spinner /> Loading...
            </p>
          ) : null}
          {hasMore && !loading && !error ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void load(page + 1)}>
                Load More
              </Button>
            </div>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}
