import { useMemo } from 'react';
import { Link } from 'wouter';
import { todayLocal, type BookingStatus } from '@barber/shared';
import { CalendarDays } from 'lucide-react';
import { buttonVariants } from '../../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { LoadingStatus, Skeleton } from '../../../../components/ui/Spinner';
import { useBarberBookings } from '../../api/bookings';
import { useAppointments } from '../../stores/appointments';
import { customerName } from '../../lib/contact';
import { formatDate, formatTime } from '../../lib/format';
import { StatusBadge } from '../common/StatusBadge';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';

const UPCOMING_STATUSES: readonly BookingStatus[] = ['confirmed', 'en_route', 'in_progress'];
const DASHBOARD_UPCOMING = 5;

/** Bookings dated today or later, confirmed / en route / in progress, by date: the first 5. Live. */
export function UpcomingPanel({ barberId, params }: { barberId: number | null; params: { barberId?: number } }) {
  const query = useBarberBookings({ page: 1, limit: 100, barberId: params.barberId });
  const byId = useAppointments((s) => s.byId);
  const today = todayLocal();
  const upcoming = useMemo(
    () =>
      Object.values(byId)
        .filter(
          (b) =>
            (barberId === null || b.barberId === barberId) && b.date >= today && UPCOMING_STATUSES.includes(b.status),
        )
        .sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`))
        .slice(0, DASHBOARD_UPCOMING),
    [byId, barberId, today],
  );

  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">Upcoming Appointments</CardTitle>
        <Link href="/barber/appointments" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          View All
        </Link>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <LoadingStatus label="Loading appointments" className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </LoadingStatus>
        ) : query.isError ? (
          <ErrorNotice
            title="Error Loading Bookings"
            retryLabel="Retry loading upcoming appointments"
            onRetry={() => void query.refetch()}
          />
        ) : upcoming.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-zinc-600">
            <CalendarDays className="size-4" aria-hidden="true" />
            No upcoming appointments
          </p>
        ) : (
          <ul className="divide-y divide-zinc-200" aria-label="Upcoming appointments">
            {upcoming.map((b) => (
              <li
                key={b.id}
                data-testid={`dashboard-appointment-${b.id}`}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{customerName(b)}</p>
                  <p className="text-sm text-zinc-700">
                    {b.service?.name ?? 'Service'} · {formatDate(b.date)}, {formatTime(b.startTime)}
                  </p>
                </div>
                <StatusBadge status={b.status} testId="appointment-status" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
