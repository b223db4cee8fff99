/** Resolves the session into a principal (user, company, role, levels); 401 without one. */
import type { AccessLevel, SectionId } from '@hr/shared/permissions';
import { effectiveAccessLevel, hasAccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { findSessionPrincipal } from '../features/auth/auth.repository.ts';
import type { Auth } from '../features/auth/auth.ts';
import { clientIp } from '../features/auth/client-ip.ts';
import { sessionNeedsRefresh, verifiedSessionToken } from '../features/auth/session-token.ts';
import type { AppEnv } from './app-env.ts';
import { errors } from './app-error.ts';

const sessionGuards = new WeakSet<object>();

/**
 * One round trip per request (ADR 0043): the signed cookie is checked here, then one statement reads
 * the session, its user and principal. Better Auth only runs when it would extend the session (once a
 * day per session), so its sliding expiry is kept.
 */
export function requireSession(deps: { db: Db; auth: Auth; trustProxy?: boolean }) {
  const settings = deps.auth.$context.then((ctx) => ({
    secret: ctx.secret,
    cookieName: ctx.authCookies.sessionToken.name,
    sessionConfig: ctx.sessionConfig,
  }));
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const { secret, cookieName, sessionConfig } = await settings;
    const token = verifiedSessionToken(getCookie(c, cookieName), secret);
    const row = token ? await findSessionPrincipal(deps.db, token) : null;
    if (!row) throw errors.unauthenticated();
    // A login without a profile (removed from its company) has no access to anything.
    if (!row.companyId) throw errors.forbidden();
    // Until the temporary password is changed, only the change itself and /me are served (sign-out
    // is Better Auth's, outside /api/v1): ADR 0052.
    const mustChangePassword = row.firstLoginCompleted === false;
    if (mustChangePassword && !allowedBeforePasswordChange(c.req.method, c.req.path)) {
      throw errors.passwordChangeRequired();
    }
    if (sessionNeedsRefresh(row.expiresAt, sessionConfig)) {
      await deps.auth.api.getSession({ headers: c.req.raw.headers });
    }
    c.set('principal', {
      user: row.user,
      sessionId: row.sessionId,
      companyId: row.companyId,
      role: row.role,
      levels: row.levels,
      dataVersions: row.dataVersions,
      mustChangePassword,
      ipAddress: clientIp(c, deps.trustProxy ?? false),
    });
    await next();
  });
  sessionGuards.add(middleware);
  return middleware;
}

/** What a user who must still change a temporary password may call: read /me, change the password. */
export function allowedBeforePasswordChange(method: string, path: string): boolean {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (
    ((method === 'GET' || method === 'HEAD') && p === '/api/v1/me') ||
    (method === 'POST' && p === '/api/v1/me/password')
  );
}

/** Whether a router entry is the session middleware; the OpenAPI document reads it off `app.routes`. */
export function isSessionGuard(handler: unknown): boolean {
  return typeof handler === 'function' && sessionGuards.has(handler);
}

/** What a role or section gate demands; the security suite reads it off the router (`app.routes`). */
export type AccessRule =
  | { kind: 'role'; roles: readonly Role[]; message?: string }
  | { kind: 'section'; section: SectionId; level: AccessLevel };

const accessRules = new WeakMap<object, AccessRule>();

/** The gate a route handler enforces, when it is one made by `requireRole` or `requireSection`. */
export function accessRuleOf(handler: unknown): AccessRule | undefined {
  return typeof handler === 'function' ? accessRules.get(handler) : undefined;
}

/** Lets the developer and the given roles through; anyone else gets 403. */
export function requireRole(...roles: Role[]) {
  return roleGate(roles);
}

/** `requireRole` refusing with a message of its own (a screen the spec words its own denial for). */
export function requireRoleWithMessage(message: string, ...roles: Role[]) {
  return roleGate(roles, message);
}

function roleGate(roles: readonly Role[], message?: string) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const { role } = c.get('principal');
    if (!role || (role !== 'developer' && !roles.includes(role))) throw errors.forbidden(message);
    await next();
  });
  accessRules.set(
    middleware,
    message === undefined ? { kind: 'role', roles } : { kind: 'role', roles, message },
  );
  return middleware;
}

export function requireSection(section: SectionId, level: AccessLevel = 'view') {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.get('principal');
    const effective = effectiveAccessLevel(principal.role, section, principal.levels[section]);
    if (!hasAccessLevel(effective, level)) throw errors.forbidden();
    await next();
  });
  accessRules.set(middleware, { kind: 'section', section, level });
  return middleware;
}
