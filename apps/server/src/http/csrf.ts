/**
 * Cross-site request forgery guard for every state-changing API call. Sessions ride on a SameSite=Lax
 * cookie, and the API only speaks JSON (a cross-origin JSON call needs a CORS preflight we never
 * grant); this refuses what is left: a write whose Origin is another site, or that a browser marks
 * as cross-site. Browsers send Origin on every cross-origin POST; a call without one comes from a
 * non-browser client, which holds no victim's cookie.
 */
import { createMiddleware } from 'hono/factory';
import { errors } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';

export function csrfGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const ownOrigin = new URL(c.req.url).origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin) {
      throw errors.forbidden(CROSS_SITE_MESSAGE);
    }
    if (c.req.header('sec-fetch-site') === 'cross-site') throw errors.forbidden(CROSS_SITE_MESSAGE);
    return next();
  });
}
