import type { BookingCreatedData, BookingDetails } from './events';
import type { Role } from '../accounts/schemas';

/* The commands of a booking: what an actor asks of the decider (decider.ts). */

/** Who sends a command: a signed-in user, or 'system' for the worker and webhooks. */
export type BookingActorRole = Role | 'system';

export interface BookingActor {
  userId: number;
  role: BookingActorRole;
  /** The barber profile id of a barber user; null for everybody else. */
  barberId: number | null;
}

/** The actor of worker and webhook commands. */
export const SYSTEM_ACTOR: BookingActor = Object.freeze({ userId: 0, role: 'system', barberId: null });

interface CommandBase<T extends string> {
  type: T;
  actor: BookingActor;
}

/** `now`: the appointment must lie ahead of it, and it is when the booking was requested. */
export interface CreateBooking extends TimedCommand<'create'> {
  data: Omit<BookingCreatedData, 'requestedAt'>;
}
export interface SaveBookingDetails extends CommandBase<'saveDetails'> {
  data: BookingDetails;
}
/**
 * A command the clock rules (docs/design.md §3): it carries the instant it is decided at, from the
 * caller's injected clock, so that decide stays pure.
 */
export interface TimedCommand<T extends string> extends CommandBase<T> {
  now: Date;
}
export type ConfirmBooking = TimedCommand<'confirm'>;
/** A payment confirms its pending booking only until the appointment ends (`now`: when it is recorded). */
export interface RecordPayment extends TimedCommand<'recordPayment'> {
  data: { paymentIntentId: string; amount: number };
}
export interface RecordPaymentFailure extends CommandBase<'recordPaymentFailure'> {
  data: { paymentIntentId: string; message: string };
}
/** En route: the arrival time is now + the booking's travel time (estimatedTravelTime, else the block's travel buffer). */
export type MarkEnRoute = TimedCommand<'markEnRoute'>;
/** The barber on the way will be `addMinutes` later (counted from now once the arrival time has passed). */
export interface UpdateEta extends TimedCommand<'updateEta'> {
  data: { addMinutes: number };
}
export type MarkArrived = TimedCommand<'markArrived'>;
export type StartService = TimedCommand<'start'>;
export type CompleteBooking = TimedCommand<'complete'>;
export type MarkNoShow = TimedCommand<'markNoShow'>;
export interface CancelBooking extends TimedCommand<'cancel'> {
  /** Required for barbers and admins; ignored for customers ("Cancelled by customer"). */
  data: { reason?: string | null };
  /** Platform setting cancellationWindow (hours): a customer cancels until that long before the start. */
  cancellationWindowHours: number;
}
/** The system gives up on an abandoned checkout (pending and unpaid past pendingBookingExpiryMinutes). */
export interface ExpireBooking extends TimedCommand<'expire'> {
  /** Platform setting pendingBookingExpiryMinutes: how long a checkout stays open after the request. */
  pendingBookingExpiryMinutes: number;
}
export interface RescheduleBooking extends CommandBase<'reschedule'> {
  /** `travelBuffer`: the one of the availability block the new time falls in. */
  data: { date: string; startTime: string; endTime: string; travelBuffer?: number };
  /** The new time must lie ahead of it. */
  now: Date;
}
export interface UpdateBookingNotes extends CommandBase<'updateNotes'> {
  data: { barberNotes: string | null; estimatedTravelTime: number | null };
}
/** Stripe says a refund not settled when recorded went through (its refund update, or the worker's daily look). */
export interface RecordRefundSuccess extends CommandBase<'recordRefundSuccess'> {
  data: { refundId: string };
}
/** Stripe reports a refund failed or cancelled (its webhook, or the refund job's own answer). */
export interface RecordRefundFailure extends CommandBase<'recordRefundFailure'> {
  data: { refundId: string; reason: string };
}
/**
 * A refund made at Stripe: by the refund job (`amount`, and `complete` when it asked for everything left), or seen
 * in Stripe's webhooks (`seenAtStripe`: one of the charge's refunds as Stripe lists it, made in its dashboard or
 * ours before its job recorded it; or, when the list cannot be read, the charge's `totalRefunded` so far).
 * `pending`: Stripe answered it pending (the card's bank has not settled it yet).
 */
export interface RecordRefund extends CommandBase<'recordRefund'> {
  data: { refundId: string; pending?: true } & (
    { amount: number; complete?: true } | { amount: number; seenAtStripe: true } | { totalRefunded: number }
  );
}

export type BookingCommand =
  | CreateBooking
  | SaveBookingDetails
  | ConfirmBooking
  | RecordPayment
  | RecordPaymentFailure
  | MarkEnRoute
  | UpdateEta
  | MarkArrived
  | StartService
  | CompleteBooking
  | MarkNoShow
  | CancelBooking
  | RescheduleBooking
  | UpdateBookingNotes
  | RecordRefund
  | RecordRefundSuccess
  | RecordRefundFailure
  | ExpireBooking;

export type BookingCommandType = BookingCommand['type'];
