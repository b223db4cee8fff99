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
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, messageResponse } from '../../http/api-route.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { Auth } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { requestPasswordReset, resendVerification, resetPassword } from './recovery.service.ts';

export function recoveryRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean }) {
  const { db, auth, trustProxy } = deps;
  const meta = (c: Context<AppEnv>) => ({
    ipAddress: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });

  return apiRouter()
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/request-password-reset',
          summary: 'Email a password reset link',
          description:
            'The same answer whether or not the address has an account; the link (one hour, single use) is mailed afterwards. Rate limited per e-mail address and per IP.',
          security: [],
          request: { body: jsonBody(requestPasswordResetSchema) },
          responses: { 200: messageResponse('Requested') },
        },
        { errors: [429] },
      ),
      async (c) => {
        await requestPasswordReset({ db, auth, logger: c.get('logger') }, c.req.valid('json').email, meta(c));
        return c.json({ message: RECOVERY_MESSAGES.resetRequested }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/reset-password',
          summary: 'Set a new password with a reset link',
          description: 'Consumes the token and signs the user out everywhere. Rate limited per IP.',
          security: [],
          request: { body: jsonBody(resetPasswordRequestSchema) },
          responses: { 200: messageResponse('Reset') },
        },
        { errors: [429] },
      ),
      async (c) => {
        await resetPassword({ db, auth }, c.req.valid('json'), meta(c));
        return c.json({ message: RECOVERY_MESSAGES.resetDone }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/send-verification-email',
          summary: 'Send the verification e-mail again',
          description:
            'The same answer whether or not the address waits for verification. Rate limited per e-mail address and per IP.',
          security: [],
          request: { body: jsonBody(resendVerificationRequestSchema) },
          responses: { 200: messageResponse('Sent') },
        },
        { errors: [429] },
      ),
      async (c) => {
        await resendVerification({ db, auth, logger: c.get('logger') }, c.req.valid('json').email, meta(c));
        return c.json({ message: RECOVERY_MESSAGES.verificationResent }, 200);
      },
    );
}
