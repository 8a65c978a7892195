import {
  AppError,
  ADMIN_RANGE_MAX_DAYS,
  adminAnalyticsAnswerSchema,
  adminDashboardAnswerSchema,
  adminDashboardQuerySchema,
  adminBookingsAnswerSchema,
  adminBookingsFilterQuerySchema,
  adminRangeQuerySchema,
  adminReportFileName,
  adminReportParamsSchema,
  bookingHistoryAnswerSchema,
  bookingIdParamsSchema,
  daysBetweenLocal,
  type AdminRangeQuery,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockNow } from '../bookings/clock';
import { coalesced } from '../lib/coalesce';
import type { Deps } from '../plugins/deps';
import { adminAnalytics, resolveRange, type DateRange } from './analytics';
import { adminDashboard } from './dashboard';
import { bookingHistory, listAdminBookings } from './bookings';
import { adminReport } from './reports';

/** The range of a request, the defaults filled in; a span over a year (one side left out) is a 400 too. */
function rangeOf(deps: Deps, query: AdminRangeQuery): DateRange {
  const range = resolveRange(query, clockNow(deps));
  if (daysBetweenLocal(range.startDate, range.endDate) + 1 > ADMIN_RANGE_MAX_DAYS) {
    throw new AppError('VALIDATION_FAILED', 'The range must not be longer than a year', { field: 'startDate' });
  }
  return range;
}

/**
 * The administrator's Analytics and Reports (issue 11 item 12) and the Bookings screen's list with
 * filters and search, and a booking's history (items 14 and 15). Administrators only.
 */
const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Every admin tab reads the dashboard again after each booking made, completed or cancelled (once a second at
  // peak): the tabs asking for the same period share one read at a time, each answered by a read begun after it arrived.
  const dashboard = coalesced((days: number) => adminDashboard(deps.sql, days, clockNow(deps)));
  const admin = app.requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/api/admin/analytics',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          'Bookings, revenue, platform fees, cancellations and no-shows of the bookings dated in the range: totals, by day, by region, top barbers',
        querystring: adminRangeQuerySchema,
        response: { 200: adminAnalyticsAnswerSchema },
      },
    },
    async (request) => adminAnalytics(deps.sql, rangeOf(deps, request.query)),
  );

  app.get(
    '/api/admin/dashboard',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          "The dashboard's figures of the last 7, 30 or 90 days and the days before them: bookings made, revenue and fees of completed bookings, by day, and the top 5 barbers",
        querystring: adminDashboardQuerySchema,
        response: { 200: adminDashboardAnswerSchema },
      },
    },
    async (request) => dashboard(request.query.days),
  );

  app.get(
    '/api/admin/reports/:kind',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'A CSV download of the bookings dated in the range: bookings, earnings per barber, or payouts owed',
        params: adminReportParamsSchema,
        querystring: adminRangeQuerySchema,
      },
    },
    async (request, reply) => {
      const range = rangeOf(deps, request.query);
      const body = await adminReport(deps.sql, request.params.kind, range);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${adminReportFileName(request.params.kind, range.startDate, range.endDate)}"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/admin/bookings',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          'Every booking, newest first, with optional filters (status, from, to, barberId, region) and search (q)',
        querystring: adminBookingsFilterQuerySchema,
        response: { 200: adminBookingsAnswerSchema },
      },
    },
    async (request) => listAdminBookings(deps.sql, request.query),
  );

  app.get(
    '/api/admin/bookings/:id/history',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: "The booking's events, oldest first, with who did each",
        params: bookingIdParamsSchema,
        response: { 200: bookingHistoryAnswerSchema },
      },
    },
    async (request) => {
      const history = await bookingHistory(deps.sql, request.params.id);
      if (!history) throw new AppError('NOT_FOUND', 'Booking not found');
      return { history };
    },
  );
};

export default adminAnalyticsRoutes;
