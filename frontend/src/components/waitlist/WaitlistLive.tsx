import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { BellRing, X } from 'lucide-react';
import { WAITLIST_SLOT_OPENED, waitlistBookingPath, type WaitlistEntry } from '@barber/shared';
import { buttonVariants } from '../ui/Button';
import { formatLocalDate, formatTime12 } from '../../lib/customer/format';
import { subscribeToEvents, subscribeToResync } from '../../lib/socket';
import { reloadOnSlotOpened, useWaitlistEntries, useWaitlistNotices, waitlistQueryKey } from '../../stores/waitlist';

const NO_NOTICES: WaitlistEntry[] = [];

/** The words of an opened slot: "A slot opened with Ana on Thu, Nov 26 at 10:00 AM." */
export function openedSlotText(entry: WaitlistEntry): string {
  return `A slot opened with ${entry.barberName} on ${formatLocalDate(entry.date)} at ${formatTime12(entry.notifiedSlot ?? '')}.`;
}

export function bookingPathOf(entry: WaitlistEntry): string {
  return waitlistBookingPath({
    barberId: entry.barberId,
    date: entry.date,
    startTime: entry.notifiedSlot ?? '',
    serviceId: entry.serviceId,
    zipcode: entry.zipcode,
  });
}

/**
 * Keeps the signed-in customer's waitlist live on every customer page: when the server pushes
 * `waitlistSlotOpened` (a matching slot freed), the entries are reloaded and a notice with a link to
 * the booking widget on that barber, date and time appears at once. The slot is not held: it says so.
 */
export function WaitlistLive({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  // the entries' query, loaded as soon as the customer is on any page (My Bookings reads the same)
  useWaitlistEntries(userId);
  const opened = useWaitlistNotices((s) => (s.ownerId === userId ? s.opened : NO_NOTICES));
  const dismiss = useWaitlistNotices((s) => s.dismiss);

  useEffect(() => {
    useWaitlistNotices.getState().claim(userId);
    const offEvents = subscribeToEvents((msg) => {
      if (msg.type !== WAITLIST_SLOT_OPENED) return;
      void reloadOnSlotOpened(queryClient, userId, msg.recordedAt).then((fresh) =>
        useWaitlistNotices.getState().announce(userId, fresh),
      );
    });
    const offResync = subscribeToResync(
      () => void queryClient.invalidateQueries({ queryKey: waitlistQueryKey(userId), exact: true }),
    );
    return () => {
      offEvents();
      offResync();
    };
  }, [queryClient, userId]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 md:bottom-6"
    >
      {opened.slice(0, 2).map((entry) => (
        <div
          key={`${entry.id}-${entry.notifiedAt}`}
          role="status"
          data-testid="waitlist-slot-opened"
          className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border border-emerald-200 bg-white p-4 shadow-lg"
        >
          <BellRing className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="text-sm font-semibold text-zinc-900">{openedSlotText(entry)}</p>
            <p className="text-sm text-zinc-700">It is not held for you: book it before someone else does.</p>
            <Link
              href={bookingPathOf(entry)}
              onClick={() => dismiss(entry.id)}
              className={buttonVariants({ size: 'sm' })}
            >
              Book now
            </Link>
          </div>
          <button
            type="button"
            onClick={() => dismiss(entry.id)}
            aria-label="Dismiss"
            className="rounded-md p-1 text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-zinc-900"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
