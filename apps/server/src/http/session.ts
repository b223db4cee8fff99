/** Resolves the session into a principal (user, company, role, levels); 401 without one. */
import type { AccessLevel } from '@hr/shared/permissions';
import { effectiveAccessLevel, hasAccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { findPrincipal } from '../features/auth/auth.repository.ts';
import type { Auth } from '../features/auth/auth.ts';
import type { AppEnv } from './app-env.ts';
import { errors } from './app-error.ts';

export function requireSession(deps: { db: Db; auth: Auth }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw errors.unauthenticated();
    const principalRow = await findPrincipal(deps.db, session.user.id);
    // A login without a profile (removed from its company) has no access to anything.
    if (!principalRow) throw errors.forbidden();
    const principal = {
      user: {
        id: session.user.id,
        email: session.user.email,
        emailVerified: session.user.emailVerified,
        name: session.user.name,
      },
      sessionId: session.session.id,
      companyId: principalRow.companyId,
      role: principalRow.role,
      levels: principalRow.levels,
    };
    c.set('principal', principal);
    await next();
  });
}

/** What a role or section gate demands; the security suite reads it off the router (`app.routes`). */
export type AccessRule =
  | { kind: 'role'; roles: readonly Role[] }
  | { kind: 'section'; section: string; level: AccessLevel };

const accessRules = new WeakMap<object, AccessRule>();

/** The gate a route handler enforces, when it is one made by `requireRole` or `requireSection`. */
export function accessRuleOf(handler: unknown): AccessRule | undefined {
  return typeof handler === 'function' ? accessRules.get(handler) : undefined;
}

export function requireRole(...roles: Role[]) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const { role } = c.get('principal');
    if (!role || (role !== 'developer' && !roles.includes(role))) throw errors.forbidden();
    await next();
  });
  accessRules.set(middleware, { kind: 'role', roles });
  return middleware;
}

export function requireSection(section: string, level: AccessLevel = 'view') {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.get('principal');
    const effective = effectiveAccessLevel(principal.role, section, principal.levels[section]);
    if (!hasAccessLevel(effective, level)) throw errors.forbidden();
    await next();
  });
  accessRules.set(middleware, { kind: 'section', section, level });
  return middleware;
}
