import {
  AppError,
  addDaysLocal,
  bookingDatesAnswerSchema,
  bookingDatesQuerySchema,
  daysBetweenLocal,
  EARNINGS_MAX_DAYS,
  earningsCsvFileName,
  earningsReportAnswerSchema,
  earningsReportQuerySchema,
  todayLocal,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockNow } from './clock';
import { bookingDates, earningsCsv, earningsReport } from './earnings';
import { barberScope } from './routes';

/** [startDate, endDate] of an earnings call: the last 30 days (New York) by default, at most EARNINGS_MAX_DAYS. */
function rangeOf(
  query: { startDate?: string; endDate?: string },
  today: string,
): { startDate: string; endDate: string } {
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? addDaysLocal(endDate, -29);
  if (startDate > endDate) throw new AppError('VALIDATION_FAILED', 'The start date must not be after the end date');
  if (daysBetweenLocal(startDate, endDate) >= EARNINGS_MAX_DAYS) {
    throw new AppError('VALIDATION_FAILED', `An earnings range covers at most ${EARNINGS_MAX_DAYS} days`);
  }
  return { startDate, endDate };
}

/**
 * The barber panel's report calls (issue 11 items 10 and 11): the earnings of a range with its series,
 * service split and new clients; its CSV download; and the dates with bookings the calendar marks.
 * A barber sees their own; an administrator names a barber with ?barberId= or sees every barber.
 */
const barberReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['bookings'];
  const panel = app.requireRole('barber', 'admin');

  app.get(
    '/api/barber/earnings',
    {
      preValidation: panel,
      schema: {
        tags,
        summary:
          'Completed bookings dated in the range (default the last 30 days), in dollars: totals with new clients (first completed booking with the barber in the range), the same for the period before, a series by day, week or month, and revenue by service',
        querystring: earningsReportQuerySchema,
        response: { 200: earningsReportAnswerSchema },
      },
    },
    async (request) => {
      const barberId = barberScope(request.user!, request.query.barberId);
      return earningsReport(deps.sql, barberId, rangeOf(request.query, todayLocal(clockNow(deps))));
    },
  );

  app.get(
    '/api/barber/earnings/export',
    {
      preValidation: panel,
      schema: {
        tags,
        summary:
          'The earnings of the range as a CSV download (text/csv): one row per completed booking, then a totals row',
        querystring: earningsReportQuerySchema,
      },
    },
    async (request, reply) => {
      const barberId = barberScope(request.user!, request.query.barberId);
      const range = rangeOf(request.query, todayLocal(clockNow(deps)));
      const body = await earningsCsv(deps.sql, barberId, range);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${earningsCsvFileName(range.startDate, range.endDate)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/barber-bookings/dates',
    {
      preValidation: panel,
      schema: {
        tags,
        summary:
          'The dates in [from, to] (at most 62 days) on which the barber has bookings, past ones included: the calendar marks them',
        querystring: bookingDatesQuerySchema,
        response: { 200: bookingDatesAnswerSchema },
      },
    },
    async (request) => {
      const barberId = barberScope(request.user!, request.query.barberId);
      return { dates: await bookingDates(deps.sql, barberId, request.query.from, request.query.to) };
    },
  );
};

export default barberReportRoutes;
