import {
  addDaysLocal,
  dayOfWeekLocal,
  etaClock,
  formatTime12,
  formatUsd,
  MONTH_NAMES,
  todayLocal,
  WEEKDAY_NAMES,
  type BookingEvent,
  type BookingState,
  type CreatedBooking,
  type NoticeCategory,
  type RecordedRefund,
} from '@barber/shared';

export interface Notice {
  to: 'customer' | 'barber';
  kind: string;
  title: string;
  body: string;
  category: NoticeCategory;
}

/** The names a message needs, read when the event is handled. */
export interface BookingPeople {
  customerName: string;
  barberName: string;
  serviceName: string;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** "10:00" -> "10:00 AM", "13:30" -> "1:30 PM" (New York wall clock, as stored). */
export function formatTime(hhmm: string): string {
  return formatTime12(hhmm);
}

/** "2026-03-13", "10:00" -> "Friday, March 13 at 10:00 AM". */
export function formatWhen(date: string, time: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[dayOfWeekLocal(date)]}, ${MONTH_NAMES[month - 1]} ${day} at ${formatTime(time)}`;
}

/** "a" or "an" before a name barbers chose ("an Edge Up", "a Haircut"), by its first letter. */
function article(name: string): string {
  return /^[aeiou]/i.test(name) ? 'an' : 'a';
}

/**
 * Whether the customer was told of a refund: of a first refund when it was recorded; of a retry (after the bank
 * refused an earlier one they were told "we will let you know when it goes through") only once it settled.
 */
function toldOf(refund: RecordedRefund): boolean {
  return !refund.retry || refund.settled;
}

/**
 * The notices of one booking event, written for people. `booking` is the state after the event, `before` the
 * one before it (what a failed refund had been); `actorRole` is who appended it (a barber is not told about their
 * own changes).
 */
export function noticesFor(
  event: BookingEvent,
  booking: CreatedBooking,
  people: BookingPeople,
  actorRole?: string,
  before?: BookingState,
): Notice[] {
  const { customerName, barberName, serviceName } = people;
  const when = formatWhen(booking.date, booking.startTime);
  const time = formatTime(booking.startTime);
  // what goes back is what was paid less any refund made already (a part refunded in Stripe's dashboard)
  const refundNote =
    booking.paid && !booking.refunded
      ? booking.refundedAmount
        ? ` The rest of your payment (${formatUsd((booking.paidAmount ?? booking.totalAmount) - booking.refundedAmount)}) will be refunded.`
        : ' Your payment will be refunded in full.'
      : '';
  /** A step the barber takes, taken for them by an administrator: the barber is told (not of their own steps). */
  const byAdminForBarber = (kind: string, body: string): Notice[] =>
    actorRole === 'admin'
      ? [{ to: 'barber', kind, category: 'booking', title: 'Booking updated by an administrator', body }]
      : [];
  const theirs = `${customerName}'s ${serviceName} on ${when}`;
  const refundIssued = (amount: number): Notice => ({
    to: 'customer',
    kind: 'booking_refunded',
    category: 'cancellation',
    title: 'Refund issued',
    // (a refund made in Stripe's dashboard may be of a booking that went ahead)
    body: `We refunded ${formatUsd(amount)} for your ${booking.status === 'cancelled' ? 'cancelled ' : ''}${serviceName} on ${when}. It can take 5-10 business days to appear on your statement.`,
  });

  switch (event.type) {
    case 'created':
      return [
        {
          to: 'barber',
          kind: 'booking_created',
          category: 'booking',
          title: 'New booking request',
          body: `${customerName} requested ${article(serviceName)} ${serviceName} on ${when}.`,
        },
      ];
    case 'confirmed':
      return [
        {
          to: 'customer',
          kind: 'booking_confirmed',
          category: 'booking',
          title: 'Booking confirmed',
          body: `Your ${serviceName} with ${barberName} on ${when} is confirmed.`,
        },
        // confirmed by the system (the payment) or an administrator: the barber did not do it
        ...(actorRole === 'barber'
          ? []
          : [
              {
                to: 'barber' as const,
                kind: 'booking_confirmed',
                category: 'booking' as const,
                title: 'Booking confirmed',
                body: `${customerName}'s ${serviceName} on ${when} is confirmed.`,
              },
            ]),
      ];
    case 'paymentFailed': {
      const reason = event.data.message ? ` (${event.data.message.replace(/\.$/, '')})` : '';
      return [
        {
          to: 'customer',
          kind: 'payment_failed',
          category: 'booking',
          title: 'Payment failed',
          body: `Your payment for the ${serviceName} on ${when} could not be processed${reason}. Please try again from your bookings.`,
        },
      ];
    }
    case 'enRoute': {
      const eta = event.data.etaAt
        ? ` Expected arrival: about ${etaClock(event.data.etaAt)}.`
        : booking.estimatedTravelTime
          ? ` Estimated travel time: about ${booking.estimatedTravelTime} minutes.`
          : '';
      return [
        {
          to: 'customer',
          kind: 'barber_en_route',
          category: 'booking',
          title: 'Your barber is on the way',
          body: `${barberName} is on the way to you for your ${time} appointment.${eta}`,
        },
        ...byAdminForBarber('barber_en_route', `An administrator marked you on the way to ${theirs}.`),
      ];
    }
    case 'etaUpdated': {
      const movedForBarber = byAdminForBarber(
        'eta_updated',
        `An administrator moved your expected arrival for ${theirs} to about ${etaClock(event.data.etaAt)}.`,
      );
      // Told only once it moved more than 10 minutes from the time last told (the decider's etaToldAt);
      // smaller moves show live on the customer's screen.
      if (booking.etaToldAt !== event.data.etaAt) return movedForBarber;
      return [
        {
          to: 'customer',
          kind: 'eta_updated',
          category: 'booking',
          title: 'Arrival time updated',
          body: `${barberName} is running late: new expected arrival about ${etaClock(event.data.etaAt)} for your ${time} appointment.`,
        },
        ...movedForBarber,
      ];
    }
    case 'started':
      return byAdminForBarber('service_started', `An administrator marked ${theirs} as started.`);
    case 'arrived':
      return [
        {
          to: 'customer',
          kind: 'barber_arrived',
          category: 'booking',
          title: 'Your barber has arrived',
          body: `${barberName} has arrived for your ${time} appointment.`,
        },
        ...byAdminForBarber('barber_arrived', `An administrator marked you arrived for ${theirs}.`),
      ];
    case 'completed':
      return [
        {
          to: 'customer',
          kind: 'booking_completed',
          category: 'booking',
          title: 'Appointment completed',
          body: `Thanks for booking with ${barberName}! We hope you enjoyed your ${serviceName}. You can leave a review from your bookings.`,
        },
        ...byAdminForBarber('booking_completed', `An administrator marked ${theirs} as completed.`),
      ];
    case 'noShow':
      return [
        {
          to: 'customer',
          kind: 'booking_no_show',
          category: 'booking',
          title: 'Missed appointment',
          body: `Your ${serviceName} with ${barberName} on ${when} was marked as a no-show.`,
        },
        ...byAdminForBarber('booking_no_show', `An administrator marked ${theirs} as a no-show.`),
      ];
    case 'cancelled': {
      const { by } = event.data;
      const reason = ` Reason: ${sentence(event.data.reason)}`;
      const customerBody = {
        customer: `Your ${serviceName} with ${barberName} on ${when} has been cancelled.`,
        barber: `${barberName} cancelled your ${serviceName} on ${when}.${reason}`,
        admin: `Your ${serviceName} with ${barberName} on ${when} was cancelled.${reason}`,
      }[by];
      const notices: Notice[] = [
        {
          to: 'customer',
          kind: 'booking_cancelled',
          category: 'cancellation',
          title: 'Booking cancelled',
          body: customerBody + refundNote,
        },
      ];
      if (by !== 'barber') {
        const barberBody =
          by === 'customer'
            ? `${customerName} cancelled their ${serviceName} on ${when}.`
            : `${customerName}'s ${serviceName} on ${when} was cancelled.${reason}`;
        notices.push({
          to: 'barber',
          kind: 'booking_cancelled',
          category: 'cancellation',
          title: 'Booking cancelled',
          body: barberBody,
        });
      }
      return notices;
    }
    case 'expired':
      // paid: the payment came after the appointment ended (the decider expires the checkout then)
      return [
        {
          to: 'customer',
          kind: 'booking_expired',
          category: 'cancellation',
          title: 'Booking expired',
          body: booking.paid
            ? `Your payment for ${article(serviceName)} ${serviceName} with ${barberName} on ${when} arrived after the appointment's time, so the booking expired.${refundNote}`
            : `Your booking of ${article(serviceName)} ${serviceName} with ${barberName} on ${when} expired because checkout was not completed. The time is free again: book it anew if you still want it.`,
        },
        {
          to: 'barber',
          kind: 'booking_expired',
          category: 'cancellation',
          title: 'Booking expired',
          body: booking.paid
            ? `${customerName}'s ${serviceName} request on ${when} expired: its payment came after the appointment's time and is refunded.`
            : `${customerName}'s unpaid ${serviceName} request on ${when} expired; that time is free again.`,
        },
      ];
    case 'rescheduled': {
      const notices: Notice[] = [
        {
          to: 'customer',
          kind: 'booking_rescheduled',
          category: 'booking',
          title: 'Booking rescheduled',
          body: `Your ${serviceName} with ${barberName} has moved to ${when}.`,
        },
      ];
      if (actorRole !== 'barber') {
        notices.push({
          to: 'barber',
          kind: 'booking_rescheduled',
          category: 'booking',
          title: 'Booking rescheduled',
          body: `${customerName}'s ${serviceName} has moved to ${when}.`,
        });
      }
      return notices;
    }
    case 'refunded': {
      const refund = booking.refunds.find((r) => r.id === event.data.refundId);
      return refund && toldOf(refund) ? [refundIssued(event.data.amount)] : [];
    }
    case 'refundSucceeded': {
      // a retry is told of when it settles; a first refund was told of when it was recorded
      const refund = booking.refunds.find((r) => r.id === event.data.refundId);
      return refund?.retry ? [refundIssued(refund.amount)] : [];
    }
    case 'refundFailed': {
      // a refund never counted as made, or one the customer was not told of, has nothing to take back
      const refund = before?.created ? before.refunds.find((r) => r.id === event.data.refundId) : undefined;
      return event.data.amount === 0 || (refund && !toldOf(refund))
        ? []
        : [
            {
              to: 'customer',
              kind: 'booking_refund_failed',
              category: 'cancellation',
              title: 'Refund not completed',
              body: `Your refund of ${formatUsd(event.data.amount)} for the ${serviceName} on ${when} could not be completed by your bank. We will try again and let you know when it goes through.`,
            },
          ];
    }
    default:
      return [];
  }
}

/**
 * The reminder sent 24 hours before an appointment, to both sides, at `now`: "today" when a late one (queued
 * again by the sweeper, or for a booking made less than a day ahead) goes out on the appointment's day. 24 hours
 * before a start between 00:00 and 00:59 on the day after clocks spring forward is two dates earlier: neither word.
 */
export function reminderNotices(booking: CreatedBooking, people: BookingPeople, now: Date): Notice[] {
  const when = formatWhen(booking.date, booking.startTime);
  const today = todayLocal(now);
  const title =
    booking.date === today
      ? 'Appointment today'
      : booking.date === addDaysLocal(today, 1)
        ? 'Appointment tomorrow'
        : 'Upcoming appointment';
  const address = booking.customerAddress
    ? ` at ${booking.customerAddress}${booking.apartmentUnit ? `, ${booking.apartmentUnit}` : ''}`
    : '';
  return [
    {
      to: 'customer',
      kind: 'booking_reminder',
      category: 'reminder',
      title,
      body: `Reminder: your ${people.serviceName} with ${people.barberName} is ${when}.`,
    },
    {
      to: 'barber',
      kind: 'booking_reminder',
      category: 'reminder',
      title,
      body: `Reminder: ${people.customerName}'s ${people.serviceName} is ${when}${address}.`,
    },
  ];
}
