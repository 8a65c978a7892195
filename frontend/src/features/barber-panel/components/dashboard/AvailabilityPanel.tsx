import { Link } from 'wouter';
import { CalendarClock } from 'lucide-react';
import { buttonVariants } from '../../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { Skeleton } from '../../../../components/ui/Spinner';
import { useAvailability } from '../../api/availability';
import { formatTime, WEEKDAYS_LONG } from '../../lib/format';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';

/** The week's availability at a glance, linking to scheduling. */
export function AvailabilityPanel({ params }: { params: { barberId?: number } }) {
  const { data, isLoading, isError, refetch } = useAvailability(params);
  const blocks = (data?.availability ?? []).filter((b) => b.isActive);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarClock className="size-5" aria-hidden="true" />
          Availability
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Skeleton className="h-32" />
        ) : isError ? (
          <ErrorNotice
            title="Your availability could not be loaded."
            retryLabel="Retry loading availability"
            onRetry={() => void refetch()}
          />
        ) : blocks.length === 0 ? (
          <p className="text-sm text-zinc-700">You have no active time blocks, so customers cannot book you yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {WEEKDAYS_LONG.map((day, dow) => {
              const today = blocks
                .filter((b) => b.dayOfWeek === dow)
                .sort((a, b) => a.startTime.localeCompare(b.startTime));
              return (
                <li key={day} className="flex justify-between gap-3">
                  <span className="font-medium">{day}</span>
                  <span className="text-right text-zinc-700">
                    {today.length === 0
                      ? 'Off'
                      : today.map((b) => `${formatTime(b.startTime)} - ${formatTime(b.endTime)}`).join(', ')}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <Link href="/barber/scheduling" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
          Manage Availability
        </Link>
      </CardContent>
    </Card>
  );
}
