import {
  AppError,
  addMinutesHHmm,
  type barberUpdateBookingSchema,
  bookingDetailsInputSchema,
  commandForStatus,
  dayOfWeekLocal,
  decide,
  lookupZipcode,
  minutesOfDay,
  MINUTES_PER_DAY,
  type updateBookingStatusSchema,
  type BookingActor,
  type BookingCommand,
  type BookingView,
  type CreatedBooking,
  type StatusCommandContext,
} from '@barber/shared';
import type { z } from 'zod';
import type { Sql } from '../db/connect';
import type { Deps } from '../plugins/deps';
import { clockNow } from './clock';
import { runBookingCommand, runBookingPlan, type BookingCommandDeps, type CommandTrace } from './commands';
import { NOT_AVAILABLE_MESSAGE } from './create';
import { findFittingBlock, loadActiveBlocks, skippedStartProblem } from './slotRules';

export type UpdateStatusBody = z.output<typeof updateBookingStatusSchema>;
export type BarberUpdateBody = z.output<typeof barberUpdateBookingSchema>;

/** A status change needs the clock and the settings (the customer's cancellation window) besides the database. */
export type StatusChangeDeps = BookingCommandDeps & Pick<Deps, 'settings' | 'clock'>;

/** The instant and the settings a status command is decided with. */
async function statusContext(deps: StatusChangeDeps): Promise<Omit<StatusCommandContext, 'reason'>> {
  const settings = await deps.settings.get();
  return { now: clockNow(deps), cancellationWindowHours: settings.cancellationWindow };
}

/**
 * PUT /api/bookings/{id}/status: `pending` with contact details saves them, any other status is the
 * command of that status (the decider decides who may). A customer's cancel reason is always
 * "Cancelled by customer" (the decider ignores the one sent).
 */
function statusCommand(
  actor: BookingActor,
  body: UpdateStatusBody,
  context: Omit<StatusCommandContext, 'reason'>,
): BookingCommand {
  if (body.status === 'pending') {
    return { type: 'saveDetails', actor, data: bookingDetailsInputSchema.parse(body) };
  }
  return commandForStatus(body.status, actor, { ...context, reason: body.reason });
}

export async function updateBookingStatus(
  deps: StatusChangeDeps,
  bookingId: string,
  actor: BookingActor,
  body: UpdateStatusBody,
  trace: CommandTrace = {},
): Promise<BookingView> {
  const context = await statusContext(deps);
  return runBookingCommand(deps, bookingId, statusCommand(actor, body, context), {
    ...trace,
    now: context.now,
    expectedVersion: body.expectedVersion,
  });
}

/**
 * PUT /api/bookings/{id}/update (the barber's details dialog), one append: notes and travel time,
 * then a reschedule (only with isEditingDateTime and a real change), then the status when it differs
 * from the current one (the dialog always sends the selected status).
 */
export async function barberUpdateBooking(
  deps: StatusChangeDeps,
  bookingId: string,
  actor: BookingActor,
  body: BarberUpdateBody,
  trace: CommandTrace = {},
): Promise<BookingView> {
  const context = await statusContext(deps);
  const { now } = context;
  return runBookingPlan(
    deps,
    bookingId,
    actor,
    async (state, db) => {
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
            estimatedTravelTime:
              body.estimatedTravelTime === undefined ? state.estimatedTravelTime : body.estimatedTravelTime,
          },
        });
      }
      const moved = newTimes(state, body);
      if (moved) {
        decide({ type: 'reschedule', actor, data: moved, now }, state); // refuses a started or finished booking before the slot checks
        // the booking holds the travel buffer of the block it moves into (the schedule row's held time)
        const travelBuffer = await checkReschedule(db, state, moved);
        commands.push({ type: 'reschedule', actor, data: { ...moved, travelBuffer }, now });
      }
      if (body.status && body.status !== state.status) {
        commands.push(commandForStatus(body.status, actor, { ...context, reason: body.cancellationReason }));
      }
      return commands;
    },
    { ...trace, now, expectedVersion: body.expectedVersion },
  );
}

type Times = { date: string; startTime: string; endTime: string };

/**
 * The new date and times of a reschedule. The booking keeps its service's duration: the server
 * computes the end time, and an end time sent that disagrees is refused with the expected one
 * (as POST /api/bookings does).
 */
function newTimes(state: CreatedBooking, body: BarberUpdateBody): Times | null {
  if (!body.isEditingDateTime) return null;
  const date = body.date ?? state.date;
  const startTime = body.startTime ?? state.startTime;
  if (minutesOfDay(startTime) + state.durationMinutes >= MINUTES_PER_DAY) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The appointment must end before midnight. Please choose an earlier time.',
      { field: 'startTime' },
    );
  }
  const endTime = addMinutesHHmm(startTime, state.durationMinutes);
  if (body.endTime !== undefined && body.endTime !== endTime) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The end time must be the start time plus the service duration of ${state.durationMinutes} minutes (${endTime}).`,
      { field: 'endTime', expectedEndTime: endTime },
    );
  }
  const same = date === state.date && startTime === state.startTime && endTime === state.endTime;
  return same ? null : { date, startTime, endTime };
}

/**
 * The new time must lie inside an active block serving the booking's zipcode (that it lies ahead is the
 * decider's rule; the 30-day window binds customers only). The overlap with other bookings, travel buffers included,
 * is the exclusion constraint's job when the projection moves the schedule row. Answers the travel buffer
 * of the block the new time fits.
 */
async function checkReschedule(db: Sql, state: CreatedBooking, next: Times): Promise<number> {
  if (minutesOfDay(next.endTime) <= minutesOfDay(next.startTime)) {
    throw new AppError('VALIDATION_FAILED', 'The end time must be after the start time', { field: 'endTime' });
  }
  const skipped = skippedStartProblem(next.date, next.startTime);
  if (skipped) throw new AppError('VALIDATION_FAILED', skipped, { field: 'startTime' });
  const zip = lookupZipcode(state.zipcode);
  const blocks = await loadActiveBlocks(db, state.barberId, dayOfWeekLocal(next.date));
  const block = zip ? findFittingBlock(blocks, { ...next, zip }) : null;
  if (!block) throw new AppError('VALIDATION_FAILED', NOT_AVAILABLE_MESSAGE, { field: 'startTime' });
  return block.travelBuffer;
}
