import { Briefcase, CalendarDays, CalendarPlus, Clock, Mail, MapPin, Phone, Scissors } from 'lucide-react';
import { bookingStatusLabel, customerCancelWindowProblem, customerWindowHours, type BookingView } from '@barber/shared';
import { Link } from 'wouter';
import { useNow } from '../../../lib/useNow';
import { BarberAvatar } from '../../../components/customer/BarberAvatar';
import { ArrivalEta } from './ArrivalEta';
import { Badge } from '../../../components/customer/Badge';
import { StarRating } from '../../../components/customer/StarRating';
import { Button, buttonVariants } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TotalRow } from '../../../components/ui/DetailRow';
import { formatLocalDate, formatMoney, formatTime12, pluralize } from '../../../lib/customer/format';
import {
  canAddToCalendar,
  canContinueCheckout,
  checkoutHref,
  customerCanCancel,
  icsHref,
  STATUS_BADGE,
} from '../lib/status';

/** The address the customer saved; never one made up from the zipcode (the barber would go there). */
function addressOf(b: Pick<BookingView, 'customerAddress' | 'apartmentUnit' | 'status'>): string {
  const parts = [b.customerAddress?.trim(), b.apartmentUnit?.trim()].filter(Boolean);
  if (parts.length) return parts.join(', ');
  return b.status === 'pending' ? 'Address not provided yet' : 'Address not provided';
}

/** One booking as its customer sees it (docs/spec/customer-side.md §2.11). */
export function BookingCard({
  booking,
  reviewed,
  reviewRating = null,
  onCancel,
  onReview,
  cancellationWindow,
  now,
  role,
}: {
  booking: BookingView;
  /** Whether the customer reviewed it; null while not known yet (no Leave Review then). */
  reviewed: boolean | null;
  /** The stars the customer gave, when known (shown beside "Reviewed"). */
  reviewRating?: number | null;
  onCancel: () => void;
  onReview: () => void;
  /** The platform's cancellation window (hours), once known: past it, Cancel Booking says why it cannot act. */
  cancellationWindow?: number;
  now?: Date;
  /** The signed-in account's role: only a customer's checkout can be continued. */
  role: string | undefined;
}) {
  // re-rendered each half minute: Cancel Booking turns unavailable when the window closes, not at the next click
  const ticking = useNow();
  // the window the customer booked under, or the platform's now when shorter (as the server judges it)
  const windowHours =
    cancellationWindow === undefined ? undefined : customerWindowHours(booking.cancellationWindow, cancellationWindow);
  const cancelProblem =
    customerCanCancel(booking.status) && windowHours !== undefined
      ? (customerCancelWindowProblem(booking, now ?? new Date(ticking), windowHours)?.message ?? null)
      : null;
  const barber = booking.barber.user;
  const name = barber.fullName || barber.username;
  const headingId = `booking-${booking.id}-heading`;
  return (
    <Card data-testid={`booking-${booking.id}`} className="p-5" aria-labelledby={headingId} role="article">
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="flex min-w-0 flex-1 gap-4">
          <BarberAvatar name={name} className="size-12 text-sm" />
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="text-lg font-semibold">
                {booking.service.name} with {name}
              </h2>
              <Badge data-testid="booking-status" variant={STATUS_BADGE[booking.status]}>
                {bookingStatusLabel(booking.status)}
              </Badge>
            </div>
            <ul className="space-y-0.5 text-sm text-zinc-700">
              {barber.phone ? (
                <li className="flex items-center gap-1.5">
                  <Phone className="size-4 shrink-0" aria-hidden="true" />
                  <a href={`tel:${barber.phone}`} className="hover:underline">
                    {barber.phone}
                  </a>
                </li>
              ) : null}
              <li className="flex items-center gap-1.5">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <a href={`mailto:${barber.email}`} className="break-all hover:underline">
                  {barber.email}
                </a>
              </li>
              <li className="flex items-center gap-1.5">
                <Briefcase className="size-4 shrink-0" aria-hidden="true" />
                {pluralize(booking.barber.yearsOfExperience, 'year')} experience
              </li>
            </ul>
            {booking.barber.bio ? <p className="text-sm text-zinc-600">{booking.barber.bio}</p> : null}
          </div>
        </div>

        <dl className="grid shrink-0 gap-1.5 text-sm md:w-72">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Service</dt>
            <Scissors className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
            <dd>
              {booking.service.name} ({booking.service.duration} min)
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Date</dt>
            <CalendarDays className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
            <dd>{formatLocalDate(booking.date)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Time</dt>
            <Clock className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
            <dd>
              {formatTime12(booking.startTime)} - {formatTime12(booking.endTime)}
            </dd>
          </div>
          <div className="flex items-start gap-1.5">
            <dt className="sr-only">Address</dt>
            <MapPin className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden="true" />
            <dd>{addressOf(booking)}</dd>
          </div>
          <TotalRow
            className="mt-1 items-center border-zinc-200 pt-2"
            labelWeight="font-medium"
            amount={formatMoney(booking.totalAmount)}
          />
        </dl>
      </div>

      <ArrivalEta booking={booking} />

      {booking.status === 'completed' && reviewed ? (
        <p
          className="mt-3 flex items-center gap-2 text-sm font-medium text-zinc-800"
          data-testid={`reviewed-${booking.id}`}
        >
          Reviewed
          {reviewRating ? <StarRating value={reviewRating} /> : null}
        </p>
      ) : null}

      {booking.status === 'cancelled' && booking.cancellationReason ? (
        <p className="mt-3 text-sm text-zinc-600">Reason: {booking.cancellationReason}</p>
      ) : null}

      {canAddToCalendar(booking.status) ||
      customerCanCancel(booking.status) ||
      (booking.status === 'completed' && reviewed === false) ? (
        <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-zinc-100 pt-4">
          {canContinueCheckout(booking, role) ? (
            <Link href={checkoutHref(booking.id)} className={buttonVariants()}>
              Continue to checkout
            </Link>
          ) : null}
          {canAddToCalendar(booking.status) ? (
            <a href={icsHref(booking.id)} download className={buttonVariants({ variant: 'outline' })}>
              <CalendarPlus aria-hidden="true" />
              Add to calendar
            </a>
          ) : null}
          {customerCanCancel(booking.status) ? (
            <Button
              variant="outline"
              onClick={onCancel}
              disabled={cancelProblem !== null}
              aria-describedby={cancelProblem ? `${headingId}-cancel-why` : undefined}
            >
              Cancel Booking
            </Button>
          ) : null}
          {cancelProblem ? (
            <p id={`${headingId}-cancel-why`} className="w-full text-right text-sm text-zinc-600">
              {cancelProblem}
            </p>
          ) : null}
          {booking.status === 'completed' && reviewed === false ? (
            <Button onClick={onReview}>Leave Review</Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
