import {
  AppError,
  barberUpdateBookingSchema,
  bookingDetailsInputSchema,
  commandForStatus,
  dayOfWeekLocal,
  decide,
  lookupZipcode,
  minutesOfDay,
  todayLocal,
  toInstant,
  updateBookingStatusSchema,
  type BookingActor,
  type BookingCommand,
  type BookingView,
  type CreatedBooking,
} from '@barber/shared';
import type { z } from 'zod';
import type { Sql } from '../db/connect';
import { runBookingCommand, runBookingPlan, type BookingCommandDeps } from './commands';
import { NOT_AVAILABLE_MESSAGE } from './create';
import { findFittingBlock, loadActiveBlocks } from './slotRules';

export type UpdateStatusBody = z.output<typeof updateBookingStatusSchema>;
export type BarberUpdateBody = z.output<typeof barberUpdateBookingSchema>;

/**
 * PUT /api/bookings/{id}/status: `pending` with contact details saves them, any other status is the
 * command of that status (the decider decides who may). A customer's cancel reason is always
 * "Cancelled by customer" (the decider ignores the one sent).
 */
export function statusCommand(actor: BookingActor, body: UpdateStatusBody): BookingCommand {
  if (body.status === 'pending') {
    return { type: 'saveDetails', actor, data: bookingDetailsInputSchema.parse(body) };
  }
  return commandForStatus(body.status, actor, body.reason);
}

export function updateBookingStatus(deps: BookingCommandDeps, bookingId: string, actor: BookingActor, body: UpdateStatusBody): Promise<BookingView> {
  return runBookingCommand(deps, bookingId, statusCommand(actor, body));
}

/**
 * PUT /api/bookings/{id}/update (the barber's details dialog), one append: notes and travel time,
 * then a reschedule (only with isEditingDateTime and a real change), then the status when it differs
 * from the current one (the dialog always sends the selected status).
 */
export function barberUpdateBooking(
  deps: BookingCommandDeps,
  bookingId: string,
  actor: BookingActor,
  body: BarberUpdateBody,
  now: Date = new Date(),
): Promise<BookingView> {
  return runBookingPlan(deps, bookingId, actor, async (state, db) => {
    if (!state.created) throw new AppError('NOT_FOUND', 'Booking not found');
    if (actor.role !== 'admin' && (actor.role !== 'barber' || actor.barberId !== state.barberId)) {
      throw new AppError('FORBIDDEN', 'You are not allowed to change this booking');
    }
    const commands: BookingCommand[] = [];
    if (body.barberNotes !== undefined || body.estimatedTravelTime !== undefined) {
      commands.push({
        type: 'updateNotes',
        actor,
        data: {
          barberNotes: body.barberNotes === undefined ? state.barberNotes : body.barberNotes,
          estimatedTravelTime: body.estimatedTravelTime === undefined ? state.estimatedTravelTime : body.estimatedTravelTime,
        },
      });
    }
    const moved = newTimes(state, body);
    if (moved) {
      const reschedule: BookingCommand = { type: 'reschedule', actor, data: moved };
      decide(reschedule, state); // refuses a started or finished booking before the slot checks
      await checkReschedule(db, state, moved, now);
      commands.push(reschedule);
    }
    if (body.status && body.status !== state.status) commands.push(commandForStatus(body.status, actor, body.cancellationReason));
    return commands;
  });
}

type Times = { date: string; startTime: string; endTime: string };

function newTimes(state: CreatedBooking, body: BarberUpdateBody): Times | null {
  if (!body.isEditingDateTime) return null;
  const next = { date: body.date ?? state.date, startTime: body.startTime ?? state.startTime, endTime: body.endTime ?? state.endTime };
  const same = next.date === state.date && next.startTime === state.startTime && next.endTime === state.endTime;
  return same ? null : next;
}

/**
 * The new time must lie ahead and inside an active block serving the booking's zipcode (the
 * 30-day window binds customers only). The overlap with other bookings, travel buffers included,
 * is the exclusion constraint's job when the projection moves the schedule row.
 */
async function checkReschedule(db: Sql, state: CreatedBooking, next: Times, now: Date): Promise<void> {
  if (minutesOfDay(next.endTime) <= minutesOfDay(next.startTime)) {
    throw new AppError('VALIDATION_FAILED', 'The end time must be after the start time', { field: 'endTime' });
  }
  if (next.date < todayLocal(now) || toInstant(next.date, next.startTime).getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'This time is in the past. Please choose another time.', { field: 'date' });
  }
  const zip = lookupZipcode(state.zipcode);
  const blocks = await loadActiveBlocks(db, state.barberId, dayOfWeekLocal(next.date));
  if (!zip || !findFittingBlock(blocks, { ...next, zip })) {
    throw new AppError('VALIDATION_FAILED', NOT_AVAILABLE_MESSAGE, { field: 'startTime' });
  }
}
