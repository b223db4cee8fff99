/** The signed-in user's notifications in their current company: list, mark read, delete. */
import { NOTIFICATIONS_LIMIT } from '@hr/shared/notifications/notification-rules';
import type { Notification, NotificationsResponse } from '@hr/shared/notifications/notifications.schemas';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markRead,
  notificationExists,
} from './notifications.repository.ts';

export async function getNotifications(db: Db, principal: Principal): Promise<NotificationsResponse> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const rows = await listNotifications(tx, principal.companyId, principal.user.id, NOTIFICATIONS_LIMIT);
    const unreadCount = await countUnread(tx, principal.companyId, principal.user.id);
    const notifications: Notification[] = rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      message: r.message,
      isRead: r.isRead,
      readAt: r.readAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
    return { notifications, unreadCount };
  });
}

export async function markNotificationRead(db: Db, principal: Principal, id: string): Promise<void> {
  await withTenant(db, tenantOf(principal), async (tx) => {
    if (!(await notificationExists(tx, principal.companyId, principal.user.id, id))) throw errors.notFound();
    await markRead(tx, principal.companyId, principal.user.id, id);
  });
}

export async function markAllNotificationsRead(db: Db, principal: Principal): Promise<number> {
  return withTenant(db, tenantOf(principal), (tx) => markRead(tx, principal.companyId, principal.user.id));
}

export async function removeNotification(db: Db, principal: Principal, id: string): Promise<void> {
  const deleted = await withTenant(db, tenantOf(principal), (tx) =>
    deleteNotification(tx, principal.companyId, principal.user.id, id),
  );
  if (!deleted) throw errors.notFound();
}

/** Other features write a notification in the transaction of the change it reports (ADR 0068). */
export { insertNotification } from './notifications.repository.ts';
