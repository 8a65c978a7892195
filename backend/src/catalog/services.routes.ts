import {
  AppError,
  barberScopeQuerySchema,
  idParamsSchema,
  serviceInputSchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../accounts/queries';
import type { Sql } from '../db/connect';
import { findService, loadServices, toService, type ServiceRow } from './queries';
import { actingBarberId, assertOwnerOrAdmin } from './scope';

const tags = ['services'];
const serviceAnswer = z.object({ service: serviceSchema });

async function ownedService(sql: Sql, user: AuthUser, serviceId: number): Promise<ServiceRow> {
  const service = await findService(sql, serviceId);
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  assertOwnerOrAdmin(user, service.barberId, 'services');
  return service;
}

/** A barber's services: list, add, edit, and delete (soft, so past bookings keep their service). */
const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;
  const barberOrAdmin = app.requireRole('barber', 'admin');

  app.get(
    '/api/barber/services',
    {
      preValidation: barberOrAdmin,
      schema: {
        tags,
        querystring: barberScopeQuerySchema,
        response: { 200: z.object({ services: z.array(serviceSchema) }) },
      },
    },
    async (request) => {
      const barberId = await actingBarberId(sql, request.user!, request.query.barberId);
      const services = (await loadServices(sql, [barberId], { activeOnly: false })).get(barberId) ?? [];
      return { services: services.map(toService) };
    },
  );

  app.post(
    '/api/services',
    {
      preValidation: barberOrAdmin,
      schema: { tags, querystring: barberScopeQuerySchema, body: serviceInputSchema, response: { 201: serviceAnswer } },
    },
    async (request, reply) => {
      const barberId = await actingBarberId(sql, request.user!, request.query.barberId);
      const { name, description, duration, price, category, isActive } = request.body;
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO services (barber_id, name, description, duration, price_cents, category, is_active)
        VALUES (${barberId}, ${name}, ${description}, ${duration}, ${price}, ${category}, ${isActive})
        RETURNING id`;
      return reply.status(201).send({ service: toService((await findService(sql, row!.id))!) });
    },
  );

  app.put(
    '/api/services/:id',
    {
      preValidation: barberOrAdmin,
      schema: {
        tags,
        summary: 'Edit a service (its barber or an administrator)',
        params: idParamsSchema,
        body: serviceUpdateSchema,
        response: { 200: serviceAnswer },
      },
    },
    async (request) => {
      const service = await ownedService(sql, request.user!, request.params.id);
      const b = request.body;
      // Only the fields sent are written, each over the row as it is when the UPDATE takes it (not as it was
      // read above): two partial edits at once both hold. Every field is validated on its own (the body schema).
      await sql`
        UPDATE services SET
          name = COALESCE(${b.name ?? null}::text, name),
          description = COALESCE(${b.description ?? null}::text, description),
          duration = COALESCE(${b.duration ?? null}::int, duration),
          price_cents = COALESCE(${b.price ?? null}::int, price_cents),
          category = COALESCE(${b.category ?? null}::text, category),
          is_active = COALESCE(${b.isActive ?? null}::boolean, is_active)
        WHERE id = ${service.id} AND deleted_at IS NULL`;
      const updated = await findService(sql, service.id);
      if (!updated) throw new AppError('NOT_FOUND', 'Service not found');
      return { service: toService(updated) };
    },
  );

  app.delete(
    '/api/services/:id',
    {
      preValidation: barberOrAdmin,
      schema: {
        tags,
        summary: 'Delete a service (soft: bookings keep it)',
        params: idParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const service = await ownedService(sql, request.user!, request.params.id);
      await sql`UPDATE services SET deleted_at = now(), is_active = false WHERE id = ${service.id} AND deleted_at IS NULL`;
      return { ok: true as const };
    },
  );
};

export default serviceRoutes;
