import {
  AppError,
  availabilityAnswerSchema,
  availabilityBlockInputSchema,
  availabilityBlockSchema,
  availabilityCreateSchema,
  availabilityQuerySchema,
  availabilityUpdateSchema,
  barberScopeQuerySchema,
  idParamsSchema,
  lookupZipcode,
  NO_SERVICE_AREA_MESSAGE,
  type AvailabilityAnswer,
  belowMinimumMessage,
  isBelowMinimum,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockNow } from '../bookings/clock';
import { z } from 'zod';
import type { AuthUser } from '../accounts/queries';
import type { Sql, Tx } from '../db/connect';
import type { AvailabilityBlock } from '../bookings/slotRules';
import { dayRange, findBarber, findBlock, findService, loadBlocks, loadHeld, toBlockAnswer } from './queries';
import { assertNoOverlap } from './blockOverlap';
import { actingBarberId, assertOwnerOrAdmin } from './scope';
import { availableSlots, isWithinBookingWindow, servesZipcode } from './slots';
import { announceAppend } from '../eventstore/wakeups';
import { recordAvailabilityOpened } from '../waitlist/availabilityEvents';

const tags = ['availability'];
const blocksAnswer = z.object({ availability: z.array(availabilityBlockSchema) });

async function ownedBlock(sql: Sql, user: AuthUser, blockId: number): Promise<AvailabilityBlock> {
  const block = await findBlock(sql, blockId);
  if (!block) throw new AppError('NOT_FOUND', 'Time block not found');
  assertOwnerOrAdmin(user, block.barberId, 'time blocks');
  return block;
}

/** Serialises block writes of one barber, so two concurrent saves cannot both pass the overlap check. */
async function lockBarberBlocks(tx: Tx, barberId: number): Promise<void> {
  await tx`SELECT id FROM barbers WHERE id = ${barberId} FOR UPDATE`;
}

/** The barber's weekly availability blocks, and the booking widget's free times of one barber. */
const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;
  const barberOrAdmin = app.requireRole('barber', 'admin');

  app.get(
    '/api/barber/availability',
    {
      preValidation: barberOrAdmin,
      schema: { tags, querystring: barberScopeQuerySchema, response: { 200: blocksAnswer } },
    },
    async (request) => {
      const barberId = await actingBarberId(sql, request.user!, request.query.barberId);
      const blocks = (await loadBlocks(sql, [barberId], { activeOnly: false })).get(barberId) ?? [];
      return { availability: blocks.map(toBlockAnswer) };
    },
  );

  app.post(
    '/api/availability',
    {
      preValidation: barberOrAdmin,
      schema: {
        tags,
        summary: 'Create a block (dayOfWeek), or one block per selected day (daysOfWeek); answers the created blocks',
        querystring: barberScopeQuerySchema,
        body: availabilityCreateSchema,
        response: { 201: blocksAnswer },
      },
    },
    async (request, reply) => {
      const barberId = await actingBarberId(sql, request.user!, request.query.barberId);
      const { days, block } = request.body;
      let appended = false;
      const ids = await sql.begin(async (tx) => {
        await lockBarberBlocks(tx, barberId);
        const existing = (await loadBlocks(tx, [barberId], { activeOnly: true })).get(barberId) ?? [];
        for (const day of days) assertNoOverlap(existing, { ...block, dayOfWeek: day });
        const created: number[] = [];
        for (const day of days) {
          const [row] = await tx<{ id: number }[]>`
            INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer, is_active)
            VALUES (${barberId}, ${day}, ${block.startTime}, ${block.endTime}, ${block.serviceCounties}, ${block.serviceCities},
                    ${block.travelBuffer}, ${block.isActive})
            RETURNING id`;
          created.push(row!.id);
          // a new active block opens time: the waitlist follows it from the event log (issue 13)
          appended =
            (await recordAvailabilityOpened(
              tx,
              barberId,
              row!.id,
              null,
              { ...block, dayOfWeek: day },
              request.user!,
              request.id,
            )) || appended;
        }
        return created;
      });
      if (appended) announceAppend(sql);
      const all = (await loadBlocks(sql, [barberId], { activeOnly: false })).get(barberId) ?? [];
      return reply.status(201).send({ availability: all.filter((b) => ids.includes(b.id)).map(toBlockAnswer) });
    },
  );

  app.put(
    '/api/availability/:id',
    {
      preValidation: barberOrAdmin,
      schema: {
        tags,
        params: idParamsSchema,
        body: availabilityUpdateSchema,
        response: { 200: z.object({ block: availabilityBlockSchema }) },
      },
    },
    async (request) => {
      const current = await ownedBlock(sql, request.user!, request.params.id);
      const written = await sql.begin(async (tx) => {
        await lockBarberBlocks(tx, current.barberId);
        // Read again under the lock: a save that waited for another merges onto what that one wrote, and compares
        // with it whether time opened (a stale read lost the other's change and missed a re-activation).
        const locked = await findBlock(tx, current.id);
        if (!locked) throw new AppError('NOT_FOUND', 'Time block not found');
        const { id: _id, barberId: _barberId, ...fields } = locked;
        // the merged block must be a valid block as a whole (start before end, cities in its counties)
        const next = availabilityBlockInputSchema.parse({ ...fields, ...request.body });
        const existing = (await loadBlocks(tx, [current.barberId], { activeOnly: true })).get(current.barberId) ?? [];
        assertNoOverlap(existing, next, current.id);
        const updated = await tx`
          UPDATE availability_blocks SET day_of_week = ${next.dayOfWeek}, start_time = ${next.startTime}, end_time = ${next.endTime},
                 service_counties = ${next.serviceCounties}, service_cities = ${next.serviceCities},
                 travel_buffer = ${next.travelBuffer}, is_active = ${next.isActive}
           WHERE id = ${current.id} RETURNING id`;
        // deleted since it was read (the delete does not wait for the barber's lock)
        if (updated.length === 0) throw new AppError('NOT_FOUND', 'Time block not found');
        // a widened or re-activated block opens time: the waitlist follows it from the event log (issue 13)
        const opened = await recordAvailabilityOpened(
          tx,
          current.barberId,
          current.id,
          fields,
          next,
          request.user!,
          request.id,
        );
        return { opened, block: (await findBlock(tx, current.id))! };
      });
      if (written.opened) announceAppend(sql);
      return { block: toBlockAnswer(written.block) };
    },
  );

  app.delete(
    '/api/availability/:id',
    {
      preValidation: barberOrAdmin,
      schema: { tags, params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      const block = await ownedBlock(sql, request.user!, request.params.id);
      await sql`DELETE FROM availability_blocks WHERE id = ${block.id}`;
      return { ok: true as const };
    },
  );

  app.get(
    '/api/availability',
    {
      schema: {
        tags,
        summary:
          'Free start times of the barber offering serviceId, on a date, at a zipcode (the booking widget; path chosen here)',
        querystring: availabilityQuerySchema,
        response: { 200: availabilityAnswerSchema },
      },
    },
    async (request): Promise<AvailabilityAnswer> => {
      const { zipcode, date, serviceId } = request.query;
      const service = await findService(sql, serviceId);
      const barber = service && service.isActive ? await findBarber(sql, service.barberId) : null;
      if (!service || !barber || !barber.isVerified) throw new AppError('NOT_FOUND', 'Service not found');

      const zip = lookupZipcode(zipcode);
      if (!zip) {
        return {
          barbers: [],
          searchStatus: 'invalid_zipcode',
          message: 'Please enter a valid zipcode in our service area.',
          location: { city: null, county: null },
        };
      }
      const location = { city: zip.city, county: zip.county };
      // cheaper than the platform's minimum booking amount: it cannot be booked, so it has no time to offer
      const { minimumBookingAmount } = app.deps.settings.current();
      if (isBelowMinimum(service.priceCents, minimumBookingAmount)) {
        return {
          barbers: [],
          searchStatus: 'no_availability',
          message: belowMinimumMessage(minimumBookingAmount),
          location,
        };
      }
      const blocks = (await loadBlocks(sql, [barber.id], { activeOnly: true })).get(barber.id) ?? [];
      if (!servesZipcode(blocks, zip, barber.blacklistedZipcodes)) {
        return { barbers: [], searchStatus: 'no_service_area', message: NO_SERVICE_AREA_MESSAGE, location };
      }
      const now = clockNow(app.deps);
      if (!isWithinBookingWindow(date, now)) {
        return {
          barbers: [],
          searchStatus: 'no_availability',
          message: 'Please choose a date from today to 30 days ahead.',
          location,
        };
      }
      const range = dayRange(date, 2);
      const held = (await loadHeld(sql, [barber.id], range.from, range.to)).get(barber.id) ?? [];
      const slots = availableSlots({
        date,
        durationMinutes: service.duration,
        blocks,
        held,
        now,
        zip,
        blacklistedZipcodes: barber.blacklistedZipcodes,
      });
      if (slots.length === 0) {
        return {
          barbers: [],
          searchStatus: 'no_availability',
          message: 'No available times for this date and service',
          location,
        };
      }
      return {
        barbers: [{ barberId: barber.id, availableSlots: slots }],
        searchStatus: 'success',
        message: `${slots.length} available time${slots.length === 1 ? '' : 's'}`,
        location,
      };
    },
  );
};

export default availabilityRoutes;
