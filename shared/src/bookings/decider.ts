import { AppError } from '../errors';
import { minutesOfDay } from '../time';
import type {
  BookingActor,
  BookingCommand,
  CancelBooking,
  ConfirmBooking,
  CreateBooking,
  ExpireBooking,
  RecordPayment,
  RecordPaymentFailure,
  RecordRefund,
  RecordRefundFailure,
  RecordRefundSuccess,
  RescheduleBooking,
  TimedCommand,
  UpdateBookingNotes,
  UpdateEta,
} from './commands';
import { bookingEventSchema, type BookingEvent } from './events';
import type { BookingState, CreatedBooking } from './state';
import {
  ADMIN_BOOKING_STATUS_LABELS,
  BARBER_STATUS_TRANSITIONS,
  CUSTOMER_CANCELLABLE_STATUSES,
  CHECKOUT_EXPIRED_REASON,
  CUSTOMER_CANCELLATION_REASON,
  RESCHEDULABLE_STATUSES,
  type BookingStatus,
} from './status';
import {
  checkoutExpiryProblem,
  confirmTimeProblem,
  customerCancelWindowProblem,
  finishTimeProblem,
  pastTimeProblem,
  customerWindowHours,
  progressTimeProblem,
  serviceStartTimeProblem,
} from './timeRules';
import { delayedEta, etaFrom, MAX_TRAVEL_MINUTES, TRAVEL_STEP_MINUTES } from './eta';

/*
 * The booking decider (docs/design.md §2-§3), in the style of Emmett's samples: `decide(command, state)` returns
 * the events to append or throws an AppError. Pure. The commands are in commands.ts, the state and `evolve` (how
 * each event changes it) in state.ts.
 */

/* ---------- helpers of decide ---------- */

/** Status label used in refusals (the neutral admin wording: "En Route", not "Barber En Route"). */
function label(status: BookingStatus): string {
  return ADMIN_BOOKING_STATUS_LABELS[status];
}

function invalidTransition(action: string, state: CreatedBooking, fields: Record<string, unknown> = {}): AppError {
  return new AppError('INVALID_TRANSITION', `Cannot ${action} a booking that is ${label(state.status)}`, {
    currentStatus: state.status,
    ...fields,
  });
}

function requireStatus(state: CreatedBooking, allowed: readonly BookingStatus[], action: string): void {
  if (!allowed.includes(state.status)) throw invalidTransition(action, state);
}

/**
 * Whoever booked it, whatever their role since (a customer who became a barber keeps their own bookings), unless they
 * act on it as an administrator or as its barber.
 */
export function isBookingCustomer(actor: BookingActor, state: CreatedBooking): boolean {
  return (
    (actor.role === 'customer' || actor.role === 'barber') &&
    actor.userId === state.customerId &&
    !isBookingBarber(actor, state)
  );
}

function isBookingBarber(actor: BookingActor, state: CreatedBooking): boolean {
  return actor.role === 'barber' && actor.barberId !== null && actor.barberId === state.barberId;
}

/** The booking's barber, or an admin (who acts like the barber). */
function isBarberOrAdmin(actor: BookingActor, state: CreatedBooking): boolean {
  return actor.role === 'admin' || isBookingBarber(actor, state);
}

function forbidden(message = 'You are not allowed to change this booking'): AppError {
  return new AppError('FORBIDDEN', message);
}

function requireBarberOrAdmin(actor: BookingActor, state: CreatedBooking): void {
  if (!isBarberOrAdmin(actor, state)) throw forbidden();
}

function requireSystem(actor: BookingActor): void {
  if (actor.role !== 'system') throw forbidden('Only the payment system may record this');
}

function requireCreated(state: BookingState): CreatedBooking {
  if (!state.created) throw new AppError('NOT_FOUND', 'Booking not found');
  return state;
}

/** Validates an event against its schema; decide never returns an event that would not parse. */
function emit<E extends BookingEvent>(event: E): E {
  const result = bookingEventSchema.safeParse(event);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new AppError('VALIDATION_FAILED', first?.message ?? 'Invalid booking data', {
      issues: result.error.issues,
    });
  }
  // Parsing keeps the discriminant, so the parsed event is of the same type.
  return result.data as E;
}

function validationFailed(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}

function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/* ---------- decide ---------- */

function decideCreate(command: CreateBooking, state: BookingState): BookingEvent[] {
  const { actor, data } = command;
  if (actor.role !== 'customer') throw forbidden('Only customers can book an appointment');
  if (actor.userId !== data.customerId) throw forbidden('A booking can only be made for yourself');
  if (state.created) throw new AppError('CONFLICT', 'Booking already exists', { bookingId: state.bookingId });

  const event = emit({ type: 'created' as const, data: { ...data, requestedAt: command.now.toISOString() } });
  const d = event.data;
  const span = minutesOfDay(d.endTime) - minutesOfDay(d.startTime);
  if (span <= 0) throw validationFailed('The end time must be after the start time');
  if (span !== d.durationMinutes) throw validationFailed('The times do not match the service duration');
  if (d.platformFee + d.barberAmount !== d.totalAmount)
    throw validationFailed('The platform fee and the barber amount must add up to the total');
  if (!d.feeCollectionEnabled && d.platformFee !== 0)
    throw validationFailed('No platform fee is taken while fee collection is off');
  const past = pastTimeProblem(d, command.now);
  if (past) throw past;
  return [event];
}

function decideConfirm(command: ConfirmBooking, state: CreatedBooking): BookingEvent[] {
  const { actor } = command;
  if (isBookingCustomer(actor, state)) {
    requireStatus(state, ['pending'], 'confirm');
    if (state.feeCollectionEnabled)
      throw new AppError('INVALID_TRANSITION', 'Payment is required to confirm this booking', {
        currentStatus: state.status,
        requires: 'payment',
      });
    if (!state.detailsSaved)
      throw new AppError('DETAILS_MISSING', 'Contact details must be saved before confirming', {
        currentStatus: state.status,
        requires: 'details',
      });
    return confirmedBy(command.now, state);
  }
  requireBarberOrAdmin(actor, state);
  if (!BARBER_STATUS_TRANSITIONS[state.status].includes('confirmed')) throw invalidTransition('confirm', state);
  if (!state.detailsSaved)
    throw new AppError(
      'DETAILS_MISSING',
      'The customer has not saved their address and phone yet: this booking cannot be confirmed.',
      { currentStatus: state.status, requires: 'details' },
    );
  if (state.feeCollectionEnabled && !state.paid)
    throw new AppError('INVALID_TRANSITION', 'Cannot confirm an unpaid booking while fee collection is on', {
      currentStatus: state.status,
      requires: 'payment',
    });
  return confirmedBy(command.now, state);
}

/** The confirmation, unless the appointment has ended (the clock's last check of a confirm). */
function confirmedBy(now: Date, state: CreatedBooking): BookingEvent[] {
  const problem = confirmTimeProblem(state, now);
  if (problem) throw problem;
  return [{ type: 'confirmed', data: {} }];
}

/** How each progress step is named in refusals, and which clock rule it follows. */
const PROGRESS_STEPS = {
  en_route: { action: 'mark as en route', done: 'marked as en route', rule: progressTimeProblem },
  arrived: { action: 'mark as arrived', done: 'marked as arrived', rule: progressTimeProblem },
  in_progress: { action: 'start', done: 'started', rule: serviceStartTimeProblem },
  completed: { action: 'complete', done: 'completed', rule: finishTimeProblem },
  no_show: { action: 'mark as no-show', done: 'marked as a no-show', rule: finishTimeProblem },
} as const;

function decideProgress(
  state: CreatedBooking,
  command: TimedCommand<string>,
  target: keyof typeof PROGRESS_STEPS,
  event: BookingEvent,
): BookingEvent[] {
  const step = PROGRESS_STEPS[target];
  requireBarberOrAdmin(command.actor, state);
  if (!BARBER_STATUS_TRANSITIONS[state.status].includes(target)) throw invalidTransition(step.action, state);
  const problem = step.rule(state, command.now, step.done);
  if (problem) throw problem;
  return [event];
}

/** The minutes to the door of a barber leaving now: the travel time they gave, else the block's travel buffer. */
function travelMinutes(state: CreatedBooking): number {
  return state.estimatedTravelTime ?? state.travelBuffer;
}

function decideUpdateEta(command: UpdateEta, state: CreatedBooking): BookingEvent[] {
  requireBarberOrAdmin(command.actor, state);
  requireStatus(state, ['en_route'], 'update the arrival time of');
  const { addMinutes } = command.data;
  if (
    !Number.isInteger(addMinutes) ||
    addMinutes < TRAVEL_STEP_MINUTES ||
    addMinutes > MAX_TRAVEL_MINUTES ||
    addMinutes % TRAVEL_STEP_MINUTES !== 0
  )
    throw new AppError(
      'VALIDATION_FAILED',
      `The delay must be ${TRAVEL_STEP_MINUTES} to ${MAX_TRAVEL_MINUTES} minutes, in steps of ${TRAVEL_STEP_MINUTES}`,
      {
        field: 'addMinutes',
      },
    );
  const problem = progressTimeProblem(state, command.now, 'given a new arrival time');
  if (problem) throw problem;
  return [emit({ type: 'etaUpdated', data: { etaAt: delayedEta(state.etaAt, command.now, addMinutes) } })];
}

function decideCancel(command: CancelBooking, state: CreatedBooking): BookingEvent[] {
  const { actor } = command;
  if (isBookingCustomer(actor, state)) {
    requireStatus(state, CUSTOMER_CANCELLABLE_STATUSES, 'cancel');
    // the window the customer booked under, or today's when shorter (a change in their favour applies too); a
    // booking from before it was kept takes the setting now
    const hours = customerWindowHours(state.cancellationWindow, command.cancellationWindowHours);
    const problem = customerCancelWindowProblem(state, command.now, hours);
    if (problem) throw problem;
    return [emit({ type: 'cancelled', data: { reason: CUSTOMER_CANCELLATION_REASON, by: 'customer' } })];
  }
  requireBarberOrAdmin(actor, state);
  if (!BARBER_STATUS_TRANSITIONS[state.status].includes('cancelled')) throw invalidTransition('cancel', state);
  const reason = command.data.reason?.trim() ?? '';
  if (reason === '') throw validationFailed('A cancellation reason is required');
  const by = actor.role === 'admin' ? 'admin' : 'barber';
  return [emit({ type: 'cancelled', data: { reason, by } })];
}

function decideReschedule(command: RescheduleBooking, state: CreatedBooking): BookingEvent[] {
  requireBarberOrAdmin(command.actor, state);
  requireStatus(state, RESCHEDULABLE_STATUSES, 'reschedule');
  const visitCalledOff = state.status === 'en_route' || state.status === 'arrived';
  const event = emit({
    type: 'rescheduled' as const,
    data: { ...command.data, ...(visitCalledOff ? { visitCalledOff: true as const } : {}) },
  });
  const { date, startTime, endTime } = event.data;
  if (minutesOfDay(endTime) <= minutesOfDay(startTime))
    throw validationFailed('The end time must be after the start time');
  // A reschedule moves the appointment; its length and price stay those of the service booked.
  if (minutesOfDay(endTime) - minutesOfDay(startTime) !== state.durationMinutes)
    throw new AppError(
      'VALIDATION_FAILED',
      `A rescheduled booking keeps its duration of ${state.durationMinutes} minutes`,
      {
        field: 'endTime',
        durationMinutes: state.durationMinutes,
      },
    );
  if (date === state.date && startTime === state.startTime && endTime === state.endTime) return [];
  const past = pastTimeProblem({ date, startTime }, command.now);
  if (past) throw past;
  return [event];
}

function decideUpdateNotes(command: UpdateBookingNotes, state: CreatedBooking): BookingEvent[] {
  requireBarberOrAdmin(command.actor, state);
  const barberNotes = emptyToNull(command.data.barberNotes);
  const { estimatedTravelTime } = command.data;
  if (barberNotes === state.barberNotes && estimatedTravelTime === state.estimatedTravelTime) return [];
  return [emit({ type: 'notesUpdated', data: { barberNotes, estimatedTravelTime } })];
}

function decideRecordPayment(command: RecordPayment, state: CreatedBooking): BookingEvent[] {
  requireSystem(command.actor);
  const { paymentIntentId, amount } = command.data;
  if (state.paid) {
    if (state.paymentIntentId === paymentIntentId) return [];
    throw new AppError('CONFLICT', 'Booking is already paid by another payment', {
      paymentIntentId: state.paymentIntentId,
    });
  }
  const paid = emit({ type: 'paid', data: { paymentIntentId, amount } });
  // The payment is a fact and is always recorded. It confirms only a pending booking paid in
  // full; a payment that arrives after a cancellation is recorded so that it gets refunded. One that
  // arrives after the appointment ended cannot confirm it: the checkout expires, and the money goes back.
  if (state.status !== 'pending' || amount < state.totalAmount) return [paid];
  if (confirmTimeProblem(state, command.now)) return [paid, { type: 'expired', data: {} }];
  return [paid, { type: 'confirmed', data: {} }];
}

function decideRecordPaymentFailure(command: RecordPaymentFailure, state: CreatedBooking): BookingEvent[] {
  requireSystem(command.actor);
  // A failure reported after a success or after the booking left pending is stale: nothing to record.
  if (state.paid || state.status !== 'pending') return [];
  return [emit({ type: 'paymentFailed', data: { ...command.data } })];
}

function decideRecordRefund(command: RecordRefund, state: CreatedBooking): BookingEvent[] {
  requireSystem(command.actor);
  const { data } = command;
  // recorded already (any of the booking's refunds), or reported failed already: the job's record after a crash, or
  // a webhook's total that counted it before it failed
  // (every refund recorded is in one of the two lists: a failure moves it from the first to the second)
  if (state.refunds.some((r) => r.id === data.refundId) || state.failedRefundIds.includes(data.refundId)) return [];
  // Our refund (the refund job's) is owed only by a cancellation not refunded yet. One seen at Stripe (made in
  // Stripe's dashboard) is money that moved, recorded whatever the status so that no report pays it out again, and
  // after our refund of everything left too (made before it, its webhook came late): whatever fits in the payment.
  if (!('totalRefunded' in data || 'seenAtStripe' in data)) {
    if (state.refunded) {
      throw new AppError('INVALID_TRANSITION', 'Booking is already refunded', {
        currentStatus: state.status,
        refundId: state.refundId,
      });
    }
    requireStatus(state, ['cancelled'], 'refund');
  }
  if (!state.paid)
    throw new AppError('INVALID_TRANSITION', 'Cannot refund an unpaid booking', { currentStatus: state.status });
  const before = state.refundedAmount ?? 0;
  const amount = 'totalRefunded' in data ? data.totalRefunded - before : data.amount;
  if (amount <= 0) return []; // Stripe's total holds nothing not yet recorded
  if (before + amount > (state.paidAmount ?? 0)) throw validationFailed('A refund cannot exceed the amount paid');
  const complete = 'complete' in data && data.complete === true;
  return [
    emit({
      type: 'refunded',
      data: {
        refundId: data.refundId,
        amount,
        ...(complete ? { complete } : {}),
        ...(data.pending ? { pending: true as const } : {}),
      },
    }),
  ];
}

function decideRecordRefundSuccess(command: RecordRefundSuccess, state: CreatedBooking): BookingEvent[] {
  requireSystem(command.actor);
  const { refundId } = command.data;
  // settled already (answered succeeded at once, or recorded so before), failed since, or never recorded
  if (!state.refunds.some((r) => r.id === refundId && !r.settled)) return [];
  return [emit({ type: 'refundSucceeded', data: { refundId } })];
}

function decideRecordRefundFailure(command: RecordRefundFailure, state: CreatedBooking): BookingEvent[] {
  requireSystem(command.actor);
  const { refundId, reason } = command.data;
  if (state.failedRefundIds.includes(refundId)) return [];
  // what it had counted as given back, by our own record of it (nothing when it was never recorded)
  const amount = state.refunds.find((r) => r.id === refundId)?.amount ?? 0;
  return [emit({ type: 'refundFailed', data: { refundId, amount, reason: reason.slice(0, 500) } })];
}

function decideExpire(command: ExpireBooking, state: CreatedBooking): BookingEvent[] {
  requireSystem(command.actor);
  if (state.status === 'cancelled' && state.cancellationReason === CHECKOUT_EXPIRED_REASON) return [];
  requireStatus(state, ['pending'], 'expire');
  if (state.paid)
    throw new AppError('INVALID_TRANSITION', 'A paid booking does not expire', { currentStatus: state.status });
  const early = checkoutExpiryProblem(state, command.now, command.pendingBookingExpiryMinutes);
  if (early) throw early;
  return [{ type: 'expired', data: {} }];
}

/**
 * Decides a command against the current state: the events to append (possibly none, for
 * an idempotent repeat) or an AppError (NOT_FOUND, FORBIDDEN, INVALID_TRANSITION,
 * VALIDATION_FAILED, CONFLICT). Authorization is checked before the status, so a
 * stranger learns nothing about a booking's status.
 */
export function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  if (command.type === 'create') return decideCreate(command, state);
  const booking = requireCreated(state);
  const { actor } = command;

  switch (command.type) {
    case 'saveDetails': {
      if (!isBookingCustomer(actor, booking)) throw forbidden();
      requireStatus(booking, ['pending'], 'save contact details for');
      const d = command.data;
      return [
        emit({
          type: 'detailsSaved',
          data: {
            customerPhone: d.customerPhone.trim(),
            customerAddress: d.customerAddress.trim(),
            apartmentUnit: emptyToNull(d.apartmentUnit),
            specialInstructions: emptyToNull(d.specialInstructions),
          },
        }),
      ];
    }
    case 'confirm':
      return decideConfirm(command, booking);
    case 'recordPayment':
      return decideRecordPayment(command, booking);
    case 'recordPaymentFailure':
      return decideRecordPaymentFailure(command, booking);
    case 'recordRefundFailure':
      return decideRecordRefundFailure(command, booking);
    case 'markEnRoute':
      return decideProgress(booking, command, 'en_route', {
        type: 'enRoute',
        data: { etaAt: etaFrom(command.now, travelMinutes(booking)) },
      });
    case 'updateEta':
      return decideUpdateEta(command, booking);
    case 'markArrived':
      return decideProgress(booking, command, 'arrived', { type: 'arrived', data: {} });
    case 'start':
      return decideProgress(booking, command, 'in_progress', { type: 'started', data: {} });
    case 'complete':
      return decideProgress(booking, command, 'completed', { type: 'completed', data: {} });
    case 'markNoShow':
      return decideProgress(booking, command, 'no_show', { type: 'noShow', data: {} });
    case 'cancel':
      return decideCancel(command, booking);
    case 'reschedule':
      return decideReschedule(command, booking);
    case 'updateNotes':
      return decideUpdateNotes(command, booking);
    case 'recordRefund':
      return decideRecordRefund(command, booking);
    case 'recordRefundSuccess':
      return decideRecordRefundSuccess(command, booking);
    case 'expire':
      return decideExpire(command, booking);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown booking command ${(unknown as { type: string }).type}`);
    }
  }
}

/** What a status command needs besides the actor: the clock, the settings' window and a reason. */
export interface StatusCommandContext {
  now: Date;
  cancellationWindowHours: number;
  reason?: string | null;
}

/**
 * The command for a target status, as the HTTP API sends target statuses
 * (PUT /api/bookings/{id}/status and /update). 'pending' is no command: the customer's
 * "save details" call carries it and maps to `saveDetails` instead.
 */
export function commandForStatus(
  status: BookingStatus,
  actor: BookingActor,
  context: StatusCommandContext,
): BookingCommand {
  const { now } = context;
  switch (status) {
    case 'confirmed':
      return { type: 'confirm', actor, now };
    case 'en_route':
      return { type: 'markEnRoute', actor, now };
    case 'arrived':
      return { type: 'markArrived', actor, now };
    case 'in_progress':
      return { type: 'start', actor, now };
    case 'completed':
      return { type: 'complete', actor, now };
    case 'no_show':
      return { type: 'markNoShow', actor, now };
    case 'cancelled':
      return {
        type: 'cancel',
        actor,
        now,
        data: { reason: context.reason ?? null },
        cancellationWindowHours: context.cancellationWindowHours,
      };
    case 'pending':
      throw new AppError('VALIDATION_FAILED', 'A booking cannot be set back to Pending', { status });
    default: {
      const unknown: never = status;
      throw new AppError('VALIDATION_FAILED', `Unknown status ${String(unknown)}`);
    }
  }
}

/** Whether decide would accept the command (for showing or hiding buttons). */
export function canDecide(command: BookingCommand, state: BookingState): boolean {
  try {
    decide(command, state);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
