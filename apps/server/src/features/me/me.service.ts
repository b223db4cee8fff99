import type { ChangePasswordRequest } from '@hr/shared/auth/auth.schemas';
import { companyDisplayName } from '@hr/shared/company/company-display';
import { MESSAGES } from '@hr/shared/errors';
import type { MeResponse } from '@hr/shared/me/me.schemas';
import { sectionAccessMap } from '@hr/shared/permissions';
import { RATE_LIMITS } from '@hr/shared/rate-limit';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { tenantReader } from '../../db/tenant-read.ts';
import type { Principal } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import {
  deleteOtherSessions,
  findCredentialPasswordHash,
  updateCredentialPassword,
} from '../auth/accounts.service.ts';
import type { Auth } from '../auth/auth.ts';
import { releaseAttempts, reserveAttempt } from '../auth/rate-limit.service.ts';
import { insertSecurityEvent } from '../auth/security-events.service.ts';
import { findMeRow, markFirstLoginCompleted } from './me.repository.ts';

export async function getMe(db: Db, principal: Principal): Promise<MeResponse> {
  // One statement: the tenant set-up and the read in one round trip (ADR 0150).
  const row = await findMeRow(
    tenantReader(db, { companyId: principal.companyId, userId: principal.user.id, role: principal.role }),
    principal.user.id,
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

/**
 * Checks the current password, sets a new one that differs from it, completes the first login, and
 * signs the user out everywhere else (ADR 0052). A wrong current password counts against the email's
 * login limit, so a session left open cannot be used to guess the password faster than sign-in can.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  principal: Principal,
  { currentPassword, newPassword }: ChangePasswordRequest,
  meta: { ipAddress: string | null; userAgent: string | null },
): Promise<void> {
  if (newPassword === currentPassword) {
    throw errors.validation({ newPassword: MESSAGES.passwordUnchanged }, MESSAGES.passwordUnchanged);
  }
  const ctx = await auth.$context;
  const reservation = await reserveAttempt(
    db,
    `login:${principal.user.email}`,
    RATE_LIMITS.login,
    MESSAGES.tooManyLogins,
  );
  const storedHash = await findCredentialPasswordHash(db, principal.user.id);
  if (!storedHash || !(await ctx.password.verify({ hash: storedHash, password: currentPassword }))) {
    await insertSecurityEvent(db, {
      action: 'failed_login',
      userId: principal.user.id,
      companyId: principal.companyId,
      email: principal.user.email,
      ...meta,
      metadata: { reason: 'password_change' },
    });
    throw errors.validation(
      { currentPassword: MESSAGES.currentPasswordIncorrect },
      MESSAGES.currentPasswordIncorrect,
    );
  }
  await releaseAttempts(db, [reservation]);
  const hash = await ctx.password.hash(newPassword);
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
