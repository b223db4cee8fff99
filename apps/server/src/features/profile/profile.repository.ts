/** The signed-in user's profile, the company's other users, and the line-manager mirror on the employee record. */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notPlatformStaff } from '../../db/company-members.ts';
import { profiles } from '../../db/schema/core.ts';
import { employeeRecords } from '../../db/schema/hr.ts';

/** A user's profile; `lock` holds its row until the transaction ends (replacing the avatar). */
export async function findProfile(tx: Tx, userId: string, lock = false) {
  const query = tx.select().from(profiles).where(eq(profiles.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** id, full_name, email of the company's users other than `exceptUserId`, ordered by full name. */
export async function listOtherCompanyUsers(tx: Tx, companyId: string, exceptUserId: string) {
  return tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), ne(profiles.id, exceptUserId), notPlatformStaff()))
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}

export async function isCompanyUser(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.id, userId), notPlatformStaff()));
  return Boolean(row);
}

export async function updateOwnProfile(
  tx: Tx,
  userId: string,
  values: { fullName: string | null; position: string | null; lineManager: string | null },
) {
  const [row] = await tx.update(profiles).set(values).where(eq(profiles.id, userId)).returning();
  return row ?? null;
}

/** Keeps the employee record linked to the user in step with the profile's line manager. */
export async function mirrorLineManagerToEmployeeRecord(
  tx: Tx,
  companyId: string,
  userId: string,
  lineManagerId: string | null,
): Promise<void> {
  await tx
    .update(employeeRecords)
    .set({ lineManagerId })
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.userId, userId)));
}

export async function findEmployeeRecordIdOfUser(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select({ id: employeeRecords.id })
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.userId, userId)));
  return row?.id ?? null;
}

export async function setAvatarUrl(tx: Tx, userId: string, avatarUrl: string | null) {
  const [row] = await tx.update(profiles).set({ avatarUrl }).where(eq(profiles.id, userId)).returning();
  return row ?? null;
}
