/**
 * Emailed invitations (ADR 0101). An administrator (or the employee form) invites an address with a
 * role, optionally for an employee record; the invitee gets a single-use link (a random token, stored
 * as its SHA-256 only, valid 7 days), chooses a password on the public page and is signed in with the
 * employee record linked. Sent, cancelled and accepted invitations are audit events. The email is a
 * row of the durable email queue (ADR 0095) written in the invitation's own transaction: it goes out
 * exactly when the invitation committed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_RATE_LIMITS } from '@hr/shared/auth/recovery.schemas';
import {
  type AcceptInvitationRequest,
  INVITATION_ERROR_CODES,
  INVITATION_MESSAGES,
  type InvitationLookup,
} from '@hr/shared/invitations/invitations.schemas';
import type { Role } from '@hr/shared/roles';
import { INVITATION_DAYS } from '@hr/shared/settings/settings.schemas';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enterTenant, withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLogins, insertProfileWithRole, isExpiredSignUp } from '../auth/accounts.service.ts';
import type { Auth } from '../auth/auth.ts';
import { reserveAttempt } from '../auth/rate-limit.service.ts';
import {
  findRecoveryCandidate,
  prepareLogin,
  profileCompanyOf,
  writePreparedLogin,
} from '../auth/recovery.service.ts';
import { enqueueEmail } from '../email/email.service.ts';
import {
  deleteUnacceptedInvitationsOf,
  findEmployeeForInvitation,
  findFreeEmployeeRecord,
  findInvitationByTokenHash,
  findPendingInvitationEmails,
  hasPendingInvitation,
  insertTokenInvitation,
  linkEmployeeRecord,
  lockCompanyInvitations,
  markAccepted,
  readInvitation,
} from './invitations.repository.ts';

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** An invitation written (with its queued email) in a transaction. */
export interface CreatedInvitation {
  id: string;
  email: string;
  expiresAt: Date;
}

/** Whether an existing login keeps its address from being invited (see `assertInvitable`). */
export function loginBlocksInvitation(existing: Awaited<ReturnType<typeof findRecoveryCandidate>>) {
  return existing !== null && !isExpiredSignUp(existing) && existing.companyId !== null;
}

/**
 * Refuses (409) an address that already signs in somewhere: only a new address, a removed user's
 * (restored on acceptance) or an unverified sign-up past its 7 days (released on acceptance) may be
 * invited. Read before the transaction, as creating a user with a password does.
 */
export async function assertInvitable(db: Db, email: string): Promise<void> {
  if (loginBlocksInvitation(await findRecoveryCandidate(db, email))) {
    throw errors.conflict(INVITATION_MESSAGES.userExists, { email: INVITATION_MESSAGES.userExists });
  }
}

/**
 * Of some (lower-case) addresses, those `assertInvitable` would refuse: a login that signs in
 * somewhere. One statement for the logins, then one per login found (its profile's company).
 */
export async function loginBlockedEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const blocked = new Set<string>();
  for (const login of await findLogins(db, [...new Set(emails)])) {
    const companyId = await profileCompanyOf(db, login.userId);
    if (loginBlocksInvitation({ ...login, companyId })) blocked.add(login.email.toLowerCase());
  }
  return blocked;
}

/** Of some (lower-case) addresses, those the company has a pending invitation to (in its transaction). */
export function pendingInvitationEmails(
  tx: Tx,
  companyId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  return findPendingInvitationEmails(tx, companyId, [...new Set(emails)], new Date());
}

/**
 * Writes the invitation, its audit event and its queued email in the caller's tenant transaction (the
 * employee form's, the import's, or the one of `sendInvitation`): all three exist, or none. The raw
 * token leaves only in the queued email's data, which the worker renders into the link.
 */
export async function createInvitationInTx(
  tx: Tx,
  principal: Principal,
  input: { email: string; role: Role; employeeRecordId: string | null },
): Promise<CreatedInvitation> {
  await lockCompanyInvitations(tx, principal.companyId);
  const now = new Date();
  if (await hasPendingInvitation(tx, principal.companyId, input.email, now)) {
    throw errors.conflict(INVITATION_MESSAGES.alreadyInvited, { email: INVITATION_MESSAGES.alreadyInvited });
  }
  if (input.employeeRecordId) {
    const employee = await findEmployeeForInvitation(tx, principal.companyId, input.employeeRecordId);
    if (!employee) {
      throw errors.validation(
        { employeeRecordId: INVITATION_MESSAGES.employeeUnknown },
        INVITATION_MESSAGES.employeeUnknown,
      );
    }
    if (employee.userId) {
      throw errors.conflict(INVITATION_MESSAGES.employeeLinked, {
        employeeRecordId: INVITATION_MESSAGES.employeeLinked,
      });
    }
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const saved = await insertTokenInvitation(tx, {
    companyId: principal.companyId,
    email: input.email,
    role: input.role,
    expiresAt,
    tokenHash: hashInvitationToken(token),
    employeeRecordId: input.employeeRecordId,
    invitedBy: principal.user.id,
  });
  await recordAudit(tx, principal, {
    kind: 'invitation.sent',
    targetType: 'invitation',
    targetId: saved.id,
    targetLabel: input.email,
    after: {
      email: input.email,
      role: input.role,
      employeeRecordId: input.employeeRecordId,
      expiresAt: expiresAt.toISOString(),
    },
  });
  await enqueueEmail(tx, {
    companyId: principal.companyId,
    kind: 'invitation',
    to: input.email,
    data: {
      token,
      invitedBy: principal.user.name || principal.user.email,
      expiresAt: expiresAt.toISOString(),
    },
  });
  return { id: saved.id, email: input.email, expiresAt };
}

/**
 * Creating a user in Settings writes a login and a pending invitation row for the address: it takes
 * the company's invitation lock in its own tenant transaction and then refuses (409) an address with
 * a pending emailed invitation, as sending one does. Without it, an invitation and a creation for one address
 * at once each found the other not yet committed and both succeeded: a user and an emailed
 * invitation to their address. Whichever commits first wins; the other finds it under the lock.
 */
export async function claimAddressForCreatedUser(tx: Tx, companyId: string, email: string): Promise<void> {
  await lockCompanyInvitations(tx, companyId);
  // An emailed one only: the row of a user created earlier and since removed is no claim on the address.
  if (await hasPendingInvitation(tx, companyId, email, new Date(), { emailedOnly: true })) {
    throw errors.conflict(INVITATION_MESSAGES.alreadyInvited, { email: INVITATION_MESSAGES.alreadyInvited });
  }
}

/**
 * Cancels, in the caller's transaction, the invitations sent with an employee record that is being
 * deleted: the link would otherwise still let its holder join the company, with no record to link.
 * Each is an `invitation.cancelled` audit event, as when HR cancels one in Settings.
 */
export async function cancelInvitationsOfDeletedEmployee(
  tx: Tx,
  principal: Principal,
  employeeRecordId: string,
): Promise<void> {
  const cancelled = await deleteUnacceptedInvitationsOf(tx, principal.companyId, employeeRecordId);
  for (const invitation of cancelled) {
    await recordAudit(tx, principal, {
      kind: 'invitation.cancelled',
      targetType: 'invitation',
      targetId: invitation.id,
      targetLabel: invitation.email,
      before: { email: invitation.email, employeeRecordId },
    });
  }
}

export async function sendInvitation(
  deps: { db: Db },
  principal: Principal,
  input: { email: string; role: Role; employeeRecordId?: string | null | undefined },
): Promise<{ id: string; email: string; expiresAt: string }> {
  await assertInvitable(deps.db, input.email);
  const created = await withTenant(deps.db, tenantOf(principal), (tx) =>
    createInvitationInTx(tx, principal, {
      email: input.email,
      role: input.role,
      employeeRecordId: input.employeeRecordId ?? null,
    }),
  );
  return { id: created.id, email: created.email, expiresAt: created.expiresAt.toISOString() };
}

// ---------- the public link ----------

const unknownLink = () =>
  new AppError(404, INVITATION_ERROR_CODES.INVITATION_UNKNOWN, INVITATION_MESSAGES.linkUnknown);
const usedLink = () =>
  new AppError(409, INVITATION_ERROR_CODES.INVITATION_USED, INVITATION_MESSAGES.linkUsed);
const expiredLink = () =>
  new AppError(409, INVITATION_ERROR_CODES.INVITATION_EXPIRED, INVITATION_MESSAGES.linkExpired);

type InvitationRow = NonNullable<Awaited<ReturnType<typeof readInvitation>>>;

/** The invitation a token opens, or the error that says why it no longer does. */
async function openInvitation(
  db: Db,
  token: string,
): Promise<{ companyId: string; invitation: InvitationRow }> {
  const found = await findInvitationByTokenHash(db, hashInvitationToken(token));
  if (!found) throw unknownLink();
  const invitation = await withTenant(db, { companyId: found.companyId, userId: null, role: null }, (tx) =>
    readInvitation(tx, found.companyId, found.invitationId),
  );
  if (!invitation) throw unknownLink();
  if (invitation.acceptedAt) throw usedLink();
  if (invitation.expiresAt.getTime() <= Date.now()) throw expiredLink();
  return { companyId: found.companyId, invitation };
}

export async function lookupInvitation(db: Db, token: string): Promise<InvitationLookup> {
  const { companyId, invitation } = await openInvitation(db, token);
  const employee = await withTenant(db, { companyId, userId: null, role: null }, (tx) =>
    findFreeEmployeeRecord(tx, companyId, invitation.employeeRecordId, invitation.email),
  );
  return {
    email: invitation.email,
    companyName: invitation.companyName,
    fullName: employee?.fullName ?? null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Creates the login (the invitee's own password, the address taken as verified: the link proved
 * it), profile and role, links the employee record and marks the invitation used, in one
 * transaction; a token used twice at once succeeds once (the conditional update). Rate limited per IP.
 */
export async function acceptInvitation(
  deps: { db: Db; auth: Auth },
  input: AcceptInvitationRequest,
  ipAddress: string | null,
): Promise<{ userId: string; email: string }> {
  const { db } = deps;
  if (ipAddress) {
    // Counted first (ADR 0052): of a burst of attempts at most the limit go on.
    await reserveAttempt(
      db,
      `accept-invitation-ip:${ipAddress}`,
      RECOVERY_RATE_LIMITS.resetPasswordPerIp,
      'Too many attempts. Please try again later.',
    );
  }
  const { companyId, invitation } = await openInvitation(db, input.token);
  const login = await prepareLogin(
    deps,
    { email: invitation.email, name: input.fullName, password: input.password },
    INVITATION_MESSAGES.userExists,
  );
  const { userId } = login;
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await writePreparedLogin(tx, login);
      await enterTenant(tx, { companyId, userId, role: invitation.role });
      if (!(await markAccepted(tx, companyId, invitation.id, now))) throw usedLink();
      await insertProfileWithRole(tx, {
        id: userId,
        companyId,
        email: invitation.email,
        fullName: input.fullName,
        firstLoginCompleted: true,
        role: invitation.role,
      });
      const record = await findFreeEmployeeRecord(
        tx,
        companyId,
        invitation.employeeRecordId,
        invitation.email,
      );
      if (record) await linkEmployeeRecord(tx, companyId, record, userId);
      await recordAudit(
        tx,
        { companyId, userId, name: input.fullName, ipAddress },
        {
          kind: 'invitation.accepted',
          targetType: 'invitation',
          targetId: invitation.id,
          targetLabel: invitation.email,
          after: { userId, role: invitation.role, employeeRecordId: record?.id ?? null },
        },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(INVITATION_MESSAGES.userExists);
    throw err;
  }
  return { userId, email: invitation.email };
}
