/** Reads and appends audit_events (ADR 0102). There is no update or delete here, nor a grant for one. */
import type { AuditFilter, AuditKind } from '@hr/shared/audit/audit.schemas';
import { and, count, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';

export interface AuditRow {
  companyId: string;
  kind: AuditKind;
  actorUserId: string | null;
  actorName: string | null;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
}

export async function insertAuditEvent(tx: Tx, row: AuditRow): Promise<void> {
  await tx.insert(auditEvents).values(row);
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

function where(companyId: string, filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [eq(auditEvents.companyId, companyId)];
  if (filter.userId) conditions.push(eq(auditEvents.actorUserId, filter.userId));
  if (filter.kind) conditions.push(eq(auditEvents.kind, filter.kind));
  // Dates are whole UTC days, both ends included.
  if (filter.from) conditions.push(gte(auditEvents.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, nextDay(filter.to)));
  return and(...conditions);
}

export async function listAuditEvents(
  tx: Tx,
  companyId: string,
  filter: AuditFilter,
  limit: number,
  offset: number,
) {
  return tx
    .select()
    .from(auditEvents)
    .where(where(companyId, filter))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditEvents(tx: Tx, companyId: string, filter: AuditFilter): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(auditEvents).where(where(companyId, filter));
  return row?.n ?? 0;
}

/** Everyone who appears as the actor of a row, with the latest name written for them. */
export async function auditPeople(tx: Tx, companyId: string) {
  return tx
    .selectDistinctOn([auditEvents.actorUserId], {
      id: auditEvents.actorUserId,
      name: auditEvents.actorName,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), isNotNull(auditEvents.actorUserId)))
    .orderBy(auditEvents.actorUserId, desc(auditEvents.createdAt));
}
