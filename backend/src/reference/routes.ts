import { AppError, countySchema, isValidZipcode, lookupZipcode, zipcodesOfCounty } from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const zipParams = z.object({ zipcode: z.string().regex(/^\d{5}$/, 'Please enter a valid 5-digit zipcode') });

/** ZIP code look-ups over the built-in table of shared/reference. */
const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zipcode/:zipcode/city',
    {
      schema: {
        tags: ['reference'],
        params: zipParams,
        response: { 200: z.object({ zipcode: z.string(), city: z.string(), displayCity: z.string(), county: z.string() }) },
      },
    },
    async (request) => {
      const found = lookupZipcode(request.params.zipcode);
      if (!found) throw new AppError('NOT_FOUND', 'This zipcode is not in our service area.');
      return { zipcode: found.zipcode, city: found.region, displayCity: found.city, county: found.county };
    },
  );

  app.get(
    '/api/validate-zipcode/:zipcode',
    { schema: { tags: ['reference'], params: z.object({ zipcode: z.string() }), response: { 200: z.object({ isValid: z.boolean(), city: z.string().nullable(), county: z.string().nullable() }) } } },
    async (request) => {
      const found = isValidZipcode(request.params.zipcode) ? lookupZipcode(request.params.zipcode) : null;
      return { isValid: Boolean(found), city: found?.city ?? null, county: found?.county ?? null };
    },
  );

  app.get(
    '/api/counties/:county/zipcodes',
    { schema: { tags: ['reference'], params: z.object({ county: countySchema }), response: { 200: z.object({ county: z.string(), zipcodes: z.array(z.string()) }) } } },
    async (request) => ({ county: request.params.county, zipcodes: zipcodesOfCounty(request.params.county) }),
  );
};

export default referenceRoutes;
