/**
 * /api/auth/*: Better Auth's endpoints, with sign-up ours (one transaction for login + company) and
 * sign-in wrapped by the per-email rate limit, security events and the contract's error shape.
 */

import { emailSchema, signInRequestSchema, signUpRequestSchema } from '@hr/shared/auth/auth.schemas';
import { ERROR_CODES, MESSAGES } from '@hr/shared/errors';
import { RATE_LIMITS } from '@hr/shared/rate-limit';
import { type Context, Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { errorBody } from '../../http/error-handler.ts';
import { parseWith, readJson } from '../../http/validate.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { assertWithinLimit, countAttempt } from './rate-limit.service.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { insertSecurityEvent } from './security-events.repository.ts';
import { signUp } from './sign-up.service.ts';

export function authRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean }) {
  const { db, auth, trustProxy } = deps;
  const app = new Hono<AppEnv>();

  const requestMeta = (c: Context<AppEnv>) => ({
    ipAddress: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });

  app.post('/sign-up/email', async (c) => {
    const body = await readJson(c);
    const meta = requestMeta(c);
    const email = emailSchema.safeParse((body as { email?: unknown })?.email);
    if (email.success) {
      await assertWithinLimit(db, `signup:${email.data}`, RATE_LIMITS.signUp, MESSAGES.tooManySignups);
      await countAttempt(db, `signup:${email.data}`, RATE_LIMITS.signUp);
      await insertSecurityEvent(db, { action: 'signup_attempt', email: email.data, ...meta });
    }
    try {
      const input = parseWith(signUpRequestSchema, body);
      const { userId, companyId } = await signUp(db, auth, input);
      c.get('logger').info({ userId, companyId }, 'company signed up');
      return c.json({ status: 'verification_sent', message: MESSAGES.signUpSuccess });
    } catch (err) {
      if (email.success) {
        const reason = err instanceof Error ? err.message : 'unknown';
        await insertSecurityEvent(db, {
          action: 'failed_signup',
          email: email.data,
          ...meta,
          metadata: { reason },
        });
      }
      throw err;
    }
  });

  app.post('/sign-in/email', async (c) => {
    const input = parseWith(signInRequestSchema, await readJson(c));
    const meta = requestMeta(c);
    const key = `login:${input.email}`;
    await assertWithinLimit(db, key, RATE_LIMITS.login, MESSAGES.tooManyLogins);

    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    headers.delete(CLIENT_IP_HEADER);
    if (meta.ipAddress) headers.set(CLIENT_IP_HEADER, meta.ipAddress);
    const response = await auth.handler(
      new Request(c.req.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email: input.email,
          password: input.password,
          rememberMe: input.rememberMe ?? true,
        }),
      }),
    );

    if (response.ok) {
      const payload = (await response.clone().json()) as { user?: { id?: string } };
      await insertSecurityEvent(db, {
        action: 'successful_login',
        email: input.email,
        userId: payload.user?.id ?? null,
        ...meta,
      });
      return response;
    }
    await countAttempt(db, key, RATE_LIMITS.login);
    const failure = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    await insertSecurityEvent(db, {
      action: 'failed_login',
      email: input.email,
      ...meta,
      metadata: { code: failure.code },
    });
    if (failure.code === 'EMAIL_NOT_VERIFIED') {
      return c.json(errorBody(ERROR_CODES.FORBIDDEN, MESSAGES.emailNotVerified), 403);
    }
    return c.json(errorBody(ERROR_CODES.UNAUTHENTICATED, MESSAGES.invalidCredentials), 401);
  });

  // Password reset and verification resend: ours, before the pass-through (ADR 0054).
  app.route('/', recoveryRoutes(deps));

  app.all('/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  return app;
}
