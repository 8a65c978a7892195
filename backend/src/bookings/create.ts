import { randomUUID } from 'node:crypto';
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
} from '@barber/shared';
import type { z } from 'zod';
import type { createBookingSchema } from '@barber/shared';
import type { Tx } from '../db/connect';
import type { Deps } from '../plugins/deps';
import { feeCollectionActive } from '../platform/feeCollection';
import { runBookingPlan } from './commands';
import { bookingWindowProblem, findFittingBlock, loadActiveBlocks } from './slotRules';

export type CreateBookingBody = z.output<typeof createBookingSchema>;

export const BLACKLISTED_MESSAGE = 'This zipcode is not available for booking with this barber. Please try a different location.';
export const NOT_AVAILABLE_MESSAGE = 'The barber is not available at this time in your area. Please choose another time.';

/**
 * POST /api/bookings. Everything the customer sends is checked against the tables (DESIGN §3);
 * the amount and the end time come from the service, the split from the settings in force, the
 * travel buffer from the block. The slot itself is guaranteed by the exclusion constraint when the
 * projection writes barber_schedule in the same transaction.
 */
export async function createBooking(
  deps: Pick<Deps, 'sql' | 'queues' | 'settings' | 'config'>,
  actor: BookingActor,
  body: CreateBookingBody,
  options: { idempotencyHeader?: string; now?: Date } = {},
): Promise<BookingView> {
  if (actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Only customers can book an appointment');
  // Fees are collected only when the setting is on AND Stripe is configured (the same rule as
  // GET /api/fee-collection-status), else a booking would wait for a payment nobody can make.
  const settings = { ...(await deps.settings.get()), feeCollectionEnabled: await feeCollectionActive(deps) };
  const bookingId = randomUUID();
  const idempotencyKey = options.idempotencyHeader ? `booking-create:${actor.userId}:${options.idempotencyHeader}` : undefined;
  return runBookingPlan(
    deps,
    bookingId,
    actor,
    async (_state, tx) => {
      const data = await bookingData(tx, body, settings, options.now ?? new Date());
      return [{ type: 'create', actor, data: { ...data, bookingId, customerId: actor.userId } }];
    },
    { idempotencyKey },
  );
}

async function bookingData(
  tx: Tx,
  body: CreateBookingBody,
  settings: PlatformSettings,
  now: Date,
): Promise<Omit<BookingCreatedData, 'bookingId' | 'customerId'>> {
  const zip = lookupZipcode(body.zipcode);
  if (!zip) throw new AppError('VALIDATION_FAILED', 'This zipcode is not in our service area.', { field: 'zipcode' });

  const [barber] = await tx<{ id: number; verified: boolean; blacklist: string[] }[]>`
    SELECT id, is_verified AS verified, blacklisted_zipcodes AS blacklist FROM barbers WHERE id = ${body.barberId}`;
  if (!barber || !barber.verified) throw new AppError('NOT_FOUND', 'Barber not found');

  const [service] = await tx<{ id: number; duration: number; priceCents: number; active: boolean }[]>`
    SELECT id, duration, price_cents AS "priceCents", is_active AND deleted_at IS NULL AS active
      FROM services WHERE id = ${body.serviceId} AND barber_id = ${barber.id}`;
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  if (!service.active) throw new AppError('VALIDATION_FAILED', 'This service is not available for booking.', { field: 'serviceId' });

  if (minutesOfDay(body.startTime) + service.duration >= MINUTES_PER_DAY) {
    throw new AppError('VALIDATION_FAILED', NOT_AVAILABLE_MESSAGE, { field: 'startTime' });
  }
  const endTime = addMinutesHHmm(body.startTime, service.duration);
  if (body.endTime !== endTime) {
    throw new AppError('VALIDATION_FAILED', `The end time must be the start time plus the service duration (${endTime}).`, {
      field: 'endTime',
      expectedEndTime: endTime,
    });
  }
  if (body.totalAmount !== service.priceCents) {
    throw new AppError('VALIDATION_FAILED', 'The amount does not match the service price.', {
      field: 'totalAmount',
      expectedAmount: centsToString(service.priceCents),
    });
  }
  if (service.priceCents < Math.round(settings.minimumBookingAmount * 100)) {
    throw new AppError('BELOW_MINIMUM', `Booking amount must be at least $${settings.minimumBookingAmount}`, {
      minimumAmount: settings.minimumBookingAmount,
    });
  }
  if (barber.blacklist.includes(zip.zipcode)) throw new AppError('ZIPCODE_BLACKLISTED', BLACKLISTED_MESSAGE);

  const windowProblem = bookingWindowProblem(body.date, body.startTime, now);
  if (windowProblem) throw new AppError('VALIDATION_FAILED', windowProblem, { field: 'date' });

  const blocks = await loadActiveBlocks(tx, barber.id, dayOfWeekLocal(body.date));
  const block = findFittingBlock(blocks, { date: body.date, startTime: body.startTime, endTime, zip });
  if (!block) throw new AppError('VALIDATION_FAILED', NOT_AVAILABLE_MESSAGE, { field: 'startTime' });

  const split = settings.feeCollectionEnabled
    ? splitFee(service.priceCents, settings.platformFeePercentage)
    : { platformFee: 0, barberAmount: service.priceCents };
  return {
    barberId: barber.id,
    serviceId: service.id,
    date: body.date,
    startTime: body.startTime,
    endTime,
    durationMinutes: service.duration,
    travelBuffer: block.travelBuffer,
    totalAmount: service.priceCents,
    platformFee: split.platformFee,
    barberAmount: split.barberAmount,
    feeCollectionEnabled: settings.feeCollectionEnabled,
    city: zip.region,
    displayCity: zip.city,
    zipcode: zip.zipcode,
    notes: body.notes.trim(),
  };
}
