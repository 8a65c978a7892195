import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import type { WaitlistEntry, WaitlistStatus } from '@barber/shared';
import { Badge, type BadgeVariant } from '../customer/Badge';
import { Button, buttonVariants } from '../ui/Button';
import { Card } from '../ui/Card';
import { LoadingStatus, Skeleton } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { errorMessage } from '../../lib/api';
import { formatLocalDate, formatTime12 } from '../../lib/customer/format';
import { leaveWaitlist, useWaitlistEntries, useWaitlistNotices, waitlistQueryKey } from '../../stores/waitlist';
import { bookingPathOf } from './WaitlistLive';

const STATUS: Record<WaitlistStatus, { label: string; variant: BadgeVariant }> = {
  waiting: { label: 'Waiting', variant: 'info' },
  notified: { label: 'Slot opened', variant: 'success' },
  booked: { label: 'Booked', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'outline' },
};

function rangeText(entry: WaitlistEntry): string {
  if (!entry.startTime && !entry.endTime) return 'Any time';
  if (entry.startTime && entry.endTime) return `${formatTime12(entry.startTime)} - ${formatTime12(entry.endTime)}`;
  return entry.startTime ? `From ${formatTime12(entry.startTime)}` : `Until ${formatTime12(entry.endTime!)}`;
}

/**
 * The customer's waitlist (My Bookings): each day they wait for, its status, a link to book an opened
 * slot, and Leave. Kept live by WaitlistLive (mounted by the main layout for customers).
 */
export function WaitlistSection({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const query = useWaitlistEntries(userId);
  const entries = query.data;
  const leave = useMutation({
    mutationFn: (entry: WaitlistEntry) => leaveWaitlist(entry.id),
    onSuccess: async (_answer, entry) => {
      useWaitlistNotices.getState().dismiss(entry.id);
      queryClient.setQueryData<WaitlistEntry[]>(waitlistQueryKey(userId), (held) =>
        held?.filter((e) => e.id !== entry.id),
      );
      await queryClient.invalidateQueries({ queryKey: waitlistQueryKey(userId), exact: true });
      toast({ title: 'You left the waitlist', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not leave the waitlist',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const leaving = leave.isPending ? leave.variables.id : null;

  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="space-y-3">
      <h2 id="waitlist-heading" className="text-lg font-semibold text-zinc-900">
        Waitlist
      </h2>
      {entries === undefined && query.isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-red-700">
          <AlertTriangle className="size-4" aria-hidden="true" /> We could not load your waitlist.
          <Button variant="link" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </p>
      ) : entries === undefined ? (
        <LoadingStatus label="Loading waitlist">
          <Skeleton className="h-16 w-full" />
        </LoadingStatus>
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-600">
          You are not waiting for any barber. When a barber's day is full, choose "Notify me when a slot opens" and we
          will tell you the moment a slot frees up.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Waitlist entries">
          {entries.map((entry) => {
            const s = STATUS[entry.status];
            const open = entry.status === 'waiting' || entry.status === 'notified';
            return (
              <li key={entry.id}>
                <Card
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
                  data-testid={`waitlist-entry-${entry.id}`}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-zinc-900">{entry.barberName}</h3>
                      <Badge variant={s.variant}>{s.label}</Badge>
                    </div>
                    <p className="text-sm text-zinc-700">
                      {formatLocalDate(entry.date)} · {rangeText(entry)}
                      {entry.serviceName ? ` · ${entry.serviceName}` : ''}
                    </p>
                    {entry.status === 'notified' && entry.notifiedSlot ? (
                      <p className="text-sm font-medium text-emerald-800">
                        A slot opened at {formatTime12(entry.notifiedSlot)}. It is not held: book it before someone else
                        does.
                      </p>
                    ) : null}
                  </div>
                  {open ? (
                    <div className="flex shrink-0 gap-2">
                      {entry.status === 'notified' && entry.notifiedSlot ? (
                        <Link href={bookingPathOf(entry)} className={buttonVariants({ size: 'sm' })}>
                          Book now
                        </Link>
                      ) : null}
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => leave.mutate(entry)}
                        disabled={leaving === entry.id}
                        aria-label={`Leave waitlist: ${entry.barberName}, ${formatLocalDate(entry.date)}`}
                      >
                        {leaving === entry.id ? 'Leaving...' : 'Leave waitlist'}
                      </Button>
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
