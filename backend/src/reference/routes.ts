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
import { checkedJson, sendJsonText } from '../lib/jsonText';

/**
 * The answer of GET /api/zipcode/:zipcode/city, checked against its schema and serialised the first time
 * each zipcode is asked for: the table is part of the code, so the answer never changes while the process
 * runs (a string payload skips the per-request schema check and JSON.stringify).
 */
const cityAnswers = new Map<string, string>();
function cityAnswerOf(zipcode: string): string | undefined {
  let body = cityAnswers.get(zipcode);
  if (body === undefined) {
    const found = lookupZipcode(zipcode);
    if (!found) return undefined;
    body = checkedJson(zipcodeCityAnswerSchema, {
      zipcode: found.zipcode,
      city: found.region,
      displayCity: found.city,
      county: found.county,
    });
    cityAnswers.set(zipcode, body);
  }
  return body;
}

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
    async (request, reply) => {
      const body = cityAnswerOf(request.params.zipcode);
      if (!body) throw new AppError('NOT_FOUND', 'This zipcode is not in our service area.');
      return sendJsonText(reply, body);
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
