import {
  AppError,
  countySchema,
  isValidZipcode,
  lookupZipcode,
  validateZipcodeAnswerSchema,
  validateZipcodeParamsSchema,
  zipcodeCityAnswerSchema,
  zipcodeParamsSchema,
  zipcodesOfCounty,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** ZIP code look-ups over the built-in table of shared/reference. */
const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zipcode/:zipcode/city',
    {
      schema: {
        tags: ['reference'],
        params: zipcodeParamsSchema,
        response: { 200: zipcodeCityAnswerSchema },
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
    {
      schema: {
        tags: ['reference'],
        params: validateZipcodeParamsSchema,
        response: { 200: validateZipcodeAnswerSchema },
      },
    },
    async (request) => {
      const found = isValidZipcode(request.params.zipcode) ? lookupZipcode(request.params.zipcode) : null;
      return { isValid: Boolean(found), city: found?.city ?? null, county: found?.county ?? null };
    },
  );

  app.get(
    '/api/counties/:county/zipcodes',
    {
      schema: {
        tags: ['reference'],
        params: z.object({ county: countySchema }),
        response: { 200: z.object({ county: z.string(), zipcodes: z.array(z.string()) }) },
      },
    },
    async (request) => ({ county: request.params.county, zipcodes: zipcodesOfCounty(request.params.county) }),
  );
};

export default referenceRoutes;
