/**
 * GET /api/v1/security-events: the newest 100 security events of the signed-in user's company
 * (sign-ins, password and role changes, removals, and every developer switch into it). Super admins
 * (and developers, who pass every role gate) who may open Settings > User Management; read-only.
 */
import { securityEventsResponseSchema } from '@hr/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonResponse } from '../../http/api-route.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { getSecurityEvents } from './security-events.service.ts';

export function securityEventsRoutes(deps: { db: Db }) {
  return apiRouter(
    requireRole('super_admin'),
    requireSection('settings', 'view'),
    requireSection('user-management', 'view'),
  ).openapi(
    defineRoute({
      method: 'get',
      path: '/',
      summary: "The company's newest security events (super admins)",
      responses: { 200: jsonResponse(securityEventsResponseSchema, 'The events, newest first') },
    }),
    async (c) => c.json(await getSecurityEvents(deps.db, c.get('principal')), 200),
  );
}
