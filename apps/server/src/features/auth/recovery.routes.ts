/**
 * Account recovery under /api/auth (ADR 0054), on Better Auth's standard paths but ours: rate limited
 * per email and per IP, the same answer whether or not the address has an account, and errors in the
 * contract's shape. Mounted before the pass-through to Better Auth.
 */
import {
  RECOVERY_MESSAGES,
  requestPasswordResetSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
} from '@hr/shared/auth/recovery.schemas';
import { type Context, Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { parseJsonBody } from '../../http/validate.ts';
import type { Auth } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { requestPasswordReset, resendVerification, resetPassword } from './recovery.service.ts';

export function recoveryRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean }) {
  const { db, auth, trustProxy } = deps;
  const meta = (c: Context<AppEnv>) => ({
    ipAddress: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });

  return new Hono<AppEnv>()
    .post('/request-password-reset', async (c) => {
      const { email } = await parseJsonBody(c, requestPasswordResetSchema);
      await requestPasswordReset({ db, auth, logger: c.get('logger') }, email, meta(c));
      return c.json({ message: RECOVERY_MESSAGES.resetRequested });
    })
    .post('/reset-password', async (c) => {
      const input = await parseJsonBody(c, resetPasswordRequestSchema);
      await resetPassword({ db, auth }, input, meta(c));
      return c.json({ message: RECOVERY_MESSAGES.resetDone });
    })
    .post('/send-verification-email', async (c) => {
      const { email } = await parseJsonBody(c, resendVerificationRequestSchema);
      await resendVerification({ db, auth, logger: c.get('logger') }, email, meta(c));
      return c.json({ message: RECOVERY_MESSAGES.verificationResent });
    });
}
