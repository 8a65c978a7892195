import { barberSearchQuerySchema, barberSearchResultSchema, lookupZipcode, minutesOfDay, type BarberSearchResult } from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayRange, findBarbers, loadBlocks, loadHeld, loadServices, slotDuration, toListing } from './queries';
import { availableSlots, citiesServedOn, isWithinBookingWindow, nextAvailableSlot } from './slots';

const answer = z.object({ barbers: z.array(barberSearchResultSchema), message: z.string() });

/** GET /api/search/barbers: verified barbers with free slots on a date at a zipcode (customer spec §2.7). */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;

  app.get(
    '/api/search/barbers',
    {
      schema: {
        tags: ['barbers'],
        summary: 'Barbers free on the date at the zipcode; slots searched with the shortest active service (of the category), between startTime and endTime',
        querystring: barberSearchQuerySchema,
        response: { 200: answer },
      },
    },
    async (request) => {
      const { date, zipcode, startTime, endTime, serviceCategory } = request.query;
      const zip = lookupZipcode(zipcode);
      if (!zip) return { barbers: [], message: 'This zipcode is not in our service area.' };
      const now = new Date();
      if (!isWithinBookingWindow(date, now)) return { barbers: [], message: 'Please choose a date from today to 30 days ahead.' };

      const rows = (await findBarbers(sql, { verifiedOnly: true, category: serviceCategory })).filter((r) => !r.blacklistedZipcodes.includes(zip.zipcode));
      if (rows.length === 0) return { barbers: [], message: noneMessage };
      const ids = rows.map((r) => r.id);
      const day = dayRange(date, 2);
      const [services, blocks, held] = await Promise.all([
        loadServices(sql, ids, { activeOnly: true }),
        loadBlocks(sql, ids, { activeOnly: true }),
        loadHeld(sql, ids, now < day.from ? now : day.from, dayRange(date, 32).to),
      ]);
      const from = startTime ? minutesOfDay(startTime) : 0;
      const to = endTime ? minutesOfDay(endTime) : Infinity;

      const barbers: BarberSearchResult[] = [];
      for (const row of rows) {
        const own = services.get(row.id) ?? [];
        const q = {
          durationMinutes: slotDuration(own, serviceCategory),
          blocks: blocks.get(row.id) ?? [],
          held: held.get(row.id) ?? [],
          now,
          zip,
          blacklistedZipcodes: row.blacklistedZipcodes,
        };
        const slots = availableSlots({ ...q, date }).filter((t) => minutesOfDay(t) >= from && minutesOfDay(t) <= to);
        if (slots.length === 0) continue;
        barbers.push({
          ...toListing(row, own, nextAvailableSlot(q)),
          availableSlots: slots,
          actualCitiesServed: citiesServedOn(q.blocks, date, zip),
        });
      }
      return { barbers, message: barbers.length ? `Found ${barbers.length} available barber${barbers.length === 1 ? '' : 's'}` : noneMessage };
    },
  );
};

const noneMessage = 'No barbers found. Try adjusting your date, time range or search area.';

export default searchRoutes;
