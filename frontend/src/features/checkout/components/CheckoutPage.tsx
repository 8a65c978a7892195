import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { bookingStatusLabel, CHECKOUT_EXPIRED_REASON, type BookingDetailsInput } from '@barber/shared';
import { buttonVariants } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../stores/session';
import { isRefusedRead, serverMessage } from '../../../lib/api';
import { useFocusOnStep } from '../../../lib/useFocusOnStep';
import { saveContactDetails, useCheckoutBooking, useCheckoutLive } from '../api/checkout';
import { BookingSummaryCard, ContactSummaryCard } from './CheckoutSummary';
import { CheckoutSteps } from './CheckoutSteps';
import { ConfirmationStep } from './ConfirmationStep';
import { ContactDetailsForm } from './ContactDetailsForm';

// The card form (and Stripe.js) loads only when a payment is due.
const PaymentStep = lazy(() => import('./PaymentStep').then((m) => ({ default: m.PaymentStep })));

function BackToSearch() {
  return (
    <Link href="/search" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
      <ArrowLeft aria-hidden="true" />
      Back to search
    </Link>
  );
}

/** Checkout (docs/spec/customer-side.md §2.10): /checkout?bookingId={id}. */
export function CheckoutPage() {
  const bookingId = new URLSearchParams(useSearch()).get('bookingId');
  if (!bookingId) {
    return (
      <div className="space-y-4">
        <BackToSearch />
        <Notice
          title="Missing Booking Information"
          text="No booking was given. Please choose a barber and time to start a booking."
        />
      </div>
    );
  }
  return <Checkout key={bookingId} bookingId={bookingId} />;
}

function Notice({ title, text, action }: { title: string; text: string; action?: { href: string; label: string } }) {
  return (
    <div>
      <PageHeader title={title} />
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <FileQuestion className="size-10 text-zinc-500" aria-hidden="true" />
        <p className="max-w-md text-zinc-700">{text}</p>
        <Link href={action?.href ?? '/search'} className={buttonVariants()}>
          {action?.label ?? 'Find Barbers'}
        </Link>
      </Card>
    </div>
  );
}

function Checkout({ bookingId }: { bookingId: string }) {
  const { user } = useCurrentUser();
  const query = useCheckoutBooking(bookingId);
  useCheckoutLive(bookingId);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  // The customer's own confirm or payment, under way or done on this page: its screen stays, and redirects, when
  // the booking it confirmed comes back pushed (a booking confirmed or paid elsewhere leaves the step).
  const [finishing, setFinishing] = useState(false);
  const stepArea = useRef<HTMLDivElement>(null);
  const shownBooking = query.data?.booking;
  useFocusOnStep(shownBooking ? (!finishing && (editing || !shownBooking.detailsSaved) ? 1 : 2) : null, stepArea);

  if (query.isPending) {
    return (
      <LoadingStatus label="Loading booking" className="space-y-6">
        <BackToSearch />
        <Skeleton className="h-8 w-48" />
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <Skeleton className="h-80" />
          <Skeleton className="h-64" />
        </div>
      </LoadingStatus>
    );
  }
  if (query.isError && !isRefusedRead(query.error)) {
    return (
      <div className="space-y-4">
        <BackToSearch />
        <PageHeader title="Checkout" />
        <ErrorNotice title="This booking could not be loaded. Please try again." onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="space-y-4">
        <BackToSearch />
        <Notice
          title="Booking Not Found"
          text="We could not find this booking. It may belong to another account."
          action={{ href: '/bookings', label: 'My Bookings' }}
        />
      </div>
    );
  }

  const booking = query.data.booking;
  // The booking's own fee rule decides, the one the server holds it to (docs/design.md §9): the platform's
  // setting may have changed since it was made.
  const feeOn = booking.feeCollectionEnabled;
  // once paying or confirming, step 2 stays (its success screen and redirect live there)
  const step: 1 | 2 = !finishing && (editing || !booking.detailsSaved) ? 1 : 2;
  const open = booking.status === 'pending' || (finishing && booking.status !== 'cancelled');

  const save = async (details: BookingDetailsInput) => {
    setSaving(true);
    try {
      await saveContactDetails(booking.id, details);
      setEditing(false);
    } catch (error) {
      console.error('Saving contact details failed', error);
      toast({ title: 'Failed to update contact details.', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-6">
      <BackToSearch />
      <PageHeader title="Checkout" description="Confirm where the barber should come and complete your booking." />
      {open ? <CheckoutSteps step={step} feeOn={feeOn} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6" ref={stepArea}>
          {!open ? (
            <Card className="space-y-3 p-6">
              {booking.cancellationReason === CHECKOUT_EXPIRED_REASON ? (
                <p className="text-zinc-800">
                  This checkout <strong>expired</strong> before it was completed, and the time was released. Please book
                  again.
                </p>
              ) : (
                <p className="text-zinc-800">
                  This booking is <strong>{bookingStatusLabel(booking.status)}</strong>. There is nothing left to do
                  here.
                </p>
              )}
              <Link href="/bookings" className={buttonVariants()}>
                My Bookings
              </Link>
            </Card>
          ) : step === 1 ? (
            <ContactDetailsForm
              booking={booking}
              saving={saving}
              onSubmit={(d) => void save(d)}
              defaults={{
                customerPhone: booking.customerPhone ?? user?.phone ?? '',
                customerAddress: booking.customerAddress ?? user?.address ?? '',
                apartmentUnit: booking.apartmentUnit ?? '',
                specialInstructions: booking.specialInstructions ?? '',
              }}
            />
          ) : (
            <>
              <ContactSummaryCard booking={booking} onEdit={() => setEditing(true)} disabled={finishing} />
              <div data-step-main>
                {feeOn ? (
                  <Suspense fallback={<Skeleton className="h-40" />}>
                    <PaymentStep booking={booking} onFinishing={setFinishing} />
                  </Suspense>
                ) : (
                  <ConfirmationStep booking={booking} onFinishing={setFinishing} />
                )}
              </div>
            </>
          )}
        </div>
        <BookingSummaryCard booking={booking} />
      </div>
    </div>
  );
}
