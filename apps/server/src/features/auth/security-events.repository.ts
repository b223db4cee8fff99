import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SecurityEventAction, securityEvents } from '../../db/schema/security.ts';

export interface SecurityEventInput {
  action: SecurityEventAction;
  userId?: string | null;
  companyId?: string | null;
  email?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  metadata?: Record<string, unknown>;
}

export async function insertSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    action: event.action,
    userId: event.userId ?? null,
    companyId: event.companyId ?? null,
    email: event.email ?? null,
    ipAddress: event.ipAddress ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
    metadata: event.metadata ?? {},
  });
}

/**
 * A company's events, newest first. The table is server-only (no grant to the serving role), so this
 * runs on the owner connection and the company filter here is the wall.
 */
export async function listCompanySecurityEvents(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: securityEvents.id,
      action: securityEvents.action,
      email: securityEvents.email,
      ipAddress: securityEvents.ipAddress,
      metadata: securityEvents.metadata,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.companyId, companyId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}
