/**
 * /api/v1/settings/audit-events: the audit trail (ADR 0102), read-only. Super admins (and developers)
 * with Settings at View: mounted after the Settings router, whose gates (super admin, Settings at
 * View) run first for every /settings/* path, as for the calendar days. No route changes a row.
 */
import { z } from '@hono/zod-openapi';
import { auditPageSchema, auditQuerySchema } from '@hr/shared/audit/audit.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonResponse } from '../../http/api-route.ts';
import { csvAttachment } from '../../http/csv.ts';
import { exportAuditCsv, getAuditPage } from './audit.service.ts';

export function auditRoutes(deps: { db: Db }) {
  const { db } = deps;
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'The audit trail, newest first, filtered by person, kind and dates (UTC days)',
        request: { query: auditQuerySchema },
        responses: { 200: jsonResponse(auditPageSchema, 'One page of the trail') },
      }),
      async (c) => {
        const { page, ...filter } = c.req.valid('query');
        return c.json(await getAuditPage(db, c.get('principal'), filter, page), 200);
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/export',
        summary: 'The filtered audit trail as CSV (formula cells escaped)',
        request: { query: auditQuerySchema },
        responses: {
          200: {
            description: 'A CSV attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      }),
      async (c) => {
        const { page: _page, ...filter } = c.req.valid('query');
        const csv = await exportAuditCsv(db, c.get('principal'), filter);
        const day = new Date().toISOString().slice(0, 10);
        return csvAttachment(c, `audit-trail-${day}.csv`, csv);
      },
    );
}
