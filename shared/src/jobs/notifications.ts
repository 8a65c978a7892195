import { z } from 'zod';

/** One in-app notification of the bell (GET /api/notifications). */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  bookingId: z.string().uuid().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListAnswerSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationListAnswer = z.infer<typeof notificationListAnswerSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.coerce
    .number({ invalid_type_error: 'Notification not found' })
    .int()
    .positive('Notification not found')
    .max(2_147_483_647, 'Notification not found'),
});

export const notificationAnswerSchema = z.object({ notification: notificationSchema });
export const markAllReadAnswerSchema = z.object({ updated: z.number().int().nonnegative(), unreadCount: z.literal(0) });
export type NotificationAnswer = z.infer<typeof notificationAnswerSchema>;
export type MarkAllReadAnswer = z.infer<typeof markAllReadAnswerSchema>;
