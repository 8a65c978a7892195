import {
  AppError,
  bookingStreamId,
  decide,
  evolve,
  fold,
  isBookingCustomer,
  type BookingActor,
  type BookingCommand,
  type BookingEvent,
  type BookingState,
  type BookingView,
} from '@barber/shared';
import type { Sql } from '../db/connect';
import { executeCommand, storedAnswer } from '../eventstore/command';
import { BOOKING_CHANGED_MESSAGE } from '../eventstore/store';
import type { EventMetadata, StoredEvent } from '../eventstore/types';
import type { Deps } from '../plugins/deps';
import type { Audience } from '../realtime/audience';
import { bookingProjection, bookingRowOfState, slotTakenOr, toBookingEvent, type BookingRow } from './projections';
import { rememberView } from './recentViews';
import { toBookingView, viewRowOf, type BookingViewRow, type ViewParties } from './views';

/** What a booking command needs: the database and the job queues (the worker has both too). */
export type BookingCommandDeps = Pick<Deps, 'sql' | 'queues'>;

export interface BookingCommandOptions {
  /** Already scoped by the caller (e.g. `booking-create:{userId}:{header}`, or a Stripe event id). */
  idempotencyKey?: string;
  causationId?: string;
  /** The request that started the change (its id), carried on by what the events cause (e.g. the waitlist). */
  correlationId?: string;
  /** The booking is being created: its stream has no history to read. */
  isNew?: boolean;
  /** The command's clock (the events' recordedAt). */
  now?: Date;
  /**
   * The booking's version the caller's screen showed: a booking changed since is refused (VERSION_CONFLICT)
   * rather than changed on what the user did not see (a status sent from a dialog opened before a reschedule).
   */
  expectedVersion?: number;
}

/** What ties a command's events to the request that asked for them (its log lines share the id). */
export type CommandTrace = Pick<BookingCommandOptions, 'correlationId'>;

/**
 * Builds the commands of one request from the current state (for checks that read tables, `db` reads
 * them). A plan that read the booking's parties too (the customer, the barber, the service) gives them,
 * and the answer is then built from them and the new row instead of being read back.
 */
export type BookingPlan = (state: BookingState, db: Sql) => Promise<PlannedCommands> | PlannedCommands;
export type PlannedCommands = BookingCommand[] | { commands: BookingCommand[]; parties: ViewParties };

/**
 * Runs one command on a booking: fold its history, decide, append (with the audience that decides
 * who is pushed the events), project inline, answer the booking view. One statement after the read.
 */
export function runBookingCommand(
  deps: BookingCommandDeps,
  bookingId: string,
  command: BookingCommand,
  options: BookingCommandOptions = {},
): Promise<BookingView> {
  return runBookingPlan(deps, bookingId, command.actor, () => [command], options);
}

/**
 * Runs several commands of one actor on a booking as one append (e.g. notes, reschedule and status
 * of the barber's details dialog): each is decided on the state the previous ones left.
 */
export async function runBookingPlan(
  deps: BookingCommandDeps,
  bookingId: string,
  actor: BookingActor,
  plan: BookingPlan,
  options: BookingCommandOptions = {},
): Promise<BookingView> {
  const { idempotencyKey } = options;
  // executeCommand reads the metadata when it appends, after decide: the audience is filled in then.
  const metadata: EventMetadata & { audience?: Audience } = {
    actorUserId: actor.role === 'system' ? null : actor.userId,
    actorRole: actor.role,
    ...(options.causationId ? { causationId: options.causationId } : {}),
    ...(options.correlationId ? { correlationId: options.correlationId } : {}),
  };
  let view: BookingView;
  try {
    view = await executeCommand<BookingView>(deps.sql, {
      streamId: bookingStreamId(bookingId),
      isNew: options.isNew,
      idempotencyKey,
      metadata,
      now: options.now,
      answer: (row) => toBookingView(row as BookingViewRow),
      decide: async (history, db) => {
        const before = fold(history.map(toBookingEvent));
        const planned = await plan(before, db);
        const { commands, parties } = Array.isArray(planned) ? { commands: planned, parties: undefined } : planned;
        const events: BookingEvent[] = [];
        let state = before;
        for (const command of commands) {
          const produced = decide(command, state);
          events.push(...produced);
          state = produced.reduce(evolve, state);
        }
        if (!state.created) throw new AppError('NOT_FOUND', 'Booking not found');
        // after the decider, which refuses a stranger before anything about the booking is told
        if (options.expectedVersion !== undefined && options.expectedVersion !== history.length)
          throw new AppError('VERSION_CONFLICT', BOOKING_CHANGED_MESSAGE, { currentVersion: history.length });
        metadata.audience = { userIds: [state.customerId], barberIds: [state.barberId] };
        // a barber acting on a booking they made with another barber acts as its customer (who is told what follows)
        if (isBookingCustomer(actor, state)) metadata.actorRole = 'customer';
        const created = state;
        // one row per command: the projection writes it and a known answer shows it
        let row: BookingRow | undefined;
        const rowOf = (stream: readonly StoredEvent[]) => (row ??= bookingRowOfState(created, stream));
        return {
          events: events.map((e) => ({ type: e.type, data: e.data })),
          project: (sql, stream, appended) =>
            bookingProjection(sql, rowOf(stream), stream, appended, { answerKnown: parties !== undefined }),
          knownAnswer: parties && ((stream) => viewRowOf(rowOf(stream), parties)),
        };
      },
    });
  } catch (caught) {
    const error = slotTakenOr(caught);
    // Two racing retries of one key: the loser collides with the winner's slot or version; answer as the winner.
    if (
      idempotencyKey &&
      error instanceof AppError &&
      (error.code === 'SLOT_TAKEN' || error.code === 'VERSION_CONFLICT')
    ) {
      const previous = await storedAnswer(deps.sql, idempotencyKey, (row) => toBookingView(row as BookingViewRow));
      if (previous) return previous;
    }
    throw error;
  }
  rememberView(view);
  return view;
}
