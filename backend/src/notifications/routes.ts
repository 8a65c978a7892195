import {
  AppError,
  markAllReadAnswerSchema,
  notificationAnswerSchema,
  notificationIdParamsSchema,
  notificationListAnswerSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listNotifications, markAllRead, markRead } from './queries';

/** The notifications bell (docs/design.md §6, §9): the signed-in user's own notifications only. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'Own notifications, newest first (50), and the unread count',
        response: { 200: notificationListAnswerSchema },
      },
    },
    async (request) => listNotifications(sql, request.user!.id),
  );

  app.put(
    '/api/notifications/read-all',
    { preValidation: app.requireUser, schema: { tags, response: { 200: markAllReadAnswerSchema } } },
    async (request) => ({ updated: await markAllRead(sql, request.user!.id), unreadCount: 0 as const }),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      preValidation: app.requireUser,
      schema: { tags, params: notificationIdParamsSchema, response: { 200: notificationAnswerSchema } },
    },
    async (request) => {
      const notification = await markRead(sql, request.user!.id, request.params.id);
      if (!notification) throw new AppError('NOT_FOUND', 'Notification not found');
      return { notification };
    },
  );
};

export default notificationRoutes;
