import { barberSearchAnswerSchema, barberSearchQuerySchema, lookupZipcode, parseMoneyToCents } from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockNow } from '../bookings/clock';
import { plainJson } from '../lib/jsonText';
import { SearchMemo, searchBarbers } from './search';
import { isWithinBookingWindow } from './slots';

/** GET /api/search/barbers: verified barbers with free slots on a date at a zipcode (docs/spec/customer-side.md §2.7), a page at a time. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;
  const memo = new SearchMemo();

  app.get(
    '/api/search/barbers',
    {
      schema: {
        tags: ['barbers'],
        summary:
          'Barbers free on the date at the zipcode, best rated first, a page at a time (page, pageSize ≤ 50; total counts them all); slots searched with the shortest active service (of the category), between startTime and endTime',
        querystring: barberSearchQuerySchema,
        response: { 200: barberSearchAnswerSchema },
      },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { date, zipcode, startTime, endTime, serviceCategory, page, pageSize } = request.query;
      const empty = (message: string) => ({ barbers: [], message, total: 0, page, pageSize, hasMore: false });
      const zip = lookupZipcode(zipcode);
      if (!zip) return empty('This zipcode is not in our service area.');
      const now = clockNow(app.deps);
      if (!isWithinBookingWindow(date, now)) return empty('Please choose a date from today to 30 days ahead.');
      return searchBarbers(
        sql,
        {
          date,
          zip,
          startTime,
          endTime,
          category: serviceCategory,
          minimumCents: parseMoneyToCents(app.deps.settings.current().minimumBookingAmount),
          page,
          pageSize,
        },
        now,
        memo,
      );
    },
  );
};

export default searchRoutes;
