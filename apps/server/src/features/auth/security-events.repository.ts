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
