import {
  AppError,
  addDaysLocal,
  bookingIdParamsSchema,
  CALENDAR_FEED_PAST_DAYS,
  calendarFeedAnswerSchema,
  calendarFeedTokenParamsSchema,
  todayLocal,
} from '@barber/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockNow } from '../bookings/clock';
import { barberOfFeedToken, currentFeedToken, feedUrl, regenerateFeedToken } from './feeds';
import { barberFeed, bookingForCalendar, customerBookingIcs, feedBookings } from './ics';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** Calendars that follow every change (issue 13 part 3): the barber's private feed and a booking's .ics. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { sql, config } = deps;
  const tags = ['calendar'];

  const barberIdOf = (request: FastifyRequest): number => {
    const barberId = request.user!.barberId;
    if (barberId === null) throw new AppError('NOT_FOUND', 'Barber profile not found');
    return barberId;
  };

  app.get(
    '/api/barber/calendar-feed',
    {
      preValidation: app.requireRole('barber'),
      schema: {
        tags,
        summary: "The address of the signed-in barber's private iCalendar feed (made on first use)",
        response: { 200: calendarFeedAnswerSchema },
      },
    },
    async (request) => ({
      url: feedUrl(config.PUBLIC_URL, await currentFeedToken(sql, config.SESSION_SECRET, barberIdOf(request))),
    }),
  );

  app.post(
    '/api/barber/calendar-feed/regenerate',
    {
      preValidation: app.requireRole('barber'),
      schema: {
        tags,
        summary: 'A new feed address; the previous one stops working at once',
        response: { 200: calendarFeedAnswerSchema },
      },
    },
    async (request) => ({
      url: feedUrl(config.PUBLIC_URL, await regenerateFeedToken(sql, config.SESSION_SECRET, barberIdOf(request))),
    }),
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        tags,
        summary: "A barber's bookings as iCalendar (text/calendar), opened by the secret link alone: no session",
        description: `Bookings from ${CALENDAR_FEED_PAST_DAYS} days ago on; UID is the booking id, SEQUENCE its version, cancelled ones STATUS:CANCELLED. An unknown or replaced link answers 404.`,
        params: calendarFeedTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const barberId = await barberOfFeedToken(sql, request.params.token);
      if (barberId === undefined) throw new AppError('NOT_FOUND', 'Calendar feed not found');
      const from = addDaysLocal(todayLocal(clockNow(deps)), -CALENDAR_FEED_PAST_DAYS);
      const body = barberFeed(await feedBookings(sql, barberId, from), config.PUBLIC_URL);
      return sendCalendar(reply, body, 'inline; filename="barber-appointments.ics"');
    },
  );

  app.get(
    '/api/bookings/:id/ics',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'The booking as an .ics file for its customer to add to a calendar (text/calendar)',
        params: bookingIdParamsSchema,
      },
    },
    async (request, reply) => {
      const booking = await bookingForCalendar(sql, request.params.id);
      if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
      if (booking.customerId !== request.user!.id)
        throw new AppError('FORBIDDEN', 'You do not have access to this booking.');
      return sendCalendar(
        reply,
        customerBookingIcs(booking, config.PUBLIC_URL),
        `attachment; filename="appointment-${booking.id.slice(0, 8)}.ics"`,
      );
    },
  );
};

/** Calendar text, never stored by a shared cache (it names customers and addresses). */
function sendCalendar(reply: FastifyReply, body: string, disposition: string) {
  return reply
    .header('content-type', CALENDAR_TYPE)
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-cache')
    .header('x-robots-tag', 'noindex')
    .send(body);
}

export default calendarRoutes;
