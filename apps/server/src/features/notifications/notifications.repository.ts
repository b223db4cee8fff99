import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/hr.ts';

export type NotificationType = 'holiday_request' | 'holiday_decision' | (string & {});

export interface NewNotification {
  companyId: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
}

/** Writes a notification row inside the caller's tenant transaction, so it lands (or not) with the change it reports. */
export async function insertNotification(tx: Tx, row: NewNotification): Promise<void> {
  await tx.insert(notifications).values(row);
}

/** The user's notifications in this company, newest first. */
export async function listNotifications(tx: Tx, companyId: string, userId: string, limit: number) {
  return tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), eq(notifications.userId, userId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(tx: Tx, companyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
      ),
    );
  return row?.n ?? 0;
}

/** Marks one notification (or, without an id, every unread one) of the user read. Returns how many changed. */
export async function markRead(tx: Tx, companyId: string, userId: string, id?: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        id ? eq(notifications.id, id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function notificationExists(tx: Tx, companyId: string, userId: string, id: string) {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.companyId, companyId), eq(notifications.userId, userId), eq(notifications.id, id)),
    );
  return Boolean(row);
}

export async function deleteNotification(tx: Tx, companyId: string, userId: string, id: string) {
  const rows = await tx
    .delete(notifications)
    .where(
      and(eq(notifications.companyId, companyId), eq(notifications.userId, userId), eq(notifications.id, id)),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}
