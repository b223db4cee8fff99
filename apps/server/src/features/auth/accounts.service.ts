/**
 * Login rows (Better Auth's user, account, session and verification tables) as other features
 * change them inside their own transaction: creating a user in settings, changing a password on
 * /me, restoring a removed login. Other features come here, never to the auth repositories
 * (ADR 0068).
 */
export {
  deleteOtherSessions,
  findCredentialPasswordHash,
  insertCredentialUser,
  updateCredentialPassword,
} from './auth.repository.ts';
export { insertProfileWithRole } from './provisioning.repository.ts';
export {
  deleteResetTokens,
  findLogins,
  isExpiredSignUp,
  restoreRemovedLogin,
} from './recovery.repository.ts';
