import {
  AppError,
  adminStatsAnswerSchema,
  barberBookingsAnswerSchema,
  barberBookingsQuerySchema,
  barberUpdateBookingSchema,
  bookingAnswerSchema,
  bookingIdParamsSchema,
  bookingListAnswerSchema,
  createBookingSchema,
  pastBookingsAnswerSchema,
  pastBookingsQuerySchema,
  ONLY_CUSTOMERS_BOOK_MESSAGE,
  todayLocal,
  updateBookingStatusSchema,
  type BookingActor,
  type BookingView,
} from '@barber/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../accounts/queries';
import { coalesced } from '../lib/coalesce';
import { plainJson } from '../lib/jsonText';
import { clockNow } from './clock';
import { createBooking } from './create';
import {
  adminStats,
  getBookingView,
  listBarberBookings,
  listCustomerBookings,
  listPastBookings,
  type BarberScope,
} from './queries';
import { barberUpdateBooking, updateBookingStatus } from './update';
import { etaRoutes } from './eta';

const idempotencyHeaders = z
  .object({
    'idempotency-key': z.string().trim().min(1).max(200, 'Idempotency-Key must be at most 200 characters').optional(),
  })
  .passthrough();

export function actorOf(user: AuthUser): BookingActor {
  return { userId: user.id, role: user.role, barberId: user.barberId };
}

/** Its customer, its barber and administrators may read a booking. */
function canSeeBooking(user: AuthUser, booking: Pick<BookingView, 'customerId' | 'barberId'>): boolean {
  return (
    user.role === 'admin' ||
    booking.customerId === user.id ||
    (user.barberId !== null && booking.barberId === user.barberId)
  );
}

/** A barber sees their own bookings only; an administrator chooses a barber, or sees all (docs/design.md §9). */
export function barberScope(user: AuthUser, requested: number | undefined): BarberScope {
  if (user.role === 'admin') return requested ?? null;
  if (user.barberId === null) throw new AppError('NOT_FOUND', 'Barber profile not found');
  if (requested !== undefined && requested !== user.barberId)
    throw new AppError('FORBIDDEN', 'You can only see your own bookings.');
  return user.barberId;
}

/** Booking commands and the booking read models (docs/spec/customer-side.md §7, docs/spec/barber-and-admin.md §7). */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['bookings'];
  await app.register(etaRoutes);

  // A barber or an administrator who presses Book is told why it cannot work, not "try again".
  const customersOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply);
    if (request.user!.role !== 'customer') throw new AppError('FORBIDDEN', ONLY_CUSTOMERS_BOOK_MESSAGE);
  };

  app.post(
    '/api/bookings',
    {
      preValidation: customersOnly,
      schema: {
        tags,
        summary: 'Book a barber; honours an Idempotency-Key header (a retry answers the first booking)',
        headers: idempotencyHeaders,
        body: createBookingSchema,
        response: { 201: bookingAnswerSchema },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const booking = await createBooking(deps, actorOf(request.user!), request.body, {
        idempotencyHeader: request.headers['idempotency-key'],
        now: clockNow(deps),
        correlationId: request.id,
      });
      return reply.status(201).send({ booking });
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      preValidation: app.requireUser,
      schema: { tags, params: bookingIdParamsSchema, response: { 200: bookingAnswerSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const booking = await getBookingView(deps.sql, request.params.id);
      if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
      if (!canSeeBooking(request.user!, booking))
        throw new AppError('FORBIDDEN', 'You do not have access to this booking.');
      return { booking };
    },
  );

  app.put(
    '/api/bookings/:id/status',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: updateBookingStatusSchema,
        response: { 200: bookingAnswerSchema },
      },
      serializerCompiler: plainJson,
    },
    async (request) => ({
      booking: await updateBookingStatus(deps, request.params.id, actorOf(request.user!), request.body, {
        correlationId: request.id,
      }),
    }),
  );

  app.put(
    '/api/bookings/:id/update',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: barberUpdateBookingSchema,
        response: { 200: bookingAnswerSchema },
      },
      serializerCompiler: plainJson,
    },
    async (request) => ({
      booking: await barberUpdateBooking(deps, request.params.id, actorOf(request.user!), request.body, {
        correlationId: request.id,
      }),
    }),
  );

  app.get(
    '/api/my-bookings',
    { preValidation: app.requireUser, schema: { tags, response: { 200: bookingListAnswerSchema } } },
    async (request) => ({ bookings: await listCustomerBookings(deps.sql, request.user!.id) }),
  );

  app.get(
    '/api/barber-bookings',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: { tags, querystring: barberBookingsQuerySchema, response: { 200: barberBookingsAnswerSchema } },
    },
    async (request) => {
      const { date, page, limit } = request.query;
      const barberId = barberScope(request.user!, request.query.barberId);
      const found = await listBarberBookings(deps.sql, {
        barberId,
        date,
        today: todayLocal(clockNow(deps)),
        page,
        limit,
      });
      return { ...found, requestedDate: date ?? null, page, limit };
    },
  );

  app.get(
    '/api/barber-bookings/past',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: { tags, querystring: pastBookingsQuerySchema, response: { 200: pastBookingsAnswerSchema } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const barberId = barberScope(request.user!, request.query.barberId);
      return listPastBookings(deps.sql, {
        barberId,
        before: request.query.before ?? todayLocal(clockNow(deps)),
        page,
        limit,
      });
    },
  );

  // GET /api/barber/earnings (with its series and CSV export) and /api/barber-bookings/dates: barberReports.routes.ts.

  // GET /api/admin/bookings (filters, search) is served by admin/analytics.routes.ts.
  // The totals read every booking (about 0.2-0.4 s at a million), and each admin tab asks again after every booking
  // change: the tabs' requests share one read at a time, each answered by a read that began after it arrived.
  const stats = coalesced(
    () => adminStats(deps.sql),
    () => 'stats',
  );
  app.get(
    '/api/admin/stats',
    { preValidation: app.requireRole('admin'), schema: { tags: ['admin'], response: { 200: adminStatsAnswerSchema } } },
    async () => ({ stats: await stats(undefined) }),
  );
};

export default bookingRoutes;
