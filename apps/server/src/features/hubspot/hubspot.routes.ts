import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole } from '../../http/session.ts';

/** /api/v1/hubspot: only whether a HubSpot private-app token is configured; the token never leaves. */
export function hubspotRoutes(deps: { tokenConfigured: boolean }) {
  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin'))
    .get('/status', (c) => c.json({ configured: deps.tokenConfigured }));
}
