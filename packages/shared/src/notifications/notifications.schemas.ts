/** Contracts of the notifications panel and its live stream (ids only on the stream: ADR 0011). */
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

/** `POST /notifications/read-all`: how many were marked read. */
export const readAllResponseSchema = z.object({ updated: z.number().int().nonnegative() });
export const readOneResponseSchema = z.object({ ok: z.literal(true) });
