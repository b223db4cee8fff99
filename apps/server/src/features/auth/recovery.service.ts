/**
 * Account recovery (ADR 0054): reset links by email (asked for by the user or sent by an
 * administrator), setting the new password, and resending the verification email.
 *
 * The public requests answer the same whatever the address: every request is counted against the
 * per-email and per-IP limits first, then answered at once, and the lookup and the mail happen
 * after the answer (`detached`), so neither the body, the status nor the timing tells whether an
 * account exists.
 */

import { randomUUID } from 'node:crypto';
import {
  RECOVERY_MESSAGES,
  RECOVERY_RATE_LIMITS,
  type ResetPasswordRequest,
} from '@hr/shared/auth/recovery.schemas';
import type { RateLimitRule } from '@hr/shared/rate-limit';
import { APIError } from 'better-auth/api';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { errors } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { insertCredentialUser } from './auth.repository.ts';
import type { Auth } from './auth.ts';
import { reserveAttempt } from './rate-limit.service.ts';
import {
  canRecoverPassword,
  completeFirstLogin,
  deleteCompanyIfEmpty,
  deleteExpiredLogin,
  deleteResetTokens,
  expiredSignUpCutoff,
  findLogin,
  findProfileCompany,
  findResetTokenUser,
  isExpiredSignUp,
  markEmailVerified,
  type RecoveryCandidate,
  restoreRemovedLogin,
} from './recovery.repository.ts';
import { insertSecurityEvent } from './security-events.repository.ts';

export interface RecoveryMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

const pending = new Set<Promise<void>>();

/** Runs work after the answer has gone; failures are logged, never shown to the caller. */
function detached(logger: Logger, what: string, work: () => Promise<void>): void {
  const task = work()
    .catch((err: unknown) => logger.error({ err }, `${what} failed`))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves when every recovery mail asked for so far has been handled (tests, shutdown). */
export async function settleRecoveryTasks(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

/**
 * Counts one request against a limit per IP, when the IP is known, and per address, and refuses it
 * (429) when its own count is over either: counted first, in one statement each (ADR 0052), so that
 * of N simultaneous requests at most the limit go on. Reading the window and counting afterwards let
 * a burst of twelve all pass a limit of three on PostgreSQL. The IP first: a request it refuses does
 * not count for the address.
 */
async function limit(
  db: Db,
  keys: { email: [string, RateLimitRule]; ip: [string, RateLimitRule] },
  ipAddress: string | null,
  message: string,
): Promise<void> {
  // Requests made inside the process (tests) have no socket address.
  if (ipAddress) await reserveAttempt(db, `${keys.ip[0]}${ipAddress}`, keys.ip[1], message);
  await reserveAttempt(db, keys.email[0], keys.email[1], message);
}

// ---------- who the address belongs to ----------

/**
 * The company of a user's profile, null once removed. Profiles are tenant rows under forced RLS, so
 * they are read as app_user with only the user set (the policy lets a user see their own profile).
 */
export async function profileCompanyOf(db: Db, userId: string): Promise<string | null> {
  return withTenant(db, { companyId: '', userId, role: null }, (tx) => findProfileCompany(tx, userId));
}

/** The login of an address with its profile's company. */
export async function findRecoveryCandidate(db: Db, email: string): Promise<RecoveryCandidate | null> {
  const login = await findLogin(db, email);
  if (!login) return null;
  return { ...login, companyId: await profileCompanyOf(db, login.userId) };
}

/**
 * Releases an unverified sign-up past its 7 days (ADR 0055): its login goes (the profile, role and
 * permissions cascade), then the company its sign-up created, when nobody is left in it (as that
 * company's tenant, under the `companies_delete_empty` policy). Returns whether the login went.
 */
export async function releaseExpiredSignUp(
  db: Db,
  user: RecoveryCandidate,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isExpiredSignUp(user, now)) return false;
  if (!(await deleteExpiredLogin(db, user.userId, expiredSignUpCutoff(now)))) return false;
  const { companyId } = user;
  if (companyId) {
    await withTenant(db, { companyId, userId: null, role: null }, (tx) =>
      deleteCompanyIfEmpty(tx, companyId),
    );
  }
  return true;
}

// ---------- a new login for an address ----------

/** A login ready to be written: a new one, or a removed user's given back (ADR 0055). */
export interface PreparedLogin {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  /** The address belongs to a removed user: their login is given back, not created. */
  restore: boolean;
}

/**
 * Makes way for a login of `input.email`, before the caller's transaction: refused (409 with
 * `takenMessage`) while the address belongs to someone; a removed user's login is given back; an
 * unverified sign-up past its 7 days is released first (should it be verified meanwhile, the insert's
 * unique key refuses the address: callers map that to the same 409). The password is hashed here.
 */
export async function prepareLogin(
  deps: { db: Db; auth: Auth },
  input: { email: string; name: string; password: string },
  takenMessage: string,
): Promise<PreparedLogin> {
  const existing = await findRecoveryCandidate(deps.db, input.email);
  const expiredSignUp = existing !== null && isExpiredSignUp(existing);
  const removed = existing !== null && !expiredSignUp && existing.companyId === null;
  if (existing && !expiredSignUp && !removed) throw errors.conflict(takenMessage);
  if (existing && expiredSignUp) await releaseExpiredSignUp(deps.db, existing);
  return {
    userId: removed && existing ? existing.userId : randomUUID(),
    email: input.email,
    name: input.name,
    passwordHash: await (await deps.auth.$context).password.hash(input.password),
    restore: removed,
  };
}

/** Writes a prepared login in the caller's transaction, its address taken as verified. */
export async function writePreparedLogin(tx: Tx, login: PreparedLogin): Promise<void> {
  if (login.restore) {
    await restoreRemovedLogin(tx, {
      userId: login.userId,
      name: login.name,
      passwordHash: login.passwordHash,
    });
    return;
  }
  await insertCredentialUser(tx, {
    id: login.userId,
    name: login.name,
    email: login.email,
    passwordHash: login.passwordHash,
    emailVerified: true,
  });
}

// ---------- password reset ----------

/** POST /api/auth/request-password-reset: counted, answered, then (maybe) mailed. */
export async function requestPasswordReset(
  deps: { db: Db; auth: Auth; logger: Logger },
  email: string,
  meta: RecoveryMeta,
): Promise<void> {
  const { db, auth, logger } = deps;
  await limit(
    db,
    {
      email: [`reset:${email}`, RECOVERY_RATE_LIMITS.passwordResetPerEmail],
      ip: ['reset-ip:', RECOVERY_RATE_LIMITS.passwordResetPerIp],
    },
    meta.ipAddress,
    RECOVERY_MESSAGES.tooManyResetRequests,
  );
  detached(logger, 'password reset mail', async () => {
    const user = await findRecoveryCandidate(db, email);
    const sent = canRecoverPassword(user);
    if (sent) await auth.api.requestPasswordReset({ body: { email } });
    await insertSecurityEvent(db, {
      action: 'password_reset_requested',
      email,
      userId: user?.userId ?? null,
      companyId: user?.companyId ?? null,
      ...meta,
      metadata: { sent },
    });
  });
}

/**
 * An administrator sends a user of their company the reset email (they never see or set the
 * password). The user's address counts against the same per-email limit as the public form.
 */
export async function sendPasswordResetFor(
  deps: { db: Db; auth: Auth },
  user: { id: string; email: string; companyId: string },
  by: string,
  meta: RecoveryMeta,
): Promise<void> {
  const { db, auth } = deps;
  // Counted first, like the public form's (`limit`): a burst of clicks sends at most the limit.
  await reserveAttempt(
    db,
    `reset:${user.email}`,
    RECOVERY_RATE_LIMITS.passwordResetPerEmail,
    RECOVERY_MESSAGES.tooManyResetRequests,
  );
  await auth.api.requestPasswordReset({ body: { email: user.email } });
  await insertSecurityEvent(db, {
    action: 'password_reset_requested',
    email: user.email,
    userId: user.id,
    companyId: user.companyId,
    ...meta,
    metadata: { sent: true, by },
  });
}

const invalidLink = () =>
  errors.validation({ token: RECOVERY_MESSAGES.resetLinkInvalid }, RECOVERY_MESSAGES.resetLinkInvalid);

/**
 * POST /api/auth/reset-password: Better Auth checks and consumes the token (single use, in one
 * transaction with the new hash) and deletes every session; then the address counts as verified,
 * the first login as done (the user chose this password), other outstanding links die.
 */
export async function resetPassword(
  deps: { db: Db; auth: Auth },
  input: ResetPasswordRequest,
  meta: RecoveryMeta,
): Promise<void> {
  const { db, auth } = deps;
  if (meta.ipAddress) {
    await reserveAttempt(
      db,
      `reset-password-ip:${meta.ipAddress}`,
      RECOVERY_RATE_LIMITS.resetPasswordPerIp,
      RECOVERY_MESSAGES.tooManyResetRequests,
    );
  }
  const userId = await findResetTokenUser(db, input.token);
  if (!userId) throw invalidLink();
  const companyId = await profileCompanyOf(db, userId);
  if (!companyId) {
    // Removed from their company since the link was sent: no password comes back with it.
    await deleteResetTokens(db, userId);
    throw invalidLink();
  }
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (err) {
    if (err instanceof APIError && err.statusCode < 500) throw invalidLink();
    throw err;
  }
  await markEmailVerified(db, userId);
  await deleteResetTokens(db, userId);
  await withTenant(db, { companyId, userId, role: null }, (tx) => completeFirstLogin(tx, userId));
  await insertSecurityEvent(db, { action: 'password_reset', userId, companyId, ...meta });
}

// ---------- verification email ----------

/** POST /api/auth/send-verification-email: counted, answered, then (maybe) mailed. */
export async function resendVerification(
  deps: { db: Db; auth: Auth; logger: Logger },
  email: string,
  meta: RecoveryMeta,
): Promise<void> {
  const { db, auth, logger } = deps;
  await limit(
    db,
    {
      email: [`verify:${email}`, RECOVERY_RATE_LIMITS.verificationPerEmail],
      ip: ['verify-ip:', RECOVERY_RATE_LIMITS.verificationPerIp],
    },
    meta.ipAddress,
    RECOVERY_MESSAGES.tooManyVerificationRequests,
  );
  detached(logger, 'verification mail', async () => {
    const user = await findRecoveryCandidate(db, email);
    // Only a sign-up still waiting: not verified, in its company, within its 7 days.
    const sent = Boolean(user && !user.emailVerified && user.companyId && !isExpiredSignUp(user));
    if (sent) {
      await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/auth?verified=1' } });
    }
    await insertSecurityEvent(db, {
      action: 'verification_resent',
      email,
      userId: user?.userId ?? null,
      ...meta,
      metadata: { sent },
    });
  });
}
