/** Settings rules: who may see and change section levels, users, roles and company settings. */
import { COMPANY_SETTINGS_DEFAULTS, type Weekday } from '@hr/shared/company/company-settings';
import { LEAVE_MESSAGES } from '@hr/shared/leave/calendar-days.schemas';
import { isKnownRegion } from '@hr/shared/leave/public-holidays';
import {
  type AccessLevel,
  ADMINISTRATION_SECTIONS,
  canAccessSection,
  effectiveAccessLevel,
  holdsFullAdministration,
} from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import {
  type CompanySettings,
  type CompanySettingsRequest,
  type CompanyUser,
  type createUserRequestSchema,
  INVITATION_DAYS,
  type Invitation,
  orderedWeekdays,
  type PermissionChange,
  type PermissionsResponse,
  SETTINGS_ERROR_CODES,
  SETTINGS_MESSAGES,
  yearEndMonth,
} from '@hr/shared/settings/settings.schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enterTenant, withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteResetTokens, insertProfileWithRole } from '../auth/accounts.service.ts';
import type { Auth } from '../auth/auth.ts';
import { prepareLogin, sendPasswordResetFor, writePreparedLogin } from '../auth/recovery.service.ts';
import { insertSecurityEvent } from '../auth/security-events.service.ts';
import { movePendingRequestsToCurrentApprovers } from '../holidays/holidays.service.ts';
import { claimAddressForCreatedUser } from '../invitations/invitations.service.ts';
import {
  companyUserIds,
  deleteInvitation,
  findCompanySettings,
  findCompanyUser,
  findInvitation,
  findInvitedUser,
  insertInvitation,
  listCompanyUsers,
  listPendingInvitations,
  listPermissions,
  listSections,
  lockSuperAdmins,
  removeCompanyAccess,
  revokeLogin,
  setRole,
  storedLevelsOf,
  upsertCompanySettings,
  upsertPermissions,
} from './settings.repository.ts';

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

// ---------- permissions ----------

export async function getPermissions(db: Db, principal: Principal): Promise<PermissionsResponse> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const [users, sections, permissions] = [
      await listCompanyUsers(tx, principal.companyId),
      await listSections(tx),
      await listPermissions(tx, principal.companyId),
    ];
    const stored = new Map<string, Partial<Record<string, AccessLevel>>>();
    for (const p of permissions)
      stored.set(p.userId, { ...stored.get(p.userId), [p.sectionId]: p.accessLevel });
    return {
      users: users.map((u) => {
        const role = u.role ?? null;
        const levels = stored.get(u.id) ?? {};
        return {
          id: u.id,
          fullName: u.fullName,
          email: u.email,
          role,
          editable: role !== null && role !== 'developer',
          effective: Object.fromEntries(
            sections.map((s) => [s.id, effectiveAccessLevel(role, s.id, levels[s.id])]),
          ),
          roleBlocked: sections.filter((s) => !canAccessSection(role, s.id)).map((s) => s.id),
        };
      }),
      sections,
      permissions,
    };
  });
}

/** Writes every change in one transaction; any user outside the company refuses the whole batch. */
export async function savePermissions(db: Db, principal: Principal, changes: PermissionChange[]) {
  // The last edit of a cell wins, so a batch never conflicts with itself in the upsert.
  const byCell = new Map(changes.map((c) => [`${c.userId}:${c.sectionId}`, c]));
  const unique = [...byCell.values()];
  await withTenant(db, tenantOf(principal), async (tx) => {
    const known = await companyUserIds(tx, principal.companyId, [...new Set(unique.map((c) => c.userId))]);
    const stranger = unique.find((c) => !known.has(c.userId));
    if (stranger)
      throw errors.validation({ userId: SETTINGS_MESSAGES.unknownUser }, SETTINGS_MESSAGES.unknownUser);
    if (unique.some((c) => (ADMINISTRATION_SECTIONS as readonly string[]).includes(c.sectionId))) {
      const superAdmins = await lockSuperAdmins(tx, principal.companyId);
      await keepFullSuperAdmin(tx, principal.companyId, superAdmins, { permissions: unique });
    }
    const before = await storedLevelsOf(
      tx,
      principal.companyId,
      [...new Set(unique.map((c) => c.userId))],
      [...new Set(unique.map((c) => c.sectionId))],
    );
    await upsertPermissions(tx, principal.companyId, unique);
    const byUser = new Map<string, PermissionChange[]>();
    for (const c of unique) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
    for (const [userId, changes] of byUser) {
      await recordAudit(tx, principal, {
        kind: 'permissions.changed',
        targetType: 'user',
        targetId: userId,
        before: Object.fromEntries(
          changes.map((c) => [c.sectionId, before.get(userId)?.[c.sectionId] ?? null]),
        ),
        after: Object.fromEntries(changes.map((c) => [c.sectionId, c.accessLevel])),
      });
    }
  });
  return { saved: unique.length };
}

// ---------- users ----------

export async function getUsers(db: Db, principal: Principal): Promise<{ users: CompanyUser[] }> {
  const rows = await withTenant(db, tenantOf(principal), (tx) => listCompanyUsers(tx, principal.companyId));
  return { users: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export async function getInvitations(db: Db, principal: Principal): Promise<{ invitations: Invitation[] }> {
  const rows = await withTenant(db, tenantOf(principal), (tx) =>
    listPendingInvitations(tx, principal.companyId, new Date()),
  );
  return {
    invitations: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}

/**
 * Creates the login (password set by the administrator, email taken as verified), the profile with
 * first_login_completed false (a forced password change at first sign-in), the role and a pending
 * invitation record, all in one transaction. An address that belongs to a removed user gets that
 * login back; one held by an unverified sign-up past its 7 days is released first (ADR 0055).
 */
export async function createUser(
  db: Db,
  auth: Auth,
  principal: Principal,
  input: z.output<typeof createUserRequestSchema>,
): Promise<CompanyUser> {
  const login = await prepareLogin(
    { db, auth },
    { email: input.email, name: input.fullName, password: input.password },
    SETTINGS_MESSAGES.userExists,
  );
  const { userId } = login;
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await writePreparedLogin(tx, login);
      await enterTenant(tx, tenantOf(principal));
      // One at a time with invitations to the company (ADR 0101): a pending one to the address refuses it.
      await claimAddressForCreatedUser(tx, principal.companyId, input.email);
      await insertProfileWithRole(tx, {
        id: userId,
        companyId: principal.companyId,
        email: input.email,
        fullName: input.fullName,
        firstLoginCompleted: false,
        role: input.role,
      });
      await insertInvitation(tx, {
        companyId: principal.companyId,
        email: input.email,
        role: input.role,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      });
      await recordAudit(tx, principal, {
        kind: 'user.created',
        targetType: 'user',
        targetId: userId,
        targetLabel: input.email,
        after: { fullName: input.fullName, email: input.email, role: input.role },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(SETTINGS_MESSAGES.userExists);
    throw err;
  }
  return {
    id: userId,
    fullName: input.fullName,
    email: input.email,
    role: input.role,
    createdAt: now.toISOString(),
  };
}

/**
 * Sends a user of the company the password reset email (ADR 0054). The administrator never sees
 * or sets the password; a developer's login is not managed from a company's settings.
 */
export async function sendUserPasswordReset(
  db: Db,
  auth: Auth,
  principal: Principal,
  userId: string,
  meta: RequestMeta,
): Promise<{ email: string }> {
  const user = await withTenant(db, tenantOf(principal), (tx) =>
    findCompanyUser(tx, principal.companyId, userId),
  );
  if (!user) throw errors.notFound(SETTINGS_MESSAGES.unknownUser);
  if (user.role === 'developer') throw errors.forbidden(SETTINGS_MESSAGES.roleNotAssignable);
  await sendPasswordResetFor(
    { db, auth },
    { id: user.id, email: user.email, companyId: principal.companyId },
    principal.user.id,
    meta,
  );
  return { email: user.email };
}

const lastSuperAdmin = () =>
  new AppError(409, SETTINGS_ERROR_CODES.LAST_SUPER_ADMIN, SETTINGS_MESSAGES.lastSuperAdmin);

/** A change to the company's administrators, as `keepFullSuperAdmin` weighs it. */
interface AdministrationChange {
  permissions?: { userId: string; sectionId: string; accessLevel: AccessLevel }[];
  role?: { userId: string; role: Role };
  removedUserId?: string;
}

/**
 * Refuses (409) a change that would leave the company without a super admin holding Settings and
 * User Management at Full (ADR 0056). `superAdmins` must come from `lockSuperAdmins` in the same
 * transaction, so concurrent changes are weighed one after the other. A company that already has no
 * such super admin is not blocked by it: the change cannot make that worse, and may repair it.
 */
async function keepFullSuperAdmin(
  tx: Tx,
  companyId: string,
  superAdmins: string[],
  change: AdministrationChange,
): Promise<void> {
  const candidates = new Set(superAdmins);
  if (change.role?.role === 'super_admin') candidates.add(change.role.userId);
  const ids = [...candidates];
  const stored = await storedLevelsOf(tx, companyId, ids, ADMINISTRATION_SECTIONS);
  const before = superAdmins.filter((id) => holdsFullAdministration('super_admin', stored.get(id) ?? {}));
  if (before.length === 0) return;
  const after = ids.filter((id) => {
    if (id === change.removedUserId) return false;
    const role: Role = change.role?.userId === id ? change.role.role : 'super_admin';
    const levels = { ...stored.get(id) };
    for (const c of change.permissions ?? []) if (c.userId === id) levels[c.sectionId] = c.accessLevel;
    return holdsFullAdministration(role, levels);
  });
  if (after.length === 0)
    throw new AppError(409, SETTINGS_ERROR_CODES.LAST_FULL_SUPER_ADMIN, SETTINGS_MESSAGES.lastFullSuperAdmin);
}

export async function changeRole(
  db: Db,
  principal: Principal,
  userId: string,
  role: Role,
  meta: RequestMeta,
): Promise<void> {
  const previous = await withTenant(db, tenantOf(principal), async (tx) => {
    // Locked before the user is read, so the role read below is the one this change replaces.
    const superAdmins = await lockSuperAdmins(tx, principal.companyId);
    const user = await findCompanyUser(tx, principal.companyId, userId);
    if (!user) throw errors.notFound(SETTINGS_MESSAGES.unknownUser);
    // Developers are not managed from a company's settings.
    if (user.role === 'developer') throw errors.forbidden(SETTINGS_MESSAGES.roleNotAssignable);
    if (user.role !== role) {
      if (user.role === 'super_admin' && superAdmins.length <= 1) throw lastSuperAdmin();
      if (user.role === 'super_admin')
        await keepFullSuperAdmin(tx, principal.companyId, superAdmins, { role: { userId, role } });
      await setRole(tx, userId, role);
      await recordAudit(tx, principal, {
        kind: 'role.changed',
        targetType: 'user',
        targetId: userId,
        targetLabel: user.email,
        before: { role: user.role },
        after: { role },
      });
    }
    return user;
  });
  if (previous.role === role) return;
  await insertSecurityEvent(db, {
    action: 'role_changed',
    userId,
    companyId: principal.companyId,
    email: previous.email,
    ...meta,
    metadata: { from: previous.role, to: role, by: principal.user.id },
  });
}

/** Revokes the user's sessions and company access; the employee record and history are kept. */
export async function removeUser(
  db: Db,
  principal: Principal,
  userId: string,
  meta: RequestMeta,
): Promise<{ email: string }> {
  if (userId === principal.user.id)
    throw errors.validation(
      { userId: SETTINGS_MESSAGES.cannotRemoveSelf },
      SETTINGS_MESSAGES.cannotRemoveSelf,
    );
  const removed = await db.transaction(async (tx) => {
    // Auth tables belong to the owner connection, so they go first; any refusal below rolls this back.
    await revokeLogin(tx, userId);
    // A reset link sent before the removal must not give the login a password again.
    await deleteResetTokens(tx, userId);
    await enterTenant(tx, tenantOf(principal));
    const superAdmins = await lockSuperAdmins(tx, principal.companyId);
    const user = await findCompanyUser(tx, principal.companyId, userId);
    if (!user) throw errors.notFound(SETTINGS_MESSAGES.unknownUser);
    if (user.role === 'developer') throw errors.forbidden(SETTINGS_MESSAGES.roleNotAssignable);
    if (user.role === 'super_admin' && superAdmins.length <= 1) throw lastSuperAdmin();
    if (user.role === 'super_admin')
      await keepFullSuperAdmin(tx, principal.companyId, superAdmins, { removedUserId: userId });
    const managed = await removeCompanyAccess(tx, principal.companyId, userId);
    // Their reports' pending requests go to the super admins (ADR 0049).
    await movePendingRequestsToCurrentApprovers(tx, principal.companyId, managed);
    await recordAudit(tx, principal, {
      kind: 'user.removed',
      targetType: 'user',
      targetId: userId,
      targetLabel: user.email,
      before: { email: user.email, role: user.role },
    });
    return user;
  });
  await insertSecurityEvent(db, {
    action: 'user_removed',
    userId,
    companyId: principal.companyId,
    email: removed.email,
    ...meta,
    metadata: { by: principal.user.id, role: removed.role },
  });
  return { email: removed.email };
}

/**
 * Cancels an invitation and revokes the login created with it (sessions, password, company access),
 * as removing the user does, so the invited account can no longer sign in. A user who has completed
 * the first sign-in is no longer an invitation and is removed from Users instead.
 */
export async function cancelInvitation(
  db: Db,
  principal: Principal,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const found = await withTenant(db, tenantOf(principal), async (tx) => {
    const invitation = await findInvitation(tx, principal.companyId, id);
    if (!invitation) throw errors.notFound();
    return { invitation, user: await findInvitedUser(tx, principal.companyId, invitation.email) };
  });
  const user = found.user;
  if (user && user.id === principal.user.id)
    throw errors.validation(
      { userId: SETTINGS_MESSAGES.cannotRemoveSelf },
      SETTINGS_MESSAGES.cannotRemoveSelf,
    );
  if (user?.role === 'developer') throw errors.forbidden(SETTINGS_MESSAGES.roleNotAssignable);
  const revoked = await db.transaction(async (tx) => {
    // Auth tables first (owner connection), as in removeUser; a refusal below rolls this back.
    if (user) {
      await revokeLogin(tx, user.id);
      await deleteResetTokens(tx, user.id);
    }
    await enterTenant(tx, tenantOf(principal));
    if (!(await deleteInvitation(tx, principal.companyId, id))) throw errors.notFound();
    await recordAudit(tx, principal, {
      kind: 'invitation.cancelled',
      targetType: 'invitation',
      targetId: id,
      targetLabel: found.invitation.email,
      before: { email: found.invitation.email },
    });
    if (!user) return null;
    const superAdmins = await lockSuperAdmins(tx, principal.companyId);
    // Read again under the lock: the first sign-in may have completed meanwhile.
    const current = await findInvitedUser(tx, principal.companyId, found.invitation.email);
    if (current?.id !== user.id) throw errors.conflict(SETTINGS_MESSAGES.invitationAccepted);
    if (user.role === 'super_admin' && superAdmins.length <= 1) throw lastSuperAdmin();
    if (user.role === 'super_admin')
      await keepFullSuperAdmin(tx, principal.companyId, superAdmins, { removedUserId: user.id });
    const managed = await removeCompanyAccess(tx, principal.companyId, user.id);
    await movePendingRequestsToCurrentApprovers(tx, principal.companyId, managed);
    return user;
  });
  if (!revoked) return;
  await insertSecurityEvent(db, {
    action: 'user_removed',
    userId: revoked.id,
    companyId: principal.companyId,
    email: revoked.email,
    ...meta,
    metadata: { by: principal.user.id, role: revoked.role, invitation: id },
  });
}

// ---------- company settings ----------

type SettingsRow = NonNullable<Awaited<ReturnType<typeof findCompanySettings>>>;

function toCompanySettings(row: SettingsRow | null): CompanySettings {
  if (!row)
    return {
      ...COMPANY_SETTINGS_DEFAULTS,
      workingDaysPattern: [...COMPANY_SETTINGS_DEFAULTS.workingDaysPattern],
    };
  const pattern = orderedWeekdays(row.workingDaysPattern as Weekday[]);
  return {
    fullTimeHoursPerDay: Number(row.fullTimeHoursPerDay ?? COMPANY_SETTINGS_DEFAULTS.fullTimeHoursPerDay),
    annualHolidayDaysEntitlement: Number(
      row.annualHolidayDaysEntitlement ?? COMPANY_SETTINGS_DEFAULTS.annualHolidayDaysEntitlement,
    ),
    holidayYearStartMonth: row.holidayYearStartMonth,
    holidayYearEndMonth: row.holidayYearEndMonth,
    financialYearStartMonth: row.financialYearStartMonth,
    financialYearEndMonth: row.financialYearEndMonth,
    // No stored working-days pattern means Monday to Friday.
    workingDaysPattern: pattern.length ? pattern : [...COMPANY_SETTINGS_DEFAULTS.workingDaysPattern],
    roundRspToWholeNumbers: row.roundRspToWholeNumbers,
    cloudStorageEnabled: row.cloudStorageEnabled,
    primaryCloudProvider: row.primaryCloudProvider,
    cloudStorageFolderStructure: row.cloudStorageFolderStructure,
    defaultRegion: row.defaultRegion,
  };
}

export async function getCompanySettings(db: Db, principal: Principal): Promise<CompanySettings> {
  const row = await withTenant(db, tenantOf(principal), (tx) => findCompanySettings(tx, principal.companyId));
  return toCompanySettings(row);
}

export async function saveCompanySettings(
  db: Db,
  principal: Principal,
  input: CompanySettingsRequest,
): Promise<CompanySettings> {
  if (input.defaultRegion !== undefined && !isKnownRegion(input.defaultRegion)) {
    throw errors.validation({ defaultRegion: LEAVE_MESSAGES.unknownRegion }, LEAVE_MESSAGES.unknownRegion);
  }
  const saved = await withTenant(db, tenantOf(principal), async (tx) => {
    const before = toCompanySettings(await findCompanySettings(tx, principal.companyId));
    const row = await upsertCompanySettings(tx, {
      companyId: principal.companyId,
      ...input,
      workingDaysPattern: orderedWeekdays(input.workingDaysPattern),
      holidayYearEndMonth: yearEndMonth(input.holidayYearStartMonth),
      financialYearEndMonth: yearEndMonth(input.financialYearStartMonth),
    });
    const after = toCompanySettings(row);
    const changed = changedFields(before, after);
    if (changed.length > 0) {
      await recordAudit(tx, principal, {
        kind: 'settings.changed',
        targetType: 'company_settings',
        targetId: principal.companyId,
        before: pick(before, changed),
        after: pick(after, changed),
      });
    }
    return row;
  }).catch((err: unknown) => {
    // A company row that is gone (or a session from before a switch) cannot be identified.
    if ((err as { code?: string; cause?: { code?: string } }).cause?.code === '23503') {
      throw new AppError(
        400,
        SETTINGS_ERROR_CODES.COMPANY_NOT_IDENTIFIED,
        SETTINGS_MESSAGES.companyIdErrorDescription,
      );
    }
    throw err;
  });
  return toCompanySettings(saved);
}

/** The fields whose values differ (compared as JSON: arrays by content). */
export function changedFields<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

export function pick<T extends object>(value: T, keys: (keyof T)[]): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, value[k]])) as Partial<T>;
}
