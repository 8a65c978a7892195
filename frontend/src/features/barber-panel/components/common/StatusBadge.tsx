import { bookingStatusLabel, type BookingStatus } from '@barber/shared';
import { cn } from '../../../../lib/cn';

const styles: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 border-amber-300',
  confirmed: 'bg-blue-100 text-blue-900 border-blue-300',
  en_route: 'bg-indigo-100 text-indigo-900 border-indigo-300',
  arrived: 'bg-violet-100 text-violet-900 border-violet-300',
  in_progress: 'bg-cyan-100 text-cyan-900 border-cyan-300',
  completed: 'bg-green-100 text-green-900 border-green-300',
  cancelled: 'bg-red-100 text-red-900 border-red-300',
  no_show: 'bg-zinc-200 text-zinc-900 border-zinc-400',
};

/** The booking status label (Pending, Confirmed, Barber En Route, ...). */
export function StatusBadge({
  status,
  className,
  testId,
}: {
  status: BookingStatus;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        styles[status],
        className,
      )}
    >
      {bookingStatusLabel(status)}
    </span>
  );
}
