/**
 * /api/auth/*: sign-up is ours (one transaction for login + company), sign-in wraps Better Auth's with
 * the rate limits (counted before the password is checked), security events and the contract's error
 * shape; of Better Auth's other endpoints only those the product uses are reachable (ADR 0052).
 */

import { emailSchema, signInRequestSchema, signUpRequestSchema } from '@hr/shared/auth/auth.schemas';
import { ERROR_CODES, MESSAGES } from '@hr/shared/errors';
import { IP_RATE_LIMIT_WINDOW_MS, RATE_LIMITS } from '@hr/shared/rate-limit';
import { type Context, Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { errorBody } from '../../http/error-handler.ts';
import { assertNoNul } from '../../http/input-guards.ts';
import { parseWith, readJson } from '../../http/validate.ts';
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

export function authRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean; ipRateLimits: IpRateLimits }) {
  const { db, auth, trustProxy, ipRateLimits } = deps;
  const app = new Hono<AppEnv>();
  const trustedOrigins = auth.options.trustedOrigins;
  const ipSignIn = { max: ipRateLimits.signIn, windowMs: IP_RATE_LIMIT_WINDOW_MS };
  const ipSignUp = { max: ipRateLimits.signUp, windowMs: IP_RATE_LIMIT_WINDOW_MS };

  const requestMeta = (c: Context<AppEnv>) => ({
    ipAddress: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });

  app.post('/sign-up/email', async (c) => {
    const meta = requestMeta(c);
    // Per IP across emails first: one address cannot block the sign-up of many others.
    if (meta.ipAddress) {
      await reserveAttempt(db, `signup-ip:${meta.ipAddress}`, ipSignUp, MESSAGES.tooManySignups);
    }
    const body = await readJson(c);
    const email = emailSchema.safeParse((body as { email?: unknown })?.email);
    if (email.success) {
      await reserveAttempt(db, `signup:${email.data}`, RATE_LIMITS.signUp, MESSAGES.tooManySignups);
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
      await insertSecurityEvent(db, {
        action: 'successful_login',
        email: input.email,
        userId: payload.user?.id ?? null,
        ...meta,
      });
      return withoutTokens(response);
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
  });

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
