/**
 * Reads and writes of account recovery (ADR 0054) on the auth tables, as the owner connection (auth
 * tables are not tenant tables): who may get a reset or verification mail, reset tokens, and the
 * release of expired unverified sign-ups.
 */
import { UNVERIFIED_SIGN_UP_TTL_DAYS } from '@hr/shared/auth/recovery.schemas';
import { and, eq, like, sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { authAccounts, authSessions, authUsers, authVerifications } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/core.ts';

/** Better Auth's identifier prefix of reset tokens (`reset-password:<token>`, value = user id). */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';

export interface RecoveryLogin {
  userId: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  hasCredential: boolean;
}

export interface RecoveryCandidate extends RecoveryLogin {
  /** The company of the user's profile; null once removed from their company. */
  companyId: string | null;
}

/** The login of an address and whether it has a password (auth tables only, as the owner). */
export async function findLogin(db: Queryable, email: string): Promise<RecoveryLogin | null> {
  const [row] = rowsOf<{
    id: string;
    email: string;
    email_verified: boolean;
    created_at: Date | string;
    has_credential: boolean;
  }>(
    await db.execute(sql`
      select u.id, u.email, u.email_verified, u.created_at,
             exists (select 1 from auth_accounts a where a.user_id = u.id and a.provider_id = 'credential') as has_credential
        from auth_users u
       where u.email = ${email}`),
  );
  if (!row) return null;
  return {
    userId: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    createdAt: new Date(row.created_at),
    hasCredential: row.has_credential,
  };
}

/** The logins of some addresses (auth tables only, as the owner), in one statement. */
export async function findLogins(db: Queryable, emails: readonly string[]): Promise<RecoveryLogin[]> {
  if (!emails.length) return [];
  const rows = rowsOf<{ id: string; email: string; email_verified: boolean; created_at: Date | string }>(
    await db.execute(sql`
      select u.id, u.email, u.email_verified, u.created_at
        from auth_users u
       where u.email in (select value from json_array_elements_text(${JSON.stringify(emails)}::json))`),
  );
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    createdAt: new Date(row.created_at),
    // Not read here: the invitation check does not depend on it.
    hasCredential: false,
  }));
}

/** The moment before which an unverified sign-up has expired. */
export function expiredSignUpCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - UNVERIFIED_SIGN_UP_TTL_DAYS * 86_400_000);
}

/** Whether an unverified sign-up has passed its 7 days and no longer holds its address. */
export function isExpiredSignUp(
  user: { emailVerified: boolean; createdAt: Date },
  now: Date = new Date(),
): boolean {
  return (
    !user.emailVerified &&
    now.getTime() - user.createdAt.getTime() >= UNVERIFIED_SIGN_UP_TTL_DAYS * 86_400_000
  );
}

/** A user who can be sent a reset link: in a company, with a password to replace, not an expired sign-up. */
export function canRecoverPassword(user: RecoveryCandidate | null, now: Date = new Date()): boolean {
  return Boolean(user?.companyId && user.hasCredential && !isExpiredSignUp(user, now));
}

/** The user id a reset token stands for while it is unused and unexpired. */
export async function findResetTokenUser(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: authVerifications.value })
    .from(authVerifications)
    .where(
      and(
        eq(authVerifications.identifier, `${RESET_IDENTIFIER_PREFIX}${token}`),
        sql`${authVerifications.expiresAt} > now()`,
      ),
    );
  return row?.value ?? null;
}

/** Every outstanding reset link of a user stops working (removal, a completed reset). */
export async function deleteResetTokens(db: Queryable, userId: string): Promise<void> {
  await db
    .delete(authVerifications)
    .where(
      and(
        like(authVerifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
        eq(authVerifications.value, userId),
      ),
    );
}

/** The company of a user's profile (null when removed); in a tenant transaction set to that user. */
export async function findProfileCompany(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ companyId: profiles.companyId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.companyId ?? null;
}

/** The user chose their own password: no forced change at the next sign-in (ADR 0003). */
export async function completeFirstLogin(tx: Tx, userId: string): Promise<void> {
  await tx.update(profiles).set({ firstLoginCompleted: true }).where(eq(profiles.id, userId));
}

/** A reset proves the mailbox: the address counts as verified from then on. */
export async function markEmailVerified(db: Queryable, userId: string): Promise<void> {
  await db
    .update(authUsers)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(authUsers.id, userId), eq(authUsers.emailVerified, false)));
}

/** Deletes a login that is (still) an unverified sign-up created before `cutoff`; cascades to its profile. */
export async function deleteExpiredLogin(db: Queryable, userId: string, cutoff: Date): Promise<boolean> {
  const rows = await db
    .delete(authUsers)
    .where(
      and(
        eq(authUsers.id, userId),
        eq(authUsers.emailVerified, false),
        sql`${authUsers.createdAt} <= ${cutoff}`,
      ),
    )
    .returning({ id: authUsers.id });
  return rows.length > 0;
}

/** Deletes the tenant's company when nobody is in it (policy `companies_delete_empty`, migration 0016). */
export async function deleteCompanyIfEmpty(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`
    delete from companies c
     where c.id = ${companyId}
       and not exists (select 1 from profiles p where p.company_id = c.id)`);
}

/**
 * Gives a removed user's login (no profile, no password: ADR 0010) back a password, so an
 * administrator can add them again under the same id (their employee record and history stay linked).
 * The caller's transaction then writes the profile; a concurrent re-add fails on the profile's key.
 */
export async function restoreRemovedLogin(
  tx: Queryable,
  login: { userId: string; name: string; passwordHash: string },
): Promise<void> {
  await tx
    .update(authUsers)
    .set({ name: login.name, emailVerified: true, updatedAt: new Date() })
    .where(eq(authUsers.id, login.userId));
  await tx.delete(authSessions).where(eq(authSessions.userId, login.userId));
  await tx.delete(authAccounts).where(eq(authAccounts.userId, login.userId));
  await deleteResetTokens(tx, login.userId);
  await tx.insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: login.userId,
    providerId: 'credential',
    userId: login.userId,
    password: login.passwordHash,
  });
}
