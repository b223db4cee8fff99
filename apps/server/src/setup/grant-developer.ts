/**
 * The only way to make someone a developer (platform staff who can switch into every company): an
 * operator command run against the database, never a product screen or API (ADR 0047). The user must
 * already exist (signed up or created in a company's settings). The change is a security event of the
 * user's company.
 */
import { emailSchema } from '@hr/shared/auth/auth.schemas';
import type { Role } from '@hr/shared/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authUsers } from '../db/schema/auth.ts';
import { profiles, userRoles } from '../db/schema/core.ts';
import { enterTenant } from '../db/tenant.ts';
import { insertSecurityEvent } from '../features/auth/security-events.service.ts';
import { StartupError } from '../startup-error.ts';

export interface GrantDeveloperResult {
  email: string;
  userId: string;
  companyId: string;
  previousRole: Role | null;
}

/** Grants the developer role to the user with `rawEmail`; a clear one-line StartupError otherwise. */
export async function grantDeveloper(db: Db, rawEmail: string | undefined): Promise<GrantDeveloperResult> {
  if (!rawEmail?.trim()) throw new StartupError('Usage: npm run user:grant-developer -- <email>');
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new StartupError(`Not an email address: ${rawEmail}`);
  const email = parsed.data;
  const [user] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (!user)
    throw new StartupError(`No user with the email ${email}: they must sign up (or be created) first.`);

  const result = await db.transaction(async (tx) => {
    // The user's own profile and role are readable as that user; the role is written in their company.
    await enterTenant(tx, { companyId: '', userId: user.id, role: null });
    const [profile] = await tx
      .select({ companyId: profiles.companyId })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    if (!profile) throw new StartupError(`The user ${email} has no profile in any company.`);
    await enterTenant(tx, { companyId: profile.companyId, userId: user.id, role: null });
    const [current] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, user.id));
    if (current?.role !== 'developer') {
      await tx
        .insert(userRoles)
        .values({ userId: user.id, role: 'developer' })
        .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'developer' } });
    }
    return { email, userId: user.id, companyId: profile.companyId, previousRole: current?.role ?? null };
  });
  if (result.previousRole !== 'developer') {
    await insertSecurityEvent(db, {
      action: 'role_changed',
      userId: result.userId,
      companyId: result.companyId,
      email,
      metadata: { from: result.previousRole, to: 'developer', by: 'operator command' },
    });
  }
  return result;
}
