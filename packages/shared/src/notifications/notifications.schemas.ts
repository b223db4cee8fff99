/** Contracts of the notifications panel and its live stream (ids and texts, never the changed record). */
import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** What the server pushes on the stream: ids only; the browser re-reads the list. */
export const notificationEventSchema = z.object({
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id: z.uuid(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
