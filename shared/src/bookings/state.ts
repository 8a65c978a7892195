import type { Role } from '../accounts/schemas';
import { minutesOfDay } from '../time';
import { etaWorthTelling } from './eta';
import type { BookingEvent } from './events';
import { CHECKOUT_EXPIRED_REASON, type BookingStatus } from './status';

/*
 * A booking's state and how each event changes it (docs/design.md §2), in the style of Emmett's samples:
 * `evolve(state, event)` folds one event into the state, `fold` a whole stream. Pure. The decider
 * (decider.ts) decides commands against it.
 */

export interface NotCreatedBooking {
  created: false;
}

export interface CreatedBooking {
  created: true;
  bookingId: string;
  customerId: number;
  barberId: number;
  serviceId: number;
  /** The service's name when booked; absent for bookings from before it was kept (the service's name now). */
  serviceName?: string;
  /** The cancellation window (hours) in force when booked; absent for bookings from before it was kept. */
  cancellationWindow?: number;
  status: BookingStatus;
  /** When the customer asked for it (ISO); null for bookings from before the log kept it. */
  requestedAt: string | null;
  date: string;
  startTime: string;
  endTime: string;
  durationMinutes: number;
  travelBuffer: number;
  totalAmount: number;
  platformFee: number;
  barberAmount: number;
  feeCollectionEnabled: boolean;
  city: string;
  displayCity: string | null;
  zipcode: string;
  notes: string;
  detailsSaved: boolean;
  customerPhone: string | null;
  customerAddress: string | null;
  apartmentUnit: string | null;
  specialInstructions: string | null;
  paid: boolean;
  paymentIntentId: string | null;
  paidAmount: number | null;
  /** Message of the last failed payment attempt, cleared by a successful payment. */
  lastPaymentError: string | null;
  refunded: boolean;
  refundId: string | null;
  refundedAmount: number | null;
  /** The refunds recorded as made and not failed since, by Stripe's id: a failure takes its amount back off. */
  refunds: RecordedRefund[];
  /** Refunds Stripe reported failed (each recorded once). */
  failedRefundIds: string[];
  barberNotes: string | null;
  estimatedTravelTime: number | null;
  cancellationReason: string | null;
  cancelledBy: Role | null;
  /** When the barber on the way expects to arrive (ISO); null unless en route. */
  etaAt: string | null;
  /** The arrival time the customer was last told (with En Route or a large enough update). */
  etaToldAt: string | null;
}

export type BookingState = NotCreatedBooking | CreatedBooking;

/** A refund recorded as made. */
export interface RecordedRefund {
  id: string;
  amount: number;
  /** It tries again after an earlier refund of the booking failed: the card's bank may refuse it too. */
  retry: boolean;
  /**
   * Stripe's word that it went through is final: false while Stripe has it pending, and for a retry until Stripe
   * says it succeeded (its update, or the worker's look a day later), since a bank that refused once may refuse
   * a refund Stripe first answered succeeded. `refundSucceeded` settles it.
   */
  settled: boolean;
}

function refundEntry(
  state: CreatedBooking,
  data: { refundId: string; amount: number; pending?: true },
): RecordedRefund {
  const retry = state.failedRefundIds.length > 0;
  return { id: data.refundId, amount: data.amount, retry, settled: data.pending !== true && !retry };
}

export function initialState(): BookingState {
  return { created: false };
}

const statusOfEvent = {
  confirmed: 'confirmed',
  enRoute: 'en_route',
  arrived: 'arrived',
  started: 'in_progress',
  completed: 'completed',
  noShow: 'no_show',
} as const satisfies Partial<Record<BookingEvent['type'], BookingStatus>>;

export function evolve(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'created') {
    const d = event.data;
    return {
      created: true,
      ...d,
      requestedAt: d.requestedAt ?? null,
      status: 'pending',
      detailsSaved: false,
      customerPhone: null,
      customerAddress: null,
      apartmentUnit: null,
      specialInstructions: null,
      paid: false,
      paymentIntentId: null,
      paidAmount: null,
      lastPaymentError: null,
      refunded: false,
      refundId: null,
      refundedAmount: null,
      refunds: [],
      failedRefundIds: [],
      barberNotes: null,
      estimatedTravelTime: null,
      cancellationReason: null,
      cancelledBy: null,
      etaAt: null,
      etaToldAt: null,
    };
  }
  // An event before `created` cannot happen in a valid stream; ignore it.
  if (!state.created) return state;

  switch (event.type) {
    case 'detailsSaved':
      return { ...state, ...event.data, detailsSaved: true };
    case 'paid':
      return {
        ...state,
        paid: true,
        paymentIntentId: event.data.paymentIntentId,
        paidAmount: event.data.amount,
        lastPaymentError: null,
      };
    case 'paymentFailed':
      return { ...state, lastPaymentError: event.data.message };
    case 'enRoute': {
      const etaAt = event.data.etaAt ?? null;
      return { ...state, status: 'en_route', etaAt, etaToldAt: etaAt };
    }
    case 'etaUpdated': {
      const { etaAt } = event.data;
      return { ...state, etaAt, etaToldAt: etaWorthTelling(state.etaToldAt, etaAt) ? etaAt : state.etaToldAt };
    }
    // Leaving en route (Arrived above all) ends the arrival time.
    case 'confirmed':
    case 'arrived':
    case 'started':
    case 'completed':
    case 'noShow':
      return { ...state, status: statusOfEvent[event.type], etaAt: null, etaToldAt: null };
    case 'cancelled':
      return {
        ...state,
        etaAt: null,
        etaToldAt: null,
        status: 'cancelled',
        cancellationReason: event.data.reason,
        cancelledBy: event.data.by,
      };
    case 'rescheduled': {
      // Moved while the barber was on the way or there: that visit is off, and the booking is confirmed for
      // the new time (reminded before it, its arrival time told again when the barber sets off).
      const { visitCalledOff, ...moved } = event.data;
      const visitOff = visitCalledOff ?? (state.status === 'en_route' || state.status === 'arrived');
      return {
        ...state,
        ...moved,
        durationMinutes: minutesOfDay(event.data.endTime) - minutesOfDay(event.data.startTime),
        ...(visitOff ? { status: 'confirmed' as const, etaAt: null, etaToldAt: null } : {}),
      };
    }
    case 'notesUpdated':
      return { ...state, ...event.data };
    case 'refunded': {
      // a partial refund (one made in Stripe's dashboard) leaves the rest owed
      const refundedAmount = (state.refundedAmount ?? 0) + event.data.amount;
      return {
        ...state,
        refunded: event.data.complete === true || refundedAmount >= (state.paidAmount ?? 0),
        refundId: event.data.refundId,
        refundedAmount,
        refunds: [...state.refunds, refundEntry(state, event.data)],
      };
    }
    case 'refundSucceeded':
      return {
        ...state,
        refunds: state.refunds.map((r) => (r.id === event.data.refundId ? { ...r, settled: true } : r)),
      };
    case 'refundFailed': {
      // the money did not go back after all: it is owed again
      const refundedAmount = Math.max((state.refundedAmount ?? 0) - event.data.amount, 0);
      return {
        ...state,
        refunded: refundedAmount > 0 && refundedAmount >= (state.paidAmount ?? 0),
        refundedAmount,
        refunds: state.refunds.filter((r) => r.id !== event.data.refundId),
        failedRefundIds: [...state.failedRefundIds, event.data.refundId],
      };
    }
    case 'expired':
      return {
        ...state,
        status: 'cancelled',
        cancellationReason: CHECKOUT_EXPIRED_REASON,
        cancelledBy: null,
        etaAt: null,
        etaToldAt: null,
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The state after a stream of events. */
export function fold(events: readonly BookingEvent[]): BookingState {
  return events.reduce(evolve, initialState());
}
