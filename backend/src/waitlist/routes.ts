import {
  AppError,
  fullBarbersAnswerSchema,
  fullBarbersQuerySchema,
  idParamsSchema,
  lookupZipcode,
  todayLocal,
  waitlistCountsAnswerSchema,
  waitlistCountsQuerySchema,
  waitlistEntryAnswerSchema,
  waitlistJoinSchema,
  waitlistListAnswerSchema,
  parseMoneyToCents,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clockNow } from '../bookings/clock';
import { actingBarberId } from '../catalog/scope';
import { isWithinBookingWindow } from '../catalog/slots';
import { joinWaitlist, leaveWaitlist } from './commands';
import { countsByDay, fullyBookedBarbers, listEntries } from './queries';

/**
 * The waitlist (issue 13, part 2): customers join and leave their own entries and see them with their
 * status; the barber (or an administrator acting for one) sees how many wait for each day.
 */
const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;
  const tags = ['waitlist'];
  const customerOnly = app.requireRole('customer');

  app.post(
    '/api/waitlist',
    {
      preValidation: customerOnly,
      schema: {
        tags,
        summary: "Join a barber's waitlist for a date (optionally a time range, a service and the zipcode)",
        body: waitlistJoinSchema,
        response: { 201: waitlistEntryAnswerSchema },
      },
    },
    async (request, reply) => {
      const { minimumBookingAmount } = app.deps.settings.current();
      const entry = await joinWaitlist(sql, request.user!.id, request.body, clockNow(app.deps), minimumBookingAmount);
      return reply.status(201).send({ entry });
    },
  );

  app.get(
    '/api/waitlist',
    {
      preValidation: customerOnly,
      schema: { tags, summary: 'Own waitlist entries with their status', response: { 200: waitlistListAnswerSchema } },
    },
    async (request) => ({ entries: await listEntries(sql, request.user!.id, todayLocal(clockNow(app.deps))) }),
  );

  app.delete(
    '/api/waitlist/:id',
    {
      preValidation: customerOnly,
      schema: {
        tags,
        summary: 'Leave the waitlist',
        params: idParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await leaveWaitlist(sql, request.user!.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/waitlist/full-barbers',
    {
      schema: {
        tags,
        summary:
          'Barbers serving the zipcode on the date with nothing free in the range (whom a customer may wait for)',
        querystring: fullBarbersQuerySchema,
        response: { 200: fullBarbersAnswerSchema },
      },
    },
    async (request) => {
      const { zipcode, date, startTime, endTime, category } = request.query;
      const zip = lookupZipcode(zipcode);
      const now = clockNow(app.deps);
      if (!zip || !isWithinBookingWindow(date, now)) return { barbers: [] };
      const minimumCents = parseMoneyToCents(app.deps.settings.current().minimumBookingAmount);
      return {
        barbers: await fullyBookedBarbers(sql, { date, zip, startTime, endTime, category, minimumCents }, now),
      };
    },
  );

  app.get(
    '/api/barber/waitlist/counts',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: {
        tags,
        summary: 'How many customers wait for each day from..to (days with nobody waiting are left out)',
        querystring: waitlistCountsQuerySchema,
        response: { 200: waitlistCountsAnswerSchema },
      },
    },
    async (request) => {
      const barberId = await actingBarberId(sql, request.user!, request.query.barberId);
      if (barberId === null) throw new AppError('NOT_FOUND', 'Barber profile not found');
      return {
        counts: await countsByDay(sql, barberId, request.query.from, request.query.to, todayLocal(clockNow(app.deps))),
      };
    },
  );
};

export default waitlistRoutes;
