import {
  AppError,
  barberListingSchema,
  barberProfileInputSchema,
  barberProfileSchema,
  barberProfileUpdateSchema,
  barberScopeQuerySchema,
  barbersQuerySchema,
  blacklistInputSchema,
  defaultNotificationPreferences,
  idParamsSchema,
  notificationPreferencesSchema,
  reviewSchema,
  serviceSchema,
  userSchema,
  type NotificationPreferences,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockNow } from '../bookings/clock';
import { z } from 'zod';
import { promoteToBarber } from '../accounts/promote';
import { announceAppend } from '../eventstore/wakeups';
import { getUser, type AuthUser } from '../accounts/queries';
import type { Sql } from '../db/connect';
import { notModified, reviewsEtag } from './etag';
import { coalesced } from '../lib/coalesce';
import { plainJson, sendJsonText } from '../lib/jsonText';
import { readListings, type ListingFilter, type Listings } from './listings';
import { findBarber, listReviews, toProfile } from './queries';
import { actingBarberId, assertOwnerOrAdmin } from './scope';

const tags = ['barbers'];
const profileAnswer = z.object({ barber: barberProfileSchema });

async function profileOf(sql: Sql, barberId: number) {
  const row = await findBarber(sql, barberId);
  if (!row) throw new AppError('NOT_FOUND', 'Barber not found');
  return toProfile(row);
}

/** The public barber catalogue, the barber's own profile and blacklist, and notification preferences. */
const barberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, settings } = app.deps;
  // Concurrent identical reads share one query that starts after each of them arrived (never stale),
  // and the body is serialized once per such query.
  const listings = coalesced(
    async (filter: ListingFilter): Promise<Listings & { body: string }> => {
      const read = await readListings(sql, filter, clockNow(app.deps));
      return { ...read, body: JSON.stringify({ barbers: read.barbers }) };
    },
    (filter) => JSON.stringify(filter),
  );

  app.get(
    '/api/barbers',
    {
      schema: {
        tags,
        summary:
          'Bookable verified barbers (an active service and an active availability block), optionally of a region (city) and with an active service of a category; the best rated first, at most `limit` of them (100 by default and at most)',
        querystring: barbersQuerySchema,
        response: { 200: z.object({ barbers: z.array(barberListingSchema) }) },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const { city, serviceCategory, limit } = request.query;
      const { body, etag } = await listings({ city, category: serviceCategory, bookableOnly: true, limit });
      if (notModified(request, reply, etag)) return reply;
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/barbers/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: {
          200: z.object({
            barber: barberListingSchema,
            services: z.array(serviceSchema),
            reviews: z.array(reviewSchema),
          }),
        },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const [{ barbers, etag }, reviews] = await Promise.all([
        listings({ ids: [request.params.id] }),
        listReviews(sql, request.params.id),
      ]);
      const [barber] = barbers;
      if (!barber) throw new AppError('NOT_FOUND', 'Barber not found');
      if (notModified(request, reply, reviewsEtag(etag, reviews))) return reply;
      return { barber, services: barber.services, reviews };
    },
  );

  app.post(
    '/api/barbers',
    {
      preValidation: app.requireRole('customer', 'barber'),
      schema: {
        tags,
        summary: 'Create the caller’s barber profile when they have none (verified at once with autoApproveBarbers)',
        body: barberProfileInputSchema,
        response: { 201: profileAnswer },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (user.barberId !== null) throw new AppError('CONFLICT', 'Barber profile already exists');
      const approved = (await settings.get()).autoApproveBarbers;
      const { bio, yearsOfExperience, cities, portfolioImages } = request.body;
      const { barberId, waitlistChanged } = await sql.begin(async (tx) => {
        const [row] = await tx<{ id: number }[]>`
          INSERT INTO barbers (user_id, bio, years_of_experience, cities, portfolio_images, is_verified, verification_status)
          VALUES (${user.id}, ${bio}, ${yearsOfExperience}, ${cities}, ${portfolioImages}, ${approved}, ${approved ? 'approved' : 'pending'})
          ON CONFLICT (user_id) DO NOTHING RETURNING id`;
        if (!row) throw new AppError('CONFLICT', 'Barber profile already exists');
        return { barberId: row.id, waitlistChanged: approved ? await promoteToBarber(tx, user.id) : false };
      });
      if (waitlistChanged) announceAppend(sql);
      await app.deps.bus.invalidate('user', [user.id]); // the signed-in user now has a barber profile (and maybe role)
      return reply.status(201).send({ barber: await profileOf(sql, barberId) });
    },
  );

  app.put(
    '/api/barbers/:id',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'Update a barber profile (its owner or an administrator)',
        params: idParamsSchema,
        body: barberProfileUpdateSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const barberId = request.params.id;
      await profileOf(sql, barberId);
      assertOwnerOrAdmin(request.user!, barberId, 'barber profile');
      const { bio, yearsOfExperience, cities, portfolioImages } = request.body;
      await sql`
        UPDATE barbers SET
          bio = coalesce(${bio ?? null}, bio),
          years_of_experience = coalesce(${yearsOfExperience ?? null}::int, years_of_experience),
          cities = coalesce(${cities ?? null}::text[], cities),
          portfolio_images = coalesce(${portfolioImages ?? null}::text[], portfolio_images),
          updated_at = now()
        WHERE id = ${barberId}`;
      return { barber: await profileOf(sql, barberId) };
    },
  );

  app.get(
    '/api/barber/profile',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: {
        tags,
        querystring: barberScopeQuerySchema,
        response: { 200: z.object({ barber: barberProfileSchema, user: userSchema }) },
      },
    },
    async (request) => {
      const barber = await profileOf(sql, await actingBarberId(sql, request.user!, request.query.barberId));
      const user = await getUser(sql, barber.userId);
      return { barber, user: user! };
    },
  );

  app.put(
    '/api/barber/profile',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: {
        tags,
        summary: 'Replace the blacklisted zipcodes',
        querystring: barberScopeQuerySchema,
        body: blacklistInputSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const barberId = await actingBarberId(sql, request.user!, request.query.barberId);
      await sql`UPDATE barbers SET blacklisted_zipcodes = ${request.body.blacklistedZipcodes}, updated_at = now() WHERE id = ${barberId}`;
      return { barber: await profileOf(sql, barberId) };
    },
  );

  const preferencesAnswer = z.object({ preferences: notificationPreferencesSchema });

  /** Any signed-in user has preferences; an administrator may name a barber whose preferences to use. */
  async function preferencesUserId(user: AuthUser, barberId: number | undefined): Promise<number> {
    if (barberId === undefined) return user.id;
    if (user.role !== 'admin' && barberId !== user.barberId)
      throw new AppError('FORBIDDEN', 'You can only manage your own notification settings.');
    return (await profileOf(sql, barberId)).userId;
  }

  async function loadPreferences(userId: number): Promise<NotificationPreferences> {
    const [row] = await sql<
      { data: Partial<NotificationPreferences> }[]
    >`SELECT data FROM notification_preferences WHERE user_id = ${userId}`;
    return preferencesOf(row?.data);
  }

  app.get(
    '/api/barber/notifications',
    {
      preValidation: app.requireUser,
      schema: { tags, querystring: barberScopeQuerySchema, response: { 200: preferencesAnswer } },
    },
    async (request) => ({
      preferences: await loadPreferences(await preferencesUserId(request.user!, request.query.barberId)),
    }),
  );

  app.put(
    '/api/barber/notifications',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'Save the six notification flags (absent ones keep their value)',
        querystring: barberScopeQuerySchema,
        body: notificationPreferencesSchema.partial().strict(),
        response: { 200: preferencesAnswer },
      },
    },
    async (request) => {
      const userId = await preferencesUserId(request.user!, request.query.barberId);
      // merged in the statement: two saves at once (the barber's and an admin's, of different flags) both hold
      const [row] = await sql<{ data: Partial<NotificationPreferences> }[]>`
        INSERT INTO notification_preferences (user_id, data) VALUES (${userId}, ${sql.json(request.body)})
        ON CONFLICT (user_id) DO UPDATE SET data = notification_preferences.data || excluded.data
        RETURNING data`;
      return { preferences: preferencesOf(row!.data) };
    },
  );
};

/** The stored flags (only those ever saved) over the defaults. */
function preferencesOf(saved: Partial<NotificationPreferences> | undefined): NotificationPreferences {
  return notificationPreferencesSchema.parse({ ...defaultNotificationPreferences, ...saved });
}

export default barberRoutes;
