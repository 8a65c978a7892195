import { createHash, randomUUID } from 'node:crypto';
import {
  AppError,
  addMinutesHHmm,
  centsToString,
  dayOfWeekLocal,
  lookupZipcode,
  minutesOfDay,
  MINUTES_PER_DAY,
  splitFee,
  type BookingActor,
  type BookingCreatedData,
  type BookingView,
  type PlatformSettings,
  type createBookingSchema,
  belowMinimumProblem,
} from '@barber/shared';
import type { z } from 'zod';
import type { Sql } from '../db/connect';
import type { Deps } from '../plugins/deps';
import { feeCollectionActive } from '../platform/feeCollection';
import { runBookingPlan, type CommandTrace } from './commands';
import type { ViewParties } from './views';
import {
  bookingWindowProblem,
  findFittingBlock,
  skippedStartProblem,
  SLOT_STEP_MINUTES,
  type AvailabilityBlock,
} from './slotRules';

export type CreateBookingBody = z.output<typeof createBookingSchema>;

const BLACKLISTED_MESSAGE =
  'This zipcode is not available for booking with this barber. Please try a different location.';
const OFF_GRID_MESSAGE = 'Please choose a start time on the hour or half hour (for example 09:00 or 09:30).';
export const NOT_AVAILABLE_MESSAGE =
  'The barber is not available at this time in your area. Please choose another time.';

/**
 * POST /api/bookings. Everything the customer sends is checked against the tables (docs/design.md §3);
 * the amount and the end time come from the service, the split from the settings in force, the
 * travel buffer from the block. The slot itself is guaranteed by the exclusion constraint when the
 * projection writes barber_schedule in the same transaction.
 */
export async function createBooking(
  deps: Pick<Deps, 'sql' | 'queues' | 'settings' | 'config'>,
  actor: BookingActor,
  body: CreateBookingBody,
  options: { idempotencyHeader?: string; now?: Date } & CommandTrace = {},
): Promise<BookingView> {
  if (actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Only customers can book an appointment');
  // Fees are collected only when the setting is on AND Stripe is configured (the same rule as
  // GET /api/fee-collection-status), else a booking would wait for a payment nobody can make.
  const settings = { ...(await deps.settings.get()), feeCollectionEnabled: await feeCollectionActive(deps) };
  const bookingId = randomUUID();
  const idempotencyKey = options.idempotencyHeader
    ? `booking-create:${actor.userId}:${options.idempotencyHeader}:${fingerprint(body)}`
    : undefined;
  const now = options.now ?? new Date();
  return runBookingPlan(
    deps,
    bookingId,
    actor,
    async (_state, db) => {
      const { data, parties } = await bookingData(db, actor.userId, body, settings, now);
      return {
        commands: [{ type: 'create', actor, now, data: { ...data, bookingId, customerId: actor.userId } }],
        parties,
      };
    },
    { idempotencyKey, isNew: true, now, correlationId: options.correlationId },
  );
}

/**
 * The request a key stands for. The booking screens keep one key while they are open: when an answer is lost and
 * the customer picks another time before trying again, the new request is another booking, not the first one
 * answered again (the first stays pending and expires unpaid).
 */
function fingerprint(body: CreateBookingBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
}

async function bookingData(
  db: Sql,
  customerId: number,
  body: CreateBookingBody,
  settings: PlatformSettings,
  now: Date,
): Promise<{ data: Omit<BookingCreatedData, 'bookingId' | 'customerId'>; parties: ViewParties }> {
  // Customers book the widget's 30-minute slots; only the barber's reschedule uses finer steps (update.ts).
  if (minutesOfDay(body.startTime) % SLOT_STEP_MINUTES !== 0) {
    throw new AppError('VALIDATION_FAILED', OFF_GRID_MESSAGE, { field: 'startTime' });
  }
  const zip = lookupZipcode(body.zipcode);
  if (!zip) throw new AppError('VALIDATION_FAILED', 'This zipcode is not in our service area.', { field: 'zipcode' });

  const { barber, service, blocks, parties } = await loadBookable(
    db,
    customerId,
    body.barberId,
    body.serviceId,
    dayOfWeekLocal(body.date),
  );
  if (!barber || !barber.verified) throw new AppError('NOT_FOUND', 'Barber not found');
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  if (!service.active)
    throw new AppError('VALIDATION_FAILED', 'This service is not available for booking.', { field: 'serviceId' });

  if (minutesOfDay(body.startTime) + service.duration >= MINUTES_PER_DAY) {
    throw new AppError('VALIDATION_FAILED', NOT_AVAILABLE_MESSAGE, { field: 'startTime' });
  }
  const endTime = addMinutesHHmm(body.startTime, service.duration);
  if (body.endTime !== endTime) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The end time must be the start time plus the service duration (${endTime}).`,
      {
        field: 'endTime',
        expectedEndTime: endTime,
      },
    );
  }
  if (body.totalAmount !== service.priceCents) {
    throw new AppError('VALIDATION_FAILED', 'The amount does not match the service price.', {
      field: 'totalAmount',
      expectedAmount: centsToString(service.priceCents),
    });
  }
  const belowMinimum = belowMinimumProblem(service.priceCents, settings.minimumBookingAmount);
  if (belowMinimum) throw belowMinimum;
  if (barber.blacklist.includes(zip.zipcode)) throw new AppError('ZIPCODE_BLACKLISTED', BLACKLISTED_MESSAGE);

  const windowProblem = bookingWindowProblem(body.date, body.startTime, now);
  if (windowProblem) throw new AppError('VALIDATION_FAILED', windowProblem, { field: 'date' });
  const skipped = skippedStartProblem(body.date, body.startTime);
  if (skipped) throw new AppError('VALIDATION_FAILED', skipped, { field: 'startTime' });

  const block = findFittingBlock(blocks, { date: body.date, startTime: body.startTime, endTime, zip });
  if (!block) throw new AppError('VALIDATION_FAILED', NOT_AVAILABLE_MESSAGE, { field: 'startTime' });

  const split = settings.feeCollectionEnabled
    ? splitFee(service.priceCents, settings.platformFeePercentage)
    : { platformFee: 0, barberAmount: service.priceCents };
  const data = {
    barberId: barber.id,
    serviceId: service.id,
    // the name as booked: a service renamed later does not rename the booking, its receipt or its history
    ...(parties.s_name ? { serviceName: parties.s_name } : {}),
    date: body.date,
    startTime: body.startTime,
    endTime,
    durationMinutes: service.duration,
    travelBuffer: block.travelBuffer,
    totalAmount: service.priceCents,
    platformFee: split.platformFee,
    barberAmount: split.barberAmount,
    feeCollectionEnabled: settings.feeCollectionEnabled,
    cancellationWindow: settings.cancellationWindow,
    city: zip.region,
    displayCity: zip.city,
    zipcode: zip.zipcode,
    notes: body.notes.trim(),
  };
  return { data, parties };
}

interface Bookable {
  barber?: { id: number; verified: boolean; blacklist: string[] };
  service?: { id: number; duration: number; priceCents: number; active: boolean };
  blocks: AvailabilityBlock[];
  /** The customer, the barber and the service as the booking view shows them (views.ts). */
  parties: ViewParties;
}

/**
 * The barber, the service of that barber, the barber's active blocks of the weekday and the booking's
 * parties as its view shows them, in one round trip.
 */
async function loadBookable(
  db: Sql,
  customerId: number,
  barberId: number,
  serviceId: number,
  dayOfWeek: number,
): Promise<Bookable> {
  const [row] = await db<
    {
      barber: Bookable['barber'] | null;
      service: Bookable['service'] | null;
      blocks: AvailabilityBlock[];
      parties: ViewParties;
    }[]
  >`
    SELECT CASE WHEN br.id IS NOT NULL
                THEN json_build_object('id', br.id, 'verified', br.is_verified, 'blacklist', br.blacklisted_zipcodes) END AS barber,
           CASE WHEN s.id IS NOT NULL
                THEN json_build_object('id', s.id, 'duration', s.duration, 'priceCents', s.price_cents,
                                       'active', s.is_active AND s.deleted_at IS NULL) END AS service,
           (SELECT coalesce(json_agg(json_build_object(
                     'id', id, 'barberId', barber_id, 'dayOfWeek', day_of_week, 'startTime', start_time, 'endTime', end_time,
                     'serviceCounties', service_counties, 'serviceCities', service_cities, 'travelBuffer', travel_buffer,
                     'isActive', is_active) ORDER BY start_time, id), '[]')
              FROM availability_blocks WHERE barber_id = ${barberId} AND is_active AND day_of_week = ${dayOfWeek}) AS blocks,
           json_build_object('c_full_name', cu.full_name, 'c_username', cu.username, 'c_email', cu.email, 'c_phone', cu.phone,
             's_name', s.name,
             'br_years', br.years_of_experience, 'br_bio', br.bio,
             'bu_id', bu.id, 'bu_full_name', bu.full_name, 'bu_username', bu.username, 'bu_email', bu.email, 'bu_phone', bu.phone) AS parties
      FROM (SELECT 1) AS one
      LEFT JOIN barbers br ON br.id = ${barberId}
      LEFT JOIN services s ON s.id = ${serviceId} AND s.barber_id = br.id
      LEFT JOIN users bu ON bu.id = br.user_id
      LEFT JOIN users cu ON cu.id = ${customerId}`;
  const { barber, service, blocks, parties } = row!;
  return { barber: barber ?? undefined, service: service ?? undefined, blocks, parties };
}
