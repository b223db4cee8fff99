/**
 * /api/auth/*: sign-up is ours (one transaction for login + company), sign-in wraps Better Auth's with
 * the rate limits (counted before the password is checked), security events and the contract's error
 * shape; of Better Auth's other endpoints only those the product uses are reachable (ADR 0052).
 */

import type { z } from '@hono/zod-openapi';
import {
  emailSchema,
  signInRequestSchema,
  signInResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
} from '@hr/shared/auth/auth.schemas';
import { ERROR_CODES, MESSAGES } from '@hr/shared/errors';
import { leaverSignInMessage } from '@hr/shared/leave/leave.schemas';
import { IP_RATE_LIMIT_WINDOW_MS, RATE_LIMITS } from '@hr/shared/rate-limit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../../db/client.ts';
import {
  apiRouter,
  asDeclared,
  defineRoute,
  errorBodyComponent,
  jsonBody,
  jsonResponse,
  readJsonBody,
} from '../../http/api-route.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { errorBody } from '../../http/error-handler.ts';
import { assertNoNul } from '../../http/input-guards.ts';
import { validationError } from '../../http/validate.ts';
import { deleteUserSessions, findEndedEmployment } from './auth.repository.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { type Reservation, releaseAttempts, reserveAttempt } from './rate-limit.service.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { withoutTokens } from './response-tokens.ts';
import { insertSecurityEvent } from './security-events.repository.ts';
import { signUp } from './sign-up.service.ts';

/** Per-IP maxima (RATE_LIMIT_IP_SIGNIN, RATE_LIMIT_IP_SIGNUP), each per hour across emails. */
export interface IpRateLimits {
  signIn: number;
  signUp: number;
}

/**
 * The Better Auth endpoints the product uses besides sign-in and sign-up (which are ours): sign-out,
 * the verification link, and password reset and resending the verification mail. Every other one
 * (change-password, update-user, delete-user, list-sessions, get-session, ...) answers 404.
 */
const BETTER_AUTH_PATHS: readonly (string | RegExp)[] = [
  '/sign-out',
  '/verify-email',
  '/send-verification-email',
  '/request-password-reset',
  '/reset-password',
  /^\/reset-password\/[^/]+$/,
];

export function isExposedBetterAuthPath(path: string): boolean {
  return BETTER_AUTH_PATHS.some((p) => (typeof p === 'string' ? p === path : p.test(path)));
}

/** What a sign-in from a page at another address than PUBLIC_URL is answered (not "Invalid email or password"). */
export function originMismatchMessage(origin: string, publicOrigin: string): string {
  return `This page was opened at ${origin}, but the server only accepts sign-ins from ${publicOrigin} (PUBLIC_URL). Open ${publicOrigin} and sign in there.`;
}

/** The Origin header, or the Referer's origin when there is none; null when the client sent neither. */
function requestOrigin(c: Context<AppEnv>): string | null {
  const origin = c.req.header('origin');
  if (origin) return origin;
  const referer = c.req.header('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** The sign-up body's e-mail when it is one (the attempt is counted against it), else null. */
function signUpEmail(body: unknown): string | null {
  const email = emailSchema.safeParse((body as { email?: unknown } | null)?.email);
  return email.success ? email.data : null;
}

export function authRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean; ipRateLimits: IpRateLimits }) {
  const { db, auth, trustProxy, ipRateLimits } = deps;
  const app = apiRouter();
  const trustedOrigins = auth.options.trustedOrigins;
  const ipSignIn = { max: ipRateLimits.signIn, windowMs: IP_RATE_LIMIT_WINDOW_MS };
  const ipSignUp = { max: ipRateLimits.signUp, windowMs: IP_RATE_LIMIT_WINDOW_MS };

  const requestMeta = (c: Context<AppEnv>) => ({
    ipAddress: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });

  // Per IP across emails first, then per email, both before the body is validated: one address cannot
  // block the sign-up of many others, and malformed attempts count too.
  const signUpLimits = createMiddleware<AppEnv>(async (c, next) => {
    const meta = requestMeta(c);
    if (meta.ipAddress) {
      await reserveAttempt(db, `signup-ip:${meta.ipAddress}`, ipSignUp, MESSAGES.tooManySignups);
    }
    const email = signUpEmail(await readJsonBody(c));
    if (email) {
      await reserveAttempt(db, `signup:${email}`, RATE_LIMITS.signUp, MESSAGES.tooManySignups);
      await insertSecurityEvent(db, { action: 'signup_attempt', email, ...meta });
    }
    await next();
  });
  const failedSignUp = async (c: Context<AppEnv>, body: unknown, reason: string) => {
    const email = signUpEmail(body);
    if (email) {
      await insertSecurityEvent(db, {
        action: 'failed_signup',
        email,
        ...requestMeta(c),
        metadata: { reason },
      });
    }
  };

  // A body that fails validation is a failed sign-up of its e-mail too (read back from the body cache).
  const refuseSignUp = async (c: Context<AppEnv>, error: z.ZodError): Promise<never> => {
    const refusal = validationError(error);
    await failedSignUp(c, await c.req.json(), refusal.message);
    throw refusal;
  };

  app.openapi(
    defineRoute(
      {
        method: 'post',
        path: '/sign-up/email',
        summary: 'Sign up a company and its first user (Super Admin)',
        description: 'Sends a verification e-mail. Rate limited per e-mail address and per IP.',
        security: [],
        middleware: signUpLimits,
        request: { body: jsonBody(signUpRequestSchema) },
        responses: { 200: jsonResponse(signUpResponseSchema, 'Signed up; verification mail sent') },
      },
      { errors: [409, 429] },
    ),
    async (c) => {
      const input = c.req.valid('json');
      try {
        const { userId, companyId } = await signUp(db, auth, input);
        c.get('logger').info({ userId, companyId }, 'company signed up');
        return c.json({ status: 'verification_sent' as const, message: MESSAGES.signUpSuccess }, 200);
      } catch (err) {
        await failedSignUp(c, input, err instanceof Error ? err.message : 'unknown');
        throw err;
      }
    },
    (result, c) => (result.success ? undefined : refuseSignUp(c, result.error)),
  );

  app.openapi(
    defineRoute(
      {
        method: 'post',
        path: '/sign-in/email',
        summary: 'Sign in with e-mail and password',
        description: 'Sets the session cookie. Rate limited per e-mail address and per IP.',
        security: [],
        request: { body: jsonBody(signInRequestSchema) },
        responses: {
          200: jsonResponse(signInResponseSchema, 'Signed in: the session cookie is set'),
          401: jsonResponse(errorBodyComponent, 'Invalid email or password'),
          403: jsonResponse(
            errorBodyComponent,
            'E-mail not verified, a page at another origin, or a leaver from their end date',
          ),
        },
      },
      { errors: [429] },
    ),
    async (c) => {
      const input = c.req.valid('json');
      // A page opened at an address the server does not answer to (PUBLIC_URL) is told so, before any
      // attempt is counted: its sign-in would be refused whatever the password.
      const origin = requestOrigin(c);
      if (origin !== null && !trustedOrigins.includes(origin)) {
        return c.json(
          errorBody(ERROR_CODES.FORBIDDEN, originMismatchMessage(origin, trustedOrigins[0] ?? '')),
          403,
        );
      }
      const meta = requestMeta(c);
      // Both counts are taken before the password is checked, each in one statement, so that of any
      // number of simultaneous attempts only the limit's worth reach the check. A successful sign-in
      // gives them back (successful logins do not count, ADR 0003).
      const ipReservation = meta.ipAddress
        ? await reserveAttempt(db, `login-ip:${meta.ipAddress}`, ipSignIn, MESSAGES.tooManyLogins)
        : null;
      let emailReservation: Reservation;
      try {
        emailReservation = await reserveAttempt(
          db,
          `login:${input.email}`,
          RATE_LIMITS.login,
          MESSAGES.tooManyLogins,
        );
      } catch (err) {
        // Refused before any check: not a failed sign-in of this address.
        await releaseAttempts(db, [ipReservation]);
        throw err;
      }

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
        await releaseAttempts(db, [emailReservation, ipReservation]);
        // A leaver's login stops on their end date (ADR 0092): the right password gets a clear
        // refusal, not a session that every request then answers 401 (ADR 0093). The session Better
        // Auth just made is deleted and its cookie is not sent.
        const leftOn = payload.user?.id ? await findEndedEmployment(db, payload.user.id) : null;
        if (leftOn && payload.user?.id) {
          await deleteUserSessions(db, payload.user.id);
          await insertSecurityEvent(db, {
            action: 'failed_login',
            email: input.email,
            userId: payload.user.id,
            ...meta,
            metadata: { code: 'LEAVER', endDate: leftOn },
          });
          return c.json(errorBody(ERROR_CODES.FORBIDDEN, leaverSignInMessage(leftOn)), 403);
        }
        await insertSecurityEvent(db, {
          action: 'successful_login',
          email: input.email,
          userId: payload.user?.id ?? null,
          ...meta,
        });
        return asDeclared(signInResponseSchema, await withoutTokens(response));
      }
      const failure = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
      if (failure.code === 'INVALID_ORIGIN' || failure.code === 'MISSING_OR_NULL_ORIGIN') {
        // Better Auth refused the page's address, not the password: not a failed sign-in.
        await releaseAttempts(db, [emailReservation, ipReservation]);
        return c.json(
          errorBody(ERROR_CODES.FORBIDDEN, originMismatchMessage(origin ?? 'null', trustedOrigins[0] ?? '')),
          403,
        );
      }
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
    },
  );

  // Password reset and verification resend: ours, before the pass-through (ADR 0054).
  app.route('/', recoveryRoutes(deps));

  app.all('/*', async (c) => {
    if (!isExposedBetterAuthPath(c.req.path.slice('/api/auth'.length))) {
      return c.json(errorBody(ERROR_CODES.NOT_FOUND, MESSAGES.notFound), 404);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) {
      return withoutTokens(await auth.handler(new Request(c.req.raw, { headers })));
    }
    // Read once (the /api body limit has capped it): a NUL in any JSON text is a 400 here, as on
    // every other route, rather than a database error inside Better Auth.
    const text = await c.req.text();
    if ((headers.get('content-type') ?? '').includes('json') && text.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // Better Auth answers malformed JSON itself
      }
      assertNoNul(parsed);
    }
    return withoutTokens(
      await auth.handler(new Request(c.req.url, { method: c.req.method, headers, body: text })),
    );
  });

  return app;
}
