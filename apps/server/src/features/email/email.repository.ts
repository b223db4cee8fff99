/**
 * The email queue's reads and writes (ADR 0095). Inserts run in the caller's transaction (as the
 * serving role, which may only insert); claims and outcomes run as the owner, across companies.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { companies, companyDetails, profiles, userRoles } from '../../db/schema/core.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { employeeRecords } from '../../db/schema/hr.ts';
import { withTenant } from '../../db/tenant.ts';

export interface OutboxInsert {
  id: string;
  companyId: string | null;
  kind: string;
  data: Record<string, unknown>;
  toAddress: string;
  dedupeKey?: string | null;
}

/** Adds messages (no RETURNING: the serving role cannot read the queue); a repeated dedupe key is skipped. */
export async function insertOutboxRows(q: Queryable, rows: OutboxInsert[]): Promise<void> {
  if (!rows.length) return;
  await q.insert(emailOutbox).values(rows).onConflictDoNothing();
}

export interface Recipient {
  userId: string;
  email: string;
  fullName: string | null;
  optOuts: string[];
}

/** The users' addresses and opt-outs, in the tenant transaction. */
export async function findRecipients(tx: Tx, companyId: string, userIds: string[]): Promise<Recipient[]> {
  if (!userIds.length) return [];
  return tx
    .select({
      userId: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      optOuts: profiles.emailOptOuts,
    })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), inArray(profiles.id, userIds)));
}

export async function findSuperAdminIds(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(profiles.companyId, companyId), eq(userRoles.role, 'super_admin')));
  return rows.map((r) => r.id);
}

export async function findOptOuts(tx: Tx, userId: string): Promise<string[] | null> {
  const [row] = await tx
    .select({ optOuts: profiles.emailOptOuts })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ? row.optOuts : null;
}

export async function updateOptOuts(tx: Tx, userId: string, optOuts: string[]): Promise<boolean> {
  const rows = await tx
    .update(profiles)
    .set({ emailOptOuts: optOuts })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

/** Employees whose last day is `on`, in the tenant transaction. */
export async function findLeaversOn(tx: Tx, companyId: string, on: string) {
  return tx
    .select({
      id: employeeRecords.id,
      fullName: employeeRecords.fullName,
      position: employeeRecords.position,
      endDate: employeeRecords.endDate,
    })
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.endDate, on)));
}

// ---------- the worker (owner connection) ----------

export interface ClaimedEmail {
  id: string;
  companyId: string | null;
  kind: string;
  data: Record<string, unknown>;
  toAddress: string;
  attempts: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` due messages for `workerId` for `leaseSeconds`: pending ones whose next
 * attempt is due, and sending ones whose lease ran out (their worker died). `FOR UPDATE SKIP LOCKED`
 * lets instances claim side by side without waiting on or taking each other's rows. `onlyId`
 * claims that one message if it is still due (the request that enqueued it sends it at once).
 */
export async function claimDueEmails(
  db: Queryable,
  workerId: string,
  leaseSeconds: number,
  limit: number,
  onlyId?: string,
): Promise<ClaimedEmail[]> {
  const only = onlyId ? sql`and id = ${onlyId}` : sql``;
  const result = await db.execute(sql`
    update email_outbox o
    set status = 'sending', attempts = o.attempts + 1, locked_by = ${workerId},
        locked_until = now() + make_interval(secs => ${leaseSeconds})
    where o.id in (
      select id from email_outbox
      where ((status = 'pending' and next_attempt_at <= now())
          or (status = 'sending' and locked_until < now()))
        ${only}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning o.id, o.company_id as "companyId", o.kind, o.data, o.to_address as "toAddress",
      o.attempts, o.created_at as "createdAt"`);
  return rowsOf<ClaimedEmail>(result).map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

/**
 * The single-use secrets some kinds carry in their data (an invitation's `token`, a password reset's
 * `link`): dropped from the row once the message is sent or given up, so the mail log never holds a
 * working link.
 */
const withoutSecrets = sql`${emailOutbox.data} - '{token,link}'::text[]`;

/** Sent: only while this worker still holds the claim. */
export async function markEmailSent(db: Queryable, id: string, workerId: string, subject: string) {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      subject,
      lockedUntil: null,
      lastError: null,
      data: withoutSecrets,
    })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.lockedBy, workerId), eq(emailOutbox.status, 'sending')),
    );
}

/** A failed attempt: pending again from `nextAttemptAt`, or failed for good. */
export async function markEmailAttemptFailed(
  db: Queryable,
  id: string,
  workerId: string,
  outcome: { error: string; nextAttemptAt: Date | null },
) {
  await db
    .update(emailOutbox)
    .set({
      status: outcome.nextAttemptAt ? 'pending' : 'failed',
      nextAttemptAt: outcome.nextAttemptAt ?? sql`next_attempt_at`,
      lockedUntil: null,
      lastError: outcome.error.slice(0, 1000),
      ...(outcome.nextAttemptAt ? {} : { data: withoutSecrets }),
    })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.lockedBy, workerId), eq(emailOutbox.status, 'sending')),
    );
}

/** Removes sent and failed messages queued before `cutoff` (the retention of the mail log); returns how many. */
export async function deleteFinishedEmailsBefore(db: Queryable, cutoff: Date): Promise<number> {
  const gone = await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ['sent', 'failed']), sql`${emailOutbox.createdAt} < ${cutoff}`))
    .returning({ id: emailOutbox.id });
  return gone.length;
}

/** The company's name (trading name first) and stored logo (in the company's tenant). */
export async function findBrand(db: Queryable, companyId: string) {
  const [row] = await db
    .select({
      name: companies.name,
      tradingName: companyDetails.tradingName,
      logoUrl: companyDetails.logoUrl,
    })
    .from(companies)
    .leftJoin(companyDetails, eq(companyDetails.companyId, companies.id))
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/**
 * Every company id (the leavers' sweep enters each as its tenant). `companies` forces row-level
 * security and a non-superuser owner reads none of it, so this reads as the serving role under the
 * one policy that shows every company: `companies_read` for the developer role (no company, no user).
 */
export async function listCompanyIds(db: Db): Promise<string[]> {
  const rows = await withTenant(db, { companyId: '', userId: null, role: 'developer' }, (tx) =>
    tx.select({ id: companies.id }).from(companies),
  );
  return rows.map((r) => r.id);
}
