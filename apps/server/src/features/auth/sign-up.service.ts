/** Sign-up: one transaction creates the login, the company, its settings, the profile and the role. */
import { randomUUID } from 'node:crypto';
import type { SignUpRequest } from '@hr/shared/auth/auth.schemas';
import { MESSAGES } from '@hr/shared/errors';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enterTenant } from '../../db/tenant.ts';
import { errors } from '../../http/app-error.ts';
import { createFounderEmployeeRecord } from '../employees/employees.service.ts';
import { insertCredentialUser } from './auth.repository.ts';
import type { Auth } from './auth.ts';
import { insertCompanyWithDefaults, insertProfileWithRole } from './provisioning.repository.ts';
import { isExpiredSignUp } from './recovery.repository.ts';
import { findRecoveryCandidate, releaseExpiredSignUp } from './recovery.service.ts';

export async function signUp(
  db: Db,
  auth: Auth,
  input: SignUpRequest,
): Promise<{ userId: string; companyId: string }> {
  const existing = await findRecoveryCandidate(db, input.email);
  // An unverified sign-up past its 7 days no longer holds the address (ADR 0055).
  const expiredSignUp = existing !== null && isExpiredSignUp(existing);
  if (existing && !expiredSignUp) throw errors.conflict(MESSAGES.userAlreadyRegistered);
  if (existing && expiredSignUp) await releaseExpiredSignUp(db, existing);
  const passwordHash = await (await auth.$context).password.hash(input.password);
  const userId = randomUUID();
  const companyId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await insertCredentialUser(tx, {
        id: userId,
        name: input.name,
        email: input.email,
        passwordHash,
        emailVerified: false,
      });
      await enterTenant(tx, { companyId, userId, role: 'super_admin' });
      await insertCompanyWithDefaults(tx, { id: companyId, name: input.companyName });
      // The founder chose this password, so no forced change on first sign-in.
      await insertProfileWithRole(tx, {
        id: userId,
        companyId,
        email: input.email,
        fullName: input.name,
        firstLoginCompleted: true,
        role: 'super_admin',
      });
      await createFounderEmployeeRecord(tx, {
        companyId,
        userId,
        fullName: input.name,
        email: input.email,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(MESSAGES.userAlreadyRegistered);
    throw err;
  }
  await auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: '/auth?verified=1' } });
  return { userId, companyId };
}
