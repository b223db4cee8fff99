/**
 * /api/v1/reports (ADR 0098): super admins only (a developer passes every role gate). Each report as
 * JSON for the Reports tab and as a spreadsheet-safe CSV download with the same rows.
 */
import { z } from '@hono/zod-openapi';
import {
  balancesReportQuerySchema,
  balancesReportSchema,
  requestsReportQuerySchema,
  requestsReportSchema,
} from '@hr/shared/leave/reports.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonResponse } from '../../http/api-route.ts';
import { csvAttachment, toCsv } from '../../http/csv.ts';
import { requireRole } from '../../http/session.ts';
import { balanceCsvRows, balancesReport, requestCsvRows, requestsReport } from './reports.service.ts';

const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

export function reportsRoutes(deps: { db: Db }) {
  const { db } = deps;
  return apiRouter(requireRole('super_admin'))
    .openapi(
      defineRoute({
        method: 'get',
        path: '/balances',
        summary: "Every employee's balance of a holiday year (?year=YYYY, default the current one)",
        request: { query: balancesReportQuerySchema },
        responses: { 200: jsonResponse(balancesReportSchema, 'The balances') },
      }),
      async (c) => c.json(await balancesReport(db, c.get('principal'), c.req.valid('query')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/balances.csv',
        summary: 'The balances report as CSV',
        request: { query: balancesReportQuerySchema },
        responses: { 200: csvResponse('The balances, as an attachment') },
      }),
      async (c) => {
        const report = await balancesReport(db, c.get('principal'), c.req.valid('query'));
        return csvAttachment(c, `balances-${report.yearStart}.csv`, toCsv(balanceCsvRows(report)));
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/requests',
        summary:
          'Every request of a period with its status and decision (?from=&to=, default the current holiday year)',
        request: { query: requestsReportQuerySchema },
        responses: { 200: jsonResponse(requestsReportSchema, 'The requests') },
      }),
      async (c) => c.json(await requestsReport(db, c.get('principal'), c.req.valid('query')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/requests.csv',
        summary: 'The requests report as CSV',
        request: { query: requestsReportQuerySchema },
        responses: { 200: csvResponse('The requests, as an attachment') },
      }),
      async (c) => {
        const report = await requestsReport(db, c.get('principal'), c.req.valid('query'));
        return csvAttachment(c, `requests-${report.from}-to-${report.to}.csv`, toCsv(requestCsvRows(report)));
      },
    );
}
