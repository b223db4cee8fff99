/** Writes and reads of the auth tables that Better Auth does not do for us. */

import type { AccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, type Queryable, rowsOf } from '../../db/client.ts';
import { DATA_AREAS, type DataArea, type DataVersions } from '../../db/data-areas.ts';
import { authAccounts, authSessions, authUsers } from '../../db/schema/auth.ts';

export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  return row?.id ?? null;
}

export async function insertCredentialUser(
  db: Queryable,
  user: { id: string; name: string; email: string; passwordHash: string; emailVerified: boolean },
): Promise<void> {
  await db
    .insert(authUsers)
    .values({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified });
  await db.insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: user.passwordHash,
  });
}

/** The stored hash of the user's email-and-password login, null without one. */
export async function findCredentialPasswordHash(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  return row?.password ?? null;
}

export async function updateCredentialPassword(
  db: Queryable,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(authAccounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
}

export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), sql`${authSessions.id} <> ${keepSessionId}`));
}

export interface PrincipalRow {
  companyId: string;
  role: Role | null;
  levels: Record<string, AccessLevel>;
}

export interface SessionPrincipalRow extends Omit<PrincipalRow, 'companyId'> {
  /** Null when the login has no profile (removed from its company). */
  companyId: string | null;
  sessionId: string;
  expiresAt: Date;
  /** The versions of each area of the company's data (ADRs 0046, 0120); 0 without a company. */
  dataVersions: DataVersions;
  user: { id: string; email: string; emailVerified: boolean; name: string };
  /** False while a user created with a temporary password has not changed it (null: no profile). */
  firstLoginCompleted: boolean | null;
}

type VersionColumns = { [A in DataArea as `${A}_version`]: string | number | bigint | null };

/**
 * The session named by a (signature-checked) token, its user and principal, and the versions of each
 * area of the company's data, in one round trip: the hot path of every product request (ADRs 0043,
 * 0046 and 0120, function `app_request_principal_v6` of migration 0044, which reads the session as
 * the owner, then the profile rows as app_user with the user id set, the leaver check with the
 * profile's company set, and the versions through `app_company_data_areas`: nothing a tenant policy
 * covers is read as the owner, who under a non-superuser role sees no tenant row). Null when the token
 * is unknown or expired, or its user has left.
 */
export async function findSessionPrincipal(db: Db, token: string): Promise<SessionPrincipalRow | null> {
  const [row] = rowsOf<
    {
      session_id: string;
      expires_at: Date | string;
      user_id: string;
      email: string;
      email_verified: boolean;
      name: string;
      company_id: string | null;
      role: Role | null;
      levels: Record<string, AccessLevel> | null;
      first_login_completed: boolean | null;
    } & VersionColumns
  >(await db.execute(sql`select * from app_request_principal_v6(${token})`));
  if (!row) return null;
  const versions = {} as Record<DataArea, bigint>;
  for (const area of DATA_AREAS) versions[area] = BigInt(row[`${area}_version` as const] ?? 0);
  return {
    sessionId: row.session_id,
    expiresAt: new Date(row.expires_at),
    user: { id: row.user_id, email: row.email, emailVerified: row.email_verified, name: row.name },
    companyId: row.company_id,
    role: row.role,
    levels: row.levels ?? {},
    dataVersions: versions,
    firstLoginCompleted: row.first_login_completed,
  };
}

/** Whether the session still exists and has not expired (sign-out, removal and password changes delete it). */
export async function sessionIsActive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), sql`${authSessions.expiresAt} > now()`));
  return Boolean(row);
}

/**
 * The end date of the user's employee record in their current company when it has come (a leaver,
 * ADR 0092), else null: the same rule as the session function `app_request_principal_v6`, read by
 * `app_ended_employment_v1` (migration 0044) as app_user, the own profile first, then the company's
 * record (sign-in has no tenant yet, and the owner sees no tenant row).
 */
export async function findEndedEmployment(db: Db, userId: string): Promise<string | null> {
  const rows = rowsOf<{ endDate: string | null }>(
    await db.execute(
      sql`select to_char(app_ended_employment_v1(${userId}::uuid), 'YYYY-MM-DD') as "endDate"`,
    ),
  );
  return rows[0]?.endDate ?? null;
}

/** Every session of a user (a leaver's sign-in is undone: no session of theirs stays). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
}
