/** Writes and reads of the auth tables that Better Auth does not do for us. */

import type { AccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, type Queryable, rowsOf } from '../../db/client.ts';
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

/**
 * The signed-in user's company, role and per-section levels. It runs as the serving role with only
 * the user id set, so RLS lets it see nothing but the user's own rows.
 */
export async function findPrincipal(db: Db, userId: string): Promise<PrincipalRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'app_user', true), set_config('app.user_id', ${userId}, true)`,
    );
    const result = await tx.execute(sql`
      select p.company_id, r.role,
        (select json_object_agg(up.section_id, up.access_level) from user_permissions up
          where up.user_id = p.id and up.company_id = p.company_id) as levels
      from profiles p left join user_roles r on r.user_id = p.id
      where p.id = ${userId}`);
    const [row] = rowsOf<{
      company_id: string;
      role: Role | null;
      levels: Record<string, AccessLevel> | null;
    }>(result);
    return row ? { companyId: row.company_id, role: row.role, levels: row.levels ?? {} } : null;
  });
}
