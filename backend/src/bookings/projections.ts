import {
  AppError,
  fold,
  isLiveStatus,
  storedBookingEvent,
  type BookingEvent,
  type CreatedBooking,
} from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import type { Fragment } from '../eventstore/command';
import type { StoredEvent } from '../eventstore/types';
import { heldRange, holdsNoTime } from './slotRules';
import { bookingViewSelect } from './views';

export const BOOKING_STREAM_PREFIX = 'booking-';

/** A stored event of a booking stream (parsed by its shared schema when it was decided). */
export function toBookingEvent(event: StoredEvent): BookingEvent {
  return storedBookingEvent(event.type, event.data);
}

export function isBookingStream(streamId: string): boolean {
  return streamId.startsWith(BOOKING_STREAM_PREFIX);
}

/** The `bookings` row of a whole stream: a pure function of its events (times come from their recordedAt). */
export function bookingRowOf(events: readonly StoredEvent[]) {
  const state = fold(events.map(toBookingEvent));
  if (!state.created || events.length === 0) return null;
  return bookingRowOfState(state, events);
}

/** The `bookings` row of a booking's folded state; `events` (the whole stream) give its version and times. */
export function bookingRowOfState(
  s: CreatedBooking,
  events: readonly Pick<StoredEvent, 'streamVersion' | 'recordedAt'>[],
) {
  const range = heldRange(s.date, s.startTime, s.endTime, 0);
  return {
    id: s.bookingId,
    version: events.at(-1)!.streamVersion,
    customer_id: s.customerId,
    barber_id: s.barberId,
    service_id: s.serviceId,
    service_name: s.serviceName ?? null,
    date: s.date,
    start_time: s.startTime,
    end_time: s.endTime,
    starts_at: range.from,
    ends_at: range.to,
    duration_minutes: s.durationMinutes,
    travel_buffer: s.travelBuffer,
    status: s.status,
    total_cents: s.totalAmount,
    platform_fee_cents: s.platformFee,
    barber_amount_cents: s.barberAmount,
    fee_collection_enabled: s.feeCollectionEnabled,
    cancellation_window: s.cancellationWindow ?? null,
    city: s.city,
    display_city: s.displayCity,
    zipcode: s.zipcode,
    notes: s.notes,
    details_saved: s.detailsSaved,
    customer_phone: s.customerPhone,
    customer_address: s.customerAddress,
    apartment_unit: s.apartmentUnit,
    special_instructions: s.specialInstructions,
    stripe_payment_id: s.paymentIntentId,
    paid: s.paid,
    refunded: s.refunded,
    refunded_cents: s.refundedAmount ?? 0,
    barber_notes: s.barberNotes,
    estimated_travel_time: s.estimatedTravelTime,
    cancellation_reason: s.cancellationReason,
    eta_at: s.etaAt === null ? null : new Date(s.etaAt),
    created_at: new Date(events[0]!.recordedAt),
    updated_at: new Date(events.at(-1)!.recordedAt),
  };
}

export type BookingRow = NonNullable<ReturnType<typeof bookingRowOf>>;

const UPDATE_COLUMNS = [
  'version',
  'customer_id',
  'barber_id',
  'service_id',
  'service_name',
  'date',
  'start_time',
  'end_time',
  'starts_at',
  'ends_at',
  'duration_minutes',
  'travel_buffer',
  'status',
  'total_cents',
  'platform_fee_cents',
  'barber_amount_cents',
  'fee_collection_enabled',
  'cancellation_window',
  'city',
  'display_city',
  'zipcode',
  'notes',
  'details_saved',
  'customer_phone',
  'customer_address',
  'apartment_unit',
  'special_instructions',
  'stripe_payment_id',
  'paid',
  'refunded',
  'refunded_cents',
  'barber_notes',
  'estimated_travel_time',
  'cancellation_reason',
  'eta_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof BookingRow)[];

/**
 * The row goes to Postgres as ONE json parameter that json_populate_record spreads over the columns,
 * not as 35 parameters built by the driver's column helper: that helper searched the statement's text
 * with regular expressions and inferred, serialised and framed each value on every command, about a
 * tenth of the booking command's CPU in Node (bench/analysis.md). The column lists are constant text.
 */
const COLUMNS = ['id', ...UPDATE_COLUMNS].join(', ');
/** Postgres' json type: parsed lazily by json_populate_record (jsonb would be parsed and stored first). */
const JSON_OID = 114;
const UPDATE_SET = UPDATE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ');

export function isExclusionViolation(error: unknown, constraint = 'barber_schedule_no_overlap'): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e?.code === '23P01' && e.constraint_name === constraint;
}

export function slotTaken(): AppError {
  return new AppError('SLOT_TAKEN', 'This time slot is no longer available. Please choose another time.');
}

/**
 * Writes the read models of one booking from its whole stream: the `bookings` row, and the
 * barber_schedule row while the booking is live (removed once cancelled or a no-show). The
 * exclusion constraint refuses a held range that overlaps another live booking: SLOT_TAKEN.
 */
export async function writeBookingProjection(db: Sql | Tx, events: readonly StoredEvent[]): Promise<void> {
  const row = bookingRowOf(events);
  if (!row) return;
  try {
    await db`WITH ${bookingWrites(db as Sql, row, false)} SELECT 1`;
  } catch (error) {
    throw slotTakenOr(error);
  }
}

/**
 * The key space of the per-barber lock taken before a held range is written. Without it, racing
 * inserts into barber_schedule wait on each other's speculative insertion (the ON CONFLICT upsert
 * beside the exclusion constraint) in cycles that only the deadlock detector breaks, one per
 * `deadlock_timeout` (1 s): 200 racing bookings took 20 s. With it, a barber's writers queue, and
 * each finds the one before it committed: an overlap is refused at once (SLOT_TAKEN).
 */
const SCHEDULE_LOCK_SPACE = 4201;

/**
 * The writes of the `bookings` row (CTE `booking`, the new row) and of its held time (CTE `held`).
 * A booking whose stream starts in this statement is inserted plainly: no conflict is possible (its id
 * is new), and an upsert costs twice the parameters and fires the UPDATE triggers too.
 */
function bookingWrites(db: Sql, row: BookingRow, isNew: boolean): Fragment {
  const held = heldRange(row.date, row.start_time, row.end_time, row.travel_buffer);
  const insertHeld = db`INSERT INTO barber_schedule (booking_id, barber_id, during)
         SELECT ${row.id}::uuid, ${row.barber_id}::int, tstzrange(${held.from}, ${held.to}, '[)')
           FROM (SELECT pg_advisory_xact_lock(${SCHEDULE_LOCK_SPACE}::int, ${row.barber_id}::int)) AS one_writer_per_barber`;
  const schedule =
    !isLiveStatus(row.status) || holdsNoTime(held)
      ? db`DELETE FROM barber_schedule WHERE booking_id = ${row.id}`
      : isNew
        ? insertHeld
        : db`${insertHeld}
         ON CONFLICT (booking_id) DO UPDATE SET barber_id = excluded.barber_id, during = excluded.during
         WHERE barber_schedule.barber_id IS DISTINCT FROM excluded.barber_id OR barber_schedule.during IS DISTINCT FROM excluded.during`;
  const insert = db`INSERT INTO bookings (${db.unsafe(COLUMNS)})
         SELECT ${db.unsafe(COLUMNS)} FROM json_populate_record(NULL::bookings, ${db.typed(row as never, JSON_OID)})`;
  const booking = isNew
    ? db`${insert} RETURNING *`
    : db`${insert} ON CONFLICT (id) DO UPDATE SET ${db.unsafe(UPDATE_SET)} RETURNING *`;
  return db`booking AS (${booking}), held AS (${schedule})`;
}

/**
 * The inline projection of a booking command, composed into the append's statement (executeCommand):
 * the rows of the booking's state after the new events, and the booking view as the answer. Replay
 * (rebuild.ts) writes the same rows from the same pure `bookingRowOf`.
 */
export function bookingProjection(
  db: Sql,
  row: BookingRow,
  stream: readonly StoredEvent[],
  appended: number,
  options: { answerKnown?: boolean } = {},
): Fragment {
  if (appended === 0) return db`answer AS (${db.unsafe(bookingViewSelect('bookings'))} WHERE b.id = ${row.id})`;
  // a stream this statement starts (all its events appended now) is a new booking
  const writes = bookingWrites(db, row, appended === stream.length);
  // an answer built in Node (Decision.knownAnswer) needs one row from here, not the view's joins
  return options.answerKnown
    ? db`${writes}, answer AS (SELECT id FROM booking)`
    : db`${writes}, answer AS (${db.unsafe(bookingViewSelect('booking'))})`;
}

/** An overlap refused by the exclusion constraint is a taken slot; anything else stays as it is. */
export function slotTakenOr(error: unknown): unknown {
  return isExclusionViolation(error) ? slotTaken() : error;
}
