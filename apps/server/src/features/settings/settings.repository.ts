/** Reads and writes behind Settings: the company's users, roles, section levels, invitations and settings. */
import type { AccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { and, asc, desc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { notPlatformStaff } from '../../db/company-members.ts';
import { authAccounts, authSessions } from '../../db/schema/auth.ts';
import {
  companies,
  companySettings,
  invitations,
  profiles,
  sections,
  userPermissions,
  userRoles,
} from '../../db/schema/core.ts';
import { employeeRecords } from '../../db/schema/hr.ts';

export async function listCompanyUsers(tx: Tx, companyId: string) {
  return tx
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      role: userRoles.role,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(and(eq(profiles.companyId, companyId), notPlatformStaff()))
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}

export async function listSections(tx: Tx) {
  return tx.select().from(sections).orderBy(asc(sections.displayName));
}

export async function listPermissions(tx: Tx, companyId: string) {
  return tx
    .select({
      userId: userPermissions.userId,
      sectionId: userPermissions.sectionId,
      accessLevel: userPermissions.accessLevel,
    })
    .from(userPermissions)
    .innerJoin(profiles, eq(profiles.id, userPermissions.userId))
    .where(and(eq(userPermissions.companyId, companyId), eq(profiles.companyId, companyId)));
}

/** The ids among `userIds` whose profile is in the company. */
export async function companyUserIds(tx: Tx, companyId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), inArray(profiles.id, userIds), notPlatformStaff()));
  return new Set(rows.map((r) => r.id));
}

/** Upsert on (user_id, section_id, company_id), as the spec's table call does. */
export async function upsertPermissions(
  tx: Tx,
  companyId: string,
  changes: { userId: string; sectionId: string; accessLevel: AccessLevel }[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(userPermissions)
    .values(changes.map((c) => ({ ...c, companyId })))
    .onConflictDoUpdate({
      target: [userPermissions.userId, userPermissions.sectionId, userPermissions.companyId],
      set: { accessLevel: sql`excluded.access_level` },
    });
}

export async function findCompanyUser(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, role: userRoles.role })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(and(eq(profiles.companyId, companyId), eq(profiles.id, userId)));
  return row ?? null;
}

/**
 * The company's super admins, their role rows locked until the transaction ends (in user id order, so
 * two transactions never wait on each other crosswise). Every change that can take a super admin's
 * role, profile or administration levels away takes this lock first: two administrators demoting or
 * restricting each other at the same moment run one after the other, and the second one's check
 * (a later statement, so a fresh read committed snapshot) sees what the first one wrote.
 */
export async function lockSuperAdmins(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(profiles.companyId, companyId), eq(userRoles.role, 'super_admin')))
    .orderBy(asc(userRoles.userId))
    .for('update', { of: userRoles });
  return rows.map((r) => r.userId);
}

/** The stored levels of some of the company's users on some sections: user id -> section -> level. */
export async function storedLevelsOf(
  tx: Tx,
  companyId: string,
  userIds: string[],
  sectionIds: readonly string[],
): Promise<Map<string, Partial<Record<string, AccessLevel>>>> {
  const out = new Map<string, Partial<Record<string, AccessLevel>>>(userIds.map((id) => [id, {}]));
  if (userIds.length === 0) return out;
  const rows = await tx
    .select({
      userId: userPermissions.userId,
      sectionId: userPermissions.sectionId,
      accessLevel: userPermissions.accessLevel,
    })
    .from(userPermissions)
    .where(
      and(
        eq(userPermissions.companyId, companyId),
        inArray(userPermissions.userId, userIds),
        inArray(userPermissions.sectionId, [...sectionIds]),
      ),
    );
  for (const r of rows) {
    const levels = out.get(r.userId);
    if (levels) levels[r.sectionId] = r.accessLevel;
  }
  return out;
}

export async function setRole(tx: Tx, userId: string, role: Role): Promise<void> {
  await tx
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

/**
 * Takes a user out of the company: role, section levels and profile go; their employee record and
 * history stay. People they managed lose them as line manager on both the profile and the record.
 * Returns the employee records that lost their line manager (their pending requests have to move).
 */
export async function removeCompanyAccess(tx: Tx, companyId: string, userId: string): Promise<string[]> {
  await tx
    .delete(userPermissions)
    .where(and(eq(userPermissions.companyId, companyId), eq(userPermissions.userId, userId)));
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx
    .update(profiles)
    .set({ lineManager: null })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.lineManager, userId)));
  const managed = await tx
    .update(employeeRecords)
    .set({ lineManagerId: null })
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.lineManagerId, userId)))
    .returning({ id: employeeRecords.id });
  await tx.delete(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.id, userId)));
  return managed.map((r) => r.id);
}

/** Ends every session of the user and removes their password, so they can neither stay nor come back in. */
export async function revokeLogin(db: Queryable, userId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
  await db.delete(authAccounts).where(eq(authAccounts.userId, userId));
}

export async function insertInvitation(
  tx: Tx,
  row: { companyId: string; email: string; role: Role; expiresAt: Date },
): Promise<void> {
  await tx.insert(invitations).values(row);
}

/**
 * Pending invitations: not accepted, not expired, this company, newest first. A created user who has
 * completed the first sign-in (changed the given password) counts as accepted.
 */
export async function listPendingInvitations(tx: Tx, companyId: string, now: Date) {
  return tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(profiles)
            .where(
              and(
                eq(profiles.companyId, companyId),
                eq(profiles.email, invitations.email),
                eq(profiles.firstLoginCompleted, true),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

export async function findInvitation(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({ id: invitations.id, email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)));
  return row ?? null;
}

/** The company's user created for an invitation: same address, first sign-in not completed yet. */
export async function findInvitedUser(tx: Tx, companyId: string, email: string) {
  const [row] = await tx
    .select({ id: profiles.id, email: profiles.email, role: userRoles.role })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(
      and(
        eq(profiles.companyId, companyId),
        sql`lower(${profiles.email}) = lower(${email})`,
        eq(profiles.firstLoginCompleted, false),
      ),
    );
  return row ?? null;
}

export async function deleteInvitation(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** The settings row with the company's default region (kept on `companies`, ADR 0085). */
export async function findCompanySettings(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ settings: companySettings, defaultRegion: companies.defaultRegion })
    .from(companySettings)
    .innerJoin(companies, eq(companies.id, companySettings.companyId))
    .where(eq(companySettings.companyId, companyId));
  return row ? { ...row.settings, defaultRegion: row.defaultRegion } : null;
}

export type CompanySettingsRow = typeof companySettings.$inferInsert;

/** Upsert on company_id with the whole, already validated settings object; the region when given. */
export async function upsertCompanySettings(
  tx: Tx,
  row: CompanySettingsRow & { defaultRegion?: string | undefined },
) {
  const { companyId: _companyId, defaultRegion, ...set } = row;
  if (defaultRegion !== undefined) {
    await tx.update(companies).set({ defaultRegion }).where(eq(companies.id, row.companyId));
  }
  const { defaultRegion: _region, ...values } = row;
  await tx
    .insert(companySettings)
    .values(values)
    .onConflictDoUpdate({ target: companySettings.companyId, set: { ...set, updatedAt: new Date() } });
  return findCompanySettings(tx, row.companyId);
}
