import {
  bookingAnswerSchema,
  bookingIdParamsSchema,
  updateEtaSchema,
  type BookingActor,
  type BookingView,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { plainJson } from '../lib/jsonText';
import { clockNow } from './clock';
import { runBookingCommand, type CommandTrace } from './commands';
import type { StatusChangeDeps } from './update';

/*
 * The live arrival time (issue 13, part 1). En Route sets it (PUT /api/bookings/{id}/update or /status
 * with the travel time); this command moves it later in one tap. Same path as every change: one
 * `etaUpdated` event, the read model's eta_at in the same statement, and the answered view is pushed.
 */

export type UpdateEtaBody = z.output<typeof updateEtaSchema>;

/** The barber on the way will be `addMinutes` later; the decider decides who may and when. */
export function updateBookingEta(
  deps: Pick<StatusChangeDeps, 'sql' | 'queues' | 'clock'>,
  bookingId: string,
  actor: BookingActor,
  body: UpdateEtaBody,
  trace: CommandTrace = {},
): Promise<BookingView> {
  const now = clockNow(deps);
  return runBookingCommand(
    deps,
    bookingId,
    { type: 'updateEta', actor, now, data: { addMinutes: body.addMinutes } },
    { ...trace, now },
  );
}

/** PUT /api/bookings/{id}/eta {addMinutes}: the booking's barber or an admin. */
export const etaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/bookings/:id/eta',
    {
      preValidation: app.requireRole('barber', 'admin'),
      schema: {
        tags: ['bookings'],
        summary: 'Move the arrival time of a barber on the way later by 5-180 minutes (the +5, +10, +15 min buttons)',
        params: bookingIdParamsSchema,
        body: updateEtaSchema,
        response: { 200: bookingAnswerSchema },
      },
      serializerCompiler: plainJson,
    },
    async (request) => ({
      booking: await updateBookingEta(
        app.deps,
        request.params.id,
        { userId: request.user!.id, role: request.user!.role, barberId: request.user!.barberId },
        request.body,
        { correlationId: request.id },
      ),
    }),
  );
};
