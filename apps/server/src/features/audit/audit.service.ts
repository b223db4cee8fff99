/**
 * The audit trail (ADR 0102). `recordAudit` is the one way a change is recorded: it is called with
 * the transaction of the change, so the row commits or rolls back with it. Super admins read the
 * trail paged and filtered, or export it as CSV; nothing in the product updates or deletes a row.
 */
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_KIND_LABELS,
  AUDIT_PAGE_SIZE,
  type AuditEvent,
  type AuditFilter,
  type AuditKind,
  type AuditPage,
} from '@hr/shared/audit/audit.schemas';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { toCsv } from '../../http/csv.ts';
import { auditPeople, countAuditEvents, insertAuditEvent, listAuditEvents } from './audit.repository.ts';

/** Who made a change, in which company, from where. */
export interface AuditActor {
  companyId: string;
  userId: string | null;
  name: string | null;
  ipAddress: string | null;
}

export interface AuditEventInput {
  kind: AuditKind;
  /** What was changed: 'holiday_request', 'employee', 'user', 'invitation', 'company_settings', ... */
  targetType: string;
  targetId?: string | null;
  /** A human name for the target (a person, an address), as it was at the time. */
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

export function auditActorOf(principal: Principal): AuditActor {
  return {
    companyId: principal.companyId,
    userId: principal.user.id,
    name: principal.user.name || principal.user.email,
    ipAddress: principal.ipAddress,
  };
}

/** JSON-safe copy: dates as ISO strings, bigints as strings, undefined dropped. */
function plain(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;
}

/**
 * Appends one row in the caller's tenant transaction `tx` (it must be the transaction of the change
 * itself). Accepts a principal or an actor built for a change made without a session.
 */
export async function recordAudit(
  tx: Tx,
  who: Principal | AuditActor,
  event: AuditEventInput,
): Promise<void> {
  const actor = 'user' in who ? auditActorOf(who) : who;
  await insertAuditEvent(tx, {
    companyId: actor.companyId,
    kind: event.kind,
    actorUserId: actor.userId,
    actorName: actor.name,
    targetType: event.targetType,
    targetId: event.targetId ?? null,
    targetLabel: event.targetLabel ?? null,
    before: plain(event.before),
    after: plain(event.after),
    ipAddress: actor.ipAddress,
  });
}

type Row = Awaited<ReturnType<typeof listAuditEvents>>[number];

const toEvent = (r: Row): AuditEvent => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  kind: r.kind,
  actorUserId: r.actorUserId,
  actorName: r.actorName,
  targetType: r.targetType,
  targetId: r.targetId,
  targetLabel: r.targetLabel,
  before: r.before ?? null,
  after: r.after ?? null,
  ipAddress: r.ipAddress,
});

export async function getAuditPage(
  db: Db,
  principal: Principal,
  filter: AuditFilter,
  page: number,
): Promise<AuditPage> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const [rows, total, people] = [
      await listAuditEvents(tx, principal.companyId, filter, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
      await countAuditEvents(tx, principal.companyId, filter),
      await auditPeople(tx, principal.companyId),
    ];
    return {
      items: rows.map(toEvent),
      total,
      page,
      pageSize: AUDIT_PAGE_SIZE,
      people: people
        .filter((p): p is { id: string; name: string | null } => p.id !== null)
        .map((p) => ({ id: p.id, name: p.name ?? p.id }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

export const AUDIT_CSV_HEADER = [
  'When (UTC)',
  'Who',
  'User id',
  'Kind',
  'Target type',
  'Target',
  'Target id',
  'Before',
  'After',
  'IP address',
];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The filtered trail as CSV, newest first, spreadsheet-safe (formula cells escaped). */
export async function exportAuditCsv(db: Db, principal: Principal, filter: AuditFilter): Promise<string> {
  const rows = await withTenant(db, tenantOf(principal), (tx: Tx) =>
    listAuditEvents(tx, principal.companyId, filter, AUDIT_EXPORT_MAX_ROWS, 0),
  );
  return toCsv([
    AUDIT_CSV_HEADER,
    ...rows.map((r) => [
      r.createdAt.toISOString(),
      r.actorName ?? '',
      r.actorUserId ?? '',
      AUDIT_KIND_LABELS[r.kind] ?? r.kind,
      r.targetType,
      r.targetLabel ?? '',
      r.targetId ?? '',
      json(r.before),
      json(r.after),
      r.ipAddress ?? '',
    ]),
  ]);
}
