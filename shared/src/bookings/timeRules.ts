import { AppError } from '../errors';
import { formatTime12, MONTH_NAMES_SHORT, rangeEndInstant, todayLocal, toInstant } from '../time';
import { BARBER_QUICK_ACTIONS, type BarberQuickAction, type BookingStatus } from './status';

/*
 * The clock's rules of a booking (docs/design.md §3), pure: the caller passes `now` (the injected clock)
 * and, for a customer's cancellation, the platform's cancellationWindow. Dates and times are New
 * York wall clock. The decider applies them; screens may call them to offer only allowed actions.
 */

/** The appointment times a rule needs (a decider state or a booking view both have them). */
export interface AppointmentTimes {
  date: string;
  startTime: string;
  endTime: string;
}

const DAY_MS = 86_400_000;

/** "2025-11-26" -> "Nov 26". */
function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES_SHORT[month - 1]} ${day}`;
}

export function appointmentStart(a: Pick<AppointmentTimes, 'date' | 'startTime'>): Date {
  return toInstant(a.date, a.startTime);
}

/** When the appointment really ends: its start plus its length, across a daylight-saving change too. */
export function appointmentEnd(a: AppointmentTimes): Date {
  return rangeEndInstant(a.date, a.startTime, a.endTime);
}

export const PAST_TIME_MESSAGE = 'This time is in the past. Please choose another time.';

/** A new appointment time (a reschedule's) must lie ahead of `now`. */
export function pastTimeProblem(a: Pick<AppointmentTimes, 'date' | 'startTime'>, now: Date): AppError | null {
  return appointmentStart(a).getTime() <= now.getTime()
    ? new AppError('VALIDATION_FAILED', PAST_TIME_MESSAGE, { field: 'date' })
    : null;
}

/**
 * A pending unpaid booking expires (its checkout abandoned) only once `expiryMinutes` (the setting
 * pendingBookingExpiryMinutes) have passed since it was requested; `requestedAt` null (a booking from before the
 * log kept it): the caller's own reading of its creation time stands.
 */
export function checkoutExpiryProblem(
  booking: { requestedAt: string | null },
  now: Date,
  expiryMinutes: number,
): AppError | null {
  if (booking.requestedAt === null) return null;
  const expiresAt = new Date(Date.parse(booking.requestedAt) + expiryMinutes * 60_000);
  if (now.getTime() >= expiresAt.getTime()) return null;
  return new AppError('TOO_EARLY', 'This checkout is still open: it expires later.', {
    expiresAt: expiresAt.toISOString(),
  });
}

/**
 * En route, arrived and in progress (`action` e.g. "marked as en route"): from the start of the
 * appointment's day until a day after it ended (a barber who forgot may still catch up the next day).
 */
export function progressTimeProblem(a: AppointmentTimes, now: Date, action: string): AppError | null {
  if (todayLocal(now) < a.date) {
    return new AppError(
      'TOO_EARLY',
      `This appointment is on ${shortDate(a.date)}: it can be ${action} only on that day.`,
      {
        appointmentDate: a.date,
      },
    );
  }
  if (now.getTime() > appointmentEnd(a).getTime() + DAY_MS) {
    return new AppError('TOO_LATE', `This appointment ended more than a day ago: it can no longer be ${action}.`, {
      appointmentDate: a.date,
    });
  }
  return null;
}

/** How long before the time booked a service may be started (a barber who arrived early). */
export const SERVICE_START_LEAD_MINUTES = 60;

/**
 * In progress: from an hour before the start (SERVICE_START_LEAD_MINUTES), not from midnight as en route and
 * arrived, until a day after the end. Started, a booking can only be completed: a Start Service tapped on the
 * wrong card in the morning of an evening visit would leave it so all day.
 */
export function serviceStartTimeProblem(a: AppointmentTimes, now: Date, action: string): AppError | null {
  if (now.getTime() < appointmentStart(a).getTime() - SERVICE_START_LEAD_MINUTES * 60_000) {
    return new AppError(
      'TOO_EARLY',
      `This appointment starts on ${shortDate(a.date)} at ${formatTime12(a.startTime)}: it can be ${action} only from an hour before.`,
      { appointmentDate: a.date, startTime: a.startTime },
    );
  }
  return progressTimeProblem(a, now, action);
}

/**
 * Confirmed (by the customer, the barber, an administrator or a payment): only until the appointment ends. A
 * booking confirmed after its time would ask a barber to come to a visit that cannot happen any more.
 */
export function confirmTimeProblem(a: AppointmentTimes, now: Date): AppError | null {
  if (now.getTime() < appointmentEnd(a).getTime()) return null;
  return new AppError('TOO_LATE', 'This appointment has already ended: it can no longer be confirmed.', {
    appointmentDate: a.date,
    endTime: a.endTime,
  });
}

/** Completed and no-show (`action` e.g. "completed"): only from the appointment's start. */
export function finishTimeProblem(a: AppointmentTimes, now: Date, action: string): AppError | null {
  if (now.getTime() < appointmentStart(a).getTime()) {
    return new AppError(
      'TOO_EARLY',
      `This appointment starts on ${shortDate(a.date)} at ${formatTime12(a.startTime)}: it can be ${action} only from then.`,
      { appointmentDate: a.date, startTime: a.startTime },
    );
  }
  return null;
}

/**
 * The cancellation window a customer's booking is judged by: the one they booked under (`booked`, absent from older
 * bookings) or the platform's now, whichever is shorter: a window lengthened later does not bind them.
 */
export function customerWindowHours(booked: number | null | undefined, now: number): number {
  return booked == null ? now : Math.min(booked, now);
}

/** The last instant a customer may cancel: cancellationWindow hours before the start. */
export function customerCancellationDeadline(a: AppointmentTimes, cancellationWindowHours: number): Date {
  return new Date(appointmentStart(a).getTime() - cancellationWindowHours * 3_600_000);
}

/**
 * Why a customer may not cancel `booking` at `now` for the window, or null: a booking they committed to (confirmed,
 * or paid) only until cancellationWindow hours before the start; an unpaid pending one (an abandoned checkout)
 * costs nobody anything and has no window. The decider refuses with it; My Bookings says it on the booking.
 */
export function customerCancelWindowProblem(
  booking: AppointmentTimes & { status: BookingStatus; paid: boolean },
  now: Date,
  cancellationWindowHours: number,
): AppError | null {
  const committed = booking.status !== 'pending' || booking.paid;
  return committed ? cancellationWindowProblem(booking, now, cancellationWindowHours) : null;
}

function cancellationWindowProblem(a: AppointmentTimes, now: Date, cancellationWindowHours: number): AppError | null {
  if (now.getTime() <= customerCancellationDeadline(a, cancellationWindowHours).getTime()) return null;
  const hours = `${cancellationWindowHours} hour${cancellationWindowHours === 1 ? '' : 's'}`;
  return new AppError(
    'CANCELLATION_WINDOW_PASSED',
    `Bookings can be cancelled up to ${hours} before the appointment. Please contact your barber to cancel this one.`,
    { cancellationWindow: cancellationWindowHours },
  );
}

/** What the barber's quick actions need to know of a booking (a booking view has it). */
export interface QuickActionBooking extends AppointmentTimes {
  status: BookingStatus;
  detailsSaved: boolean;
  feeCollectionEnabled: boolean;
  paid: boolean;
}

/**
 * The barber's quick actions a booking allows at `now`: the status table, less Confirm while the
 * customer has no contact details or, with fees collected, has not paid (as the details dialog's
 * choices: barberStatusChoices), and the steps the clock does not allow yet (or any more). The
 * server decides anyway (its injected clock); this only spares the barber a refusal.
 */
export function barberQuickActionsAt(booking: QuickActionBooking, now: Date): readonly BarberQuickAction[] {
  return BARBER_QUICK_ACTIONS[booking.status].filter((action) => {
    switch (action.target) {
      case 'confirmed':
        return (
          booking.detailsSaved &&
          (!booking.feeCollectionEnabled || booking.paid) &&
          confirmTimeProblem(booking, now) === null
        );
      case 'en_route':
      case 'arrived':
        return progressTimeProblem(booking, now, '') === null;
      case 'in_progress':
        return serviceStartTimeProblem(booking, now, '') === null;
      case 'completed':
      case 'no_show':
        return finishTimeProblem(booking, now, '') === null;
      default:
        return true;
    }
  });
}
