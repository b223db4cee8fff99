/**
 * GET /api/v1/security-events: the newest 100 security events of the signed-in user's company
 * (sign-ins, password and role changes, removals, and every developer switch into it). Super admins
 * (and developers, who pass every role gate) who may open Settings > User Management; read-only.
 */
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { getSecurityEvents } from './security-events.service.ts';

export function securityEventsRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>()
    .use(
      '*',
      requireRole('super_admin'),
      requireSection('settings', 'view'),
      requireSection('user-management', 'view'),
    )
    .get('/', async (c) => c.json(await getSecurityEvents(deps.db, c.get('principal'))));
}
