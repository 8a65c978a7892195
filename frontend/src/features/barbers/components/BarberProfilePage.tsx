import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ArrowLeft, UserX } from 'lucide-react';
import type { Review } from '@barber/shared';
import { buttonVariants } from '../../../components/ui/Button';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { AvatarCardSkeleton } from '../../../components/ui/AvatarCardSkeleton';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { PageHeader, usePageTitle } from '../../../components/ui/PageTitle';
import { useServiceOwnerActions } from '../../../components/services/useServiceOwnerActions';
import { useCurrentUser } from '../../../stores/session';
import { isRefusedRead } from '../../../lib/api';
import { useBarberDetails } from '../api/barber';
import { readProfileParams, type ProfileBookingParams } from '../../../lib/profileParams';
import { BookingDrawer } from './BookingDrawer';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs } from './ProfileTabs';
import { ReviewResponseDialog } from './ReviewResponseDialog';
import { canGoBackInApp } from '../../../lib/inAppHistory';

/** Barber profile (docs/spec/customer-side.md §2.9) at /barbers/{id} and /barber-profile/{id}. */
export function BarberProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  const [location] = useLocation();
  const search = useSearch();
  const params = readProfileParams(search);
  const query = useBarberDetails(id);
  const { user } = useCurrentUser();
  const owner = useServiceOwnerActions();
  const [replyTo, setReplyTo] = useState<Review | null>(null);
  // The drawer opens by itself when date and zipcode are both in the URL, or date and time (a waitlist's link).
  const [drawer, setDrawer] = useState<{ open: boolean; initial: ProfileBookingParams }>(() => ({
    open: Boolean(params.date && (params.zipcode || params.startTime)),
    initial: params,
  }));

  const openDrawer = (serviceId?: number) =>
    setDrawer((d) => ({
      open: true,
      initial: serviceId === undefined ? d.initial : { ...d.initial, serviceId, startTime: null },
    }));

  const backLink = <BackLink />;

  if (query.isPending) {
    return (
      <LoadingStatus label="Loading barber profile" className="space-y-6">
        {backLink}
        <AvatarCardSkeleton
          className="flex gap-5 p-6"
          avatar="size-24"
          bars={['h-7 w-1/3', 'h-4 w-1/4', 'h-4 w-1/2']}
        />
        <Skeleton className="h-40 w-full" />
      </LoadingStatus>
    );
  }

  if (query.isError && !isRefusedRead(query.error)) return <BarberLoadFailed onRetry={() => void query.refetch()} />;
  if (query.isError || !query.data) return <BarberNotFound />;

  const { barber, services, reviews } = query.data;
  const name = barber.user.fullName || barber.user.username;
  const ownProfile = user !== null && user.id === barber.user.id;
  // only the reviewed barber answers a review (PUT /api/reviews/{id}/response admits the barber role alone)
  const answersReviews = ownProfile && user.role === 'barber';

  return (
    <div className="space-y-6">
      {backLink}
      <ProfileHeader barber={barber} onBook={() => openDrawer()} />
      <ProfileTabs
        name={name}
        services={services}
        portfolio={barber.portfolioImages}
        reviews={reviews}
        onBookService={(serviceId) => openDrawer(serviceId)}
        // the spec's editable flag: the barber viewing their own profile edits and deletes services here too
        owner={ownProfile ? owner : undefined}
        onReply={answersReviews ? setReplyTo : undefined}
      />
      {owner.dialogs}
      <ReviewResponseDialog profileId={id} review={replyTo} onClose={() => setReplyTo(null)} />
      <BookingDrawer
        open={drawer.open}
        onOpenChange={(open) => setDrawer((d) => ({ ...d, open }))}
        barberId={barber.id}
        barberName={name}
        services={services.filter((s) => s.isActive)}
        initial={drawer.initial}
        profilePath={location}
      />
    </div>
  );
}

/** Back to where the user came from in the app (home or the search results); home when opened from elsewhere. */
function BackLink() {
  return (
    <Link
      href="/"
      onClick={(e) => {
        if (canGoBackInApp()) {
          e.preventDefault();
          window.history.back();
        }
      }}
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
    >
      <ArrowLeft aria-hidden="true" />
      Back
    </Link>
  );
}

function BarberLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="space-y-6">
      <BackLink />
      <PageHeader title="Barber Profile" />
      <ErrorNotice title="This barber's profile could not be loaded. Please try again." onRetry={onRetry} />
    </div>
  );
}

function BarberNotFound() {
  usePageTitle('Barber Not Found');
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-zinc-300 bg-white px-6 py-12 text-center">
      <div
        className="flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-700"
        aria-hidden="true"
      >
        <UserX className="size-6" />
      </div>
      <h1 className="text-xl font-semibold text-zinc-900">Barber Not Found</h1>
      <p className="max-w-md text-sm text-zinc-600">
        The barber you are looking for does not exist or is no longer available.
      </p>
      <Link href="/" className={buttonVariants({ className: 'mt-2' })}>
        Return to Home
      </Link>
    </div>
  );
}
