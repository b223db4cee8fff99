/** Emailed invitations (ADR 0101): the row with its token's hash, and linking the invitee's employee record. */
import type { Role } from '@hr/shared/roles';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { companies, companyDetails, invitations, profiles } from '../../db/schema/core.ts';
import { employeeRecords } from '../../db/schema/hr.ts';

/** The transactions that hold their company's invitation lock (so an import takes it once, not per row). */
const holdingInvitationLock = new WeakSet<Tx>();

/**
 * Invitations of one company are written one transaction at a time, from the pending check to the
 * commit: without it, parallel invitations to one address each found none pending and each sent one
 * (on PostgreSQL; PGlite runs one transaction at a time). A transaction-level advisory lock, per
 * company rather than per address, so that an import of thousands of rows holds one lock, not
 * thousands (PostgreSQL's lock table is shared and bounded). Taken once per transaction.
 */
export async function lockCompanyInvitations(tx: Tx, companyId: string): Promise<void> {
  if (holdingInvitationLock.has(tx)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitations:${companyId}`}, 0))`);
  holdingInvitationLock.add(tx);
}

export async function insertTokenInvitation(
  tx: Tx,
  row: {
    companyId: string;
    email: string;
    role: Role;
    expiresAt: Date;
    tokenHash: string;
    employeeRecordId: string | null;
    invitedBy: string;
  },
): Promise<{ id: string; createdAt: Date }> {
  const [saved] = await tx
    .insert(invitations)
    .values(row)
    .returning({ id: invitations.id, createdAt: invitations.createdAt });
  if (!saved) throw new Error('invitation insert returned nothing');
  return saved;
}

/**
 * The company's pending invitation to the address, at most one: the lookup each row of an import
 * makes, by `invitations_company_pending_email_idx` under row-level security (migration 0043). Any
 * kind, or with `emailedOnly` only an emailed one (a link with a token), not the row a user created
 * with a password has.
 */
export function pendingInvitationQuery(
  tx: Tx,
  companyId: string,
  email: string,
  now: Date,
  options: { emailedOnly?: boolean } = {},
) {
  return tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        sql`${invitations.emailLower} = lower(${email})`,
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
        options.emailedOnly ? isNotNull(invitations.tokenHash) : undefined,
      ),
    )
    .limit(1);
}

/** Deletes the invitations sent with an employee record that nobody has accepted yet; returns them. */
export async function deleteUnacceptedInvitationsOf(tx: Tx, companyId: string, employeeRecordId: string) {
  return tx
    .delete(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.employeeRecordId, employeeRecordId),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id, email: invitations.email });
}

/** Whether the company already has a pending invitation to the address (see `pendingInvitationQuery`). */
export async function hasPendingInvitation(
  tx: Tx,
  companyId: string,
  email: string,
  now: Date,
  options: { emailedOnly?: boolean } = {},
) {
  const [row] = await pendingInvitationQuery(tx, companyId, email, now, options);
  return row !== undefined;
}

/** Which of the addresses (lower case) the company has a pending invitation to, in one statement. */
export async function findPendingInvitationEmails(
  tx: Tx,
  companyId: string,
  emails: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = rowsOf<{ email: string }>(
    await tx.execute(sql`
      select distinct i.email_lower as email
        from invitations i
       where i.company_id = ${companyId}
         and i.email_lower in (select value from json_array_elements_text(${JSON.stringify(emails)}::json))
         and i.accepted_at is null
         and i.expires_at > ${now.toISOString()}`),
  );
  return new Set(rows.map((r) => r.email));
}

export async function findEmployeeForInvitation(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({
      id: employeeRecords.id,
      fullName: employeeRecords.fullName,
      email: employeeRecords.email,
      userId: employeeRecords.userId,
    })
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, id)));
  return row ?? null;
}

/**
 * The invitation a token's hash names, and its company, read before any tenant is entered: as
 * app_user by the hash alone (`app_invitation_by_token_v2`, migration 0045), since the owner reads no
 * tenant row.
 */
export async function findInvitationByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ invitationId: string; companyId: string } | null> {
  const [row] = rowsOf<{ invitation_id: string; company_id: string }>(
    await db.execute(sql`select invitation_id, company_id from app_invitation_by_token_v2(${tokenHash})`),
  );
  return row ? { invitationId: row.invitation_id, companyId: row.company_id } : null;
}

/** The invitation with what its page shows: the company's name and the linked employee's name. */
export async function readInvitation(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      employeeRecordId: invitations.employeeRecordId,
      companyName: sql<string>`coalesce(${companyDetails.tradingName}, ${companies.tradingName}, ${companies.name})`,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(companyDetails, eq(companyDetails.companyId, invitations.companyId))
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)));
  return row ?? null;
}

/** Marks the invitation used, only while it is unused and unexpired: one of any simultaneous accepts wins. */
export async function markAccepted(tx: Tx, companyId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(invitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/**
 * The employee record the invitee takes: the one chosen at invite time when still free, else the
 * oldest free record with the invitee's address. Null when there is none.
 */
export async function findFreeEmployeeRecord(
  tx: Tx,
  companyId: string,
  chosenId: string | null,
  email: string,
) {
  if (chosenId) {
    const [chosen] = await tx
      .select({
        id: employeeRecords.id,
        fullName: employeeRecords.fullName,
        lineManagerId: employeeRecords.lineManagerId,
        position: employeeRecords.position,
      })
      .from(employeeRecords)
      .where(
        and(
          eq(employeeRecords.companyId, companyId),
          eq(employeeRecords.id, chosenId),
          isNull(employeeRecords.userId),
        ),
      )
      .for('update');
    if (chosen) return chosen;
  }
  const [byEmail] = await tx
    .select({
      id: employeeRecords.id,
      fullName: employeeRecords.fullName,
      lineManagerId: employeeRecords.lineManagerId,
      position: employeeRecords.position,
    })
    .from(employeeRecords)
    .where(
      and(
        eq(employeeRecords.companyId, companyId),
        sql`lower(${employeeRecords.email}) = lower(${email})`,
        isNull(employeeRecords.userId),
      ),
    )
    .orderBy(asc(employeeRecords.createdAt))
    .limit(1)
    .for('update');
  return byEmail ?? null;
}

/** Links the record to the new user; the profile takes the record's line manager and position. */
export async function linkEmployeeRecord(
  tx: Tx,
  companyId: string,
  record: { id: string; lineManagerId: string | null; position: string },
  userId: string,
): Promise<void> {
  await tx
    .update(employeeRecords)
    .set({ userId })
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, record.id)));
  await tx
    .update(profiles)
    .set({ lineManager: record.lineManagerId, position: record.position })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.id, userId)));
}
