import { hubspotStatusResponseSchema } from '@hr/shared/hubspot/hubspot.schemas';
import { apiRouter, defineRoute, jsonResponse } from '../../http/api-route.ts';
import { requireRole } from '../../http/session.ts';

/** /api/v1/hubspot: only whether a HubSpot private-app token is configured; the token never leaves. */
export function hubspotRoutes(deps: { tokenConfigured: boolean }) {
  return apiRouter(requireRole('super_admin')).openapi(
    defineRoute({
      method: 'get',
      path: '/status',
      summary: 'Whether a HubSpot token is configured',
      responses: { 200: jsonResponse(hubspotStatusResponseSchema, 'The status') },
    }),
    (c) => c.json({ configured: deps.tokenConfigured }, 200),
  );
}
