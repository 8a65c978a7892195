import { useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, CalendarX } from 'lucide-react';
import type { BookingView } from '@barber/shared';
import { Button, buttonVariants } from '../../../components/ui/Button';
import { AvatarListSkeleton } from '../../../components/ui/AvatarCardSkeleton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { toast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../stores/session';
import { usePublicSettings } from '../../../lib/publicSettings';
import { usePaymentReturn } from '../api/usePaymentReturn';
import { useLiveMyBookings } from '../api/useLiveBookings';
import { useReviewedBookingIds } from '../api/useReviewed';
import { customerCanCancel } from '../lib/status';
import { sortBookings, useMyBookings, useReviewedNow } from '../stores/bookings';
import { BookingCard } from './BookingCard';
import { CancelBookingDialog } from './CancelBookingDialog';
import { ReviewDialog } from './ReviewDialog';
import { WaitlistSection } from '../../../components/waitlist/WaitlistSection';

const NO_BOOKINGS: BookingView[] = [];

/** My bookings (docs/spec/customer-side.md §2.11), live: pushed booking events update the cards without a reload. */
export function BookingsPage() {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const cancellationWindow = usePublicSettings().data?.cancellationWindow;
  const loadFailed = useCallback(
    () => toast({ title: 'Error Loading Bookings', description: 'Please try again.', variant: 'destructive' }),
    [],
  );
  const { query, reload: load } = useLiveMyBookings(userId, loadFailed);
  const owned = useMyBookings((s) => s.ownerId === userId);
  const byId = useMyBookings((s) => s.byId);
  const bookings = useMemo(() => (owned ? sortBookings(Object.values(byId)) : NO_BOOKINGS), [owned, byId]);
  // before the first answer: loading; a first load that failed: the error; later failures keep the list
  const status =
    query.data === undefined || !owned ? (query.isError && !query.isFetching ? 'error' : 'loading') : 'ready';
  const reviewedNow = useReviewedNow((s) => s.reviewed);
  const reviewedBefore = useReviewedBookingIds(bookings);
  // the booking as it is now (pushes keep changing it): a dialog for one moved meanwhile names its new time, and
  // closes once it can no longer be cancelled
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const cancelling =
    cancellingId && byId[cancellingId] && customerCanCancel(byId[cancellingId].status) ? byId[cancellingId] : null;
  const [reviewing, setReviewing] = useState<BookingView | null>(null);

  usePaymentReturn(load);

  return (
    <div className="space-y-6">
      <PageHeader title="My Bookings" description="Your appointments, updated live." />
      {status === 'loading' ? (
        <AvatarListSkeleton label="Loading bookings" avatar="size-12" bars={['h-5 w-1/3', 'h-4 w-1/2', 'h-4 w-1/4']} />
      ) : status === 'error' ? (
        <EmptyState
          icon={<AlertTriangle />}
          title="Error Loading Bookings"
          description="We could not load your bookings. Please try again."
          action={<Button onClick={load}>Try Again</Button>}
        />
      ) : bookings.length === 0 ? (
        <EmptyState
          icon={<CalendarX />}
          title="No Bookings Yet"
          description="You have no appointments yet. Find a barber who comes to you."
          action={
            <Link href="/search" className={buttonVariants()}>
              Find Barbers
            </Link>
          }
        />
      ) : (
        <ul className="space-y-4" aria-label="Bookings">
          {bookings.map((b) => (
            <li key={b.id}>
              <BookingCard
                booking={b}
                reviewed={b.id in reviewedNow || (reviewedBefore === null ? null : reviewedBefore.has(b.id))}
                reviewRating={reviewedNow[b.id] || reviewedBefore?.get(b.id) || null}
                onCancel={() => setCancellingId(b.id)}
                onReview={() => setReviewing(b)}
                cancellationWindow={cancellationWindow}
                role={user?.role}
              />
            </li>
          ))}
        </ul>
      )}
      {user?.role === 'customer' ? <WaitlistSection userId={user.id} /> : null}
      <CancelBookingDialog booking={cancelling} onClose={() => setCancellingId(null)} />
      <ReviewDialog booking={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
