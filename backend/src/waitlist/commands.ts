import {
  AppError,
  lookupZipcode,
  MAX_WAITLIST_ENTRIES,
  todayLocal,
  WAITLIST_JOINED,
  WAITLIST_LEFT,
  type WaitlistEntry,
  type WaitlistJoinInput,
  belowMinimumProblem,
} from '@barber/shared';
import type { Sql, Tx } from '../db/connect';
import { appendToStream, isUniqueViolation, streamVersion } from '../eventstore/store';
import { announceAppend } from '../eventstore/wakeups';
import { isWithinBookingWindow } from '../catalog/slots';
import { findEntry } from './queries';
import { waitlistStreamId } from './subscriber';

/*
 * The customer's waitlist commands. The waitlist is state, like the catalog: joining and leaving write
 * `waitlist_entries` directly, and in the same transaction an event on the entry's stream for the
 * barber's live waitlist counts (WAITLIST_JOINED, WAITLIST_LEFT; nothing else follows them). What the
 * waitlist causes (telling the customer of an opened slot) is driven by the event log, in the worker
 * (subscriber.ts).
 */

/** The event telling the barber's screens that the waiting on one of their days changed. */
async function appendWaitlistChange(
  tx: Tx,
  type: typeof WAITLIST_JOINED | typeof WAITLIST_LEFT,
  entry: { id: number; customerId: number; barberId: number; date: string },
): Promise<void> {
  const streamId = waitlistStreamId(entry.id);
  await appendToStream(
    tx,
    streamId,
    type === WAITLIST_JOINED ? 0 : await streamVersion(tx, streamId),
    [{ type, data: { entryId: entry.id, barberId: entry.barberId, date: entry.date } }],
    {
      actorUserId: entry.customerId,
      actorRole: 'customer',
      audience: { userIds: [], barberIds: [entry.barberId] },
    },
  );
}

type JoinInput = Omit<WaitlistJoinInput, 'startTime' | 'endTime' | 'serviceId' | 'zipcode'> & {
  startTime?: string;
  endTime?: string;
  serviceId?: number;
  zipcode?: string;
};

/** Joins the waitlist of a barber's day; answers the new entry. */
export async function joinWaitlist(
  sql: Sql,
  customerId: number,
  input: JoinInput,
  now: Date,
  /** The platform's minimumBookingAmount (dollars): a cheaper service cannot be booked, so it is not waited for. */
  minimumBookingAmount = 0,
): Promise<WaitlistEntry> {
  const [barber] = await sql<
    { id: number; verified: boolean }[]
  >`SELECT id, is_verified AS verified FROM barbers WHERE id = ${input.barberId}`;
  if (!barber || !barber.verified) throw new AppError('NOT_FOUND', 'Barber not found');
  if (!isWithinBookingWindow(input.date, now)) {
    throw new AppError('VALIDATION_FAILED', 'Please choose a date from today to 30 days ahead.', {
      issues: [{ path: 'date', message: 'Please choose a date from today to 30 days ahead.' }],
    });
  }
  if (input.serviceId !== undefined) {
    const [service] = await sql<{ priceCents: number }[]>`
      SELECT price_cents AS "priceCents" FROM services
       WHERE id = ${input.serviceId} AND barber_id = ${barber.id} AND is_active AND deleted_at IS NULL`;
    if (!service)
      throw new AppError('VALIDATION_FAILED', 'This barber does not offer that service.', {
        issues: [{ path: 'serviceId', message: 'This barber does not offer that service.' }],
      });
    const belowMinimum = belowMinimumProblem(service.priceCents, minimumBookingAmount);
    if (belowMinimum) throw belowMinimum;
  }
  if (input.zipcode !== undefined && !lookupZipcode(input.zipcode)) {
    throw new AppError('VALIDATION_FAILED', 'Please enter a valid zipcode in our service area.', {
      issues: [{ path: 'zipcode', message: 'Please enter a valid zipcode in our service area.' }],
    });
  }
  const today = todayLocal(now);
  const id = await sql
    .begin(async (tx) => {
      // one writer per customer at a time, so the limit below holds under concurrent joins
      await tx`SELECT id FROM users WHERE id = ${customerId} FOR UPDATE`;
      // an entry of the same day that ended with a booking makes way for the new one
      await tx`
        UPDATE waitlist_entries w SET left_at = now()
         WHERE w.customer_id = ${customerId} AND w.barber_id = ${barber.id} AND w.date = ${input.date}::date AND w.left_at IS NULL
           AND EXISTS (SELECT 1 FROM bookings bk WHERE bk.customer_id = w.customer_id AND bk.barber_id = w.barber_id AND bk.date = w.date
                                                  AND bk.status <> 'cancelled' AND bk.created_at >= w.created_at)`;
      const [open] = await tx<{ n: number }[]>`
        SELECT count(*)::int AS n FROM waitlist_entries WHERE customer_id = ${customerId} AND left_at IS NULL AND date >= ${today}::date`;
      if (open!.n >= MAX_WAITLIST_ENTRIES) {
        throw new AppError(
          'CONFLICT',
          `You can wait for at most ${MAX_WAITLIST_ENTRIES} days at once. Leave one to join another.`,
        );
      }
      const [row] = await tx<{ id: number }[]>`
        INSERT INTO waitlist_entries (customer_id, barber_id, service_id, date, start_time, end_time, zipcode)
        VALUES (${customerId}, ${barber.id}, ${input.serviceId ?? null}, ${input.date}::date, ${input.startTime ?? null}, ${input.endTime ?? null},
                ${input.zipcode ?? null})
        RETURNING id`;
      await appendWaitlistChange(tx, WAITLIST_JOINED, {
        id: row!.id,
        customerId,
        barberId: barber.id,
        date: input.date,
      });
      return row!.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'waitlist_entries_open')) {
        throw new AppError('CONFLICT', 'You are already on the waitlist of this barber for this day.');
      }
      throw error;
    });
  announceAppend(sql);
  return (await findEntry(sql, id, today))!;
}

/** Leaves the waitlist: the entry ends and is no longer listed or told of anything. */
export async function leaveWaitlist(sql: Sql, customerId: number, entryId: number): Promise<void> {
  const [row] = await sql<{ customerId: number; left: boolean }[]>`
    SELECT customer_id AS "customerId", left_at IS NOT NULL AS left FROM waitlist_entries WHERE id = ${entryId}`;
  if (!row || row.left) throw new AppError('NOT_FOUND', 'Waitlist entry not found');
  if (row.customerId !== customerId)
    throw new AppError('FORBIDDEN', 'Only the customer of this waitlist entry can leave it.');
  const left = await sql.begin(async (tx) => {
    const [entry] = await tx<{ barberId: number; date: string }[]>`
      UPDATE waitlist_entries SET left_at = now() WHERE id = ${entryId} AND left_at IS NULL
      RETURNING barber_id AS "barberId", to_char(date, 'YYYY-MM-DD') AS date`;
    if (entry) await appendWaitlistChange(tx, WAITLIST_LEFT, { id: entryId, customerId, ...entry });
    return Boolean(entry);
  });
  if (left) announceAppend(sql);
}

/**
 * Ends every open entry of a customer who became a barber (accounts/promote.ts): a barber cannot book, could no
 * longer see or leave the entries, and would be told of slots they cannot take. Answers how many ended (the
 * caller announces the appends after its commit).
 */
export async function endWaitlistsOf(tx: Tx, customerId: number): Promise<number> {
  const ended = await tx<{ id: number; barberId: number; date: string }[]>`
    UPDATE waitlist_entries SET left_at = now() WHERE customer_id = ${customerId} AND left_at IS NULL
    RETURNING id, barber_id AS "barberId", to_char(date, 'YYYY-MM-DD') AS date`;
  for (const entry of ended) await appendWaitlistChange(tx, WAITLIST_LEFT, { ...entry, customerId });
  return ended.length;
}
