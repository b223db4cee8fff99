import { companyDisplayName } from '@hr/shared/company/company-display';
import type { MeResponse } from '@hr/shared/me/me.schemas';
import { sectionAccessMap } from '@hr/shared/permissions';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Principal } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { deleteOtherSessions, updateCredentialPassword } from '../auth/auth.repository.ts';
import type { Auth } from '../auth/auth.ts';
import { insertSecurityEvent } from '../auth/security-events.repository.ts';
import { findMeRow, markFirstLoginCompleted } from './me.repository.ts';

export async function getMe(db: Db, principal: Principal): Promise<MeResponse> {
  const row = await withTenant(
    db,
    { companyId: principal.companyId, userId: principal.user.id, role: principal.role },
    (tx) => findMeRow(tx, principal.user.id),
  );
  if (!row) throw errors.notFound();
  const { profile, company, lineManager } = row;
  return {
    user: { id: principal.user.id, email: principal.user.email, emailVerified: principal.user.emailVerified },
    profile: {
      id: profile.id,
      fullName: profile.fullName,
      email: profile.email,
      position: profile.position,
      lineManagerId: profile.lineManager,
      avatarUrl: profile.avatarUrl,
      firstLoginCompleted: profile.firstLoginCompleted,
      // Super admins decide the requests of employees without a line manager (ADR 0049): they see Approvals.
      isLineManager: profile.isLineManager || row.managesSomeone || principal.role === 'super_admin',
      phone: profile.phone,
    },
    role: principal.role,
    company: company
      ? { ...company, displayName: companyDisplayName(company), logoUrl: row.logoUrl || null }
      : null,
    lineManager,
    permissions: sectionAccessMap(principal.role, principal.levels),
  };
}

/** Sets a new password, completes the first login, and signs the user out everywhere else. */
export async function changePassword(
  db: Db,
  auth: Auth,
  principal: Principal,
  newPassword: string,
  meta: { ipAddress: string | null; userAgent: string | null },
): Promise<void> {
  const hash = await (await auth.$context).password.hash(newPassword);
  await db.transaction(async (tx) => {
    await updateCredentialPassword(tx, principal.user.id, hash);
    await deleteOtherSessions(tx, principal.user.id, principal.sessionId);
  });
  await withTenant(
    db,
    { companyId: principal.companyId, userId: principal.user.id, role: principal.role },
    (tx) => markFirstLoginCompleted(tx, principal.user.id),
  );
  await insertSecurityEvent(db, {
    action: 'password_changed',
    userId: principal.user.id,
    companyId: principal.companyId,
    email: principal.user.email,
    ...meta,
  });
}
