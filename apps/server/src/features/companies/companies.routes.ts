/** /api/v1/companies: the Select Company dialog. Developers only; everyone else gets 403. */
import {
  companiesResponseSchema,
  switchCompanyRequestSchema,
  switchCompanyResponseSchema,
} from '@hr/shared/company/company-details.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { requireRole } from '../../http/session.ts';
import { clientIp } from '../auth/client-ip.ts';
import { getCompanies, switchCompany } from './companies.service.ts';

export function companiesRoutes(deps: { db: Db; trustProxy: boolean }) {
  // requireRole() with no roles lets only the developer through.
  return apiRouter(requireRole())
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'Companies a developer can switch to',
        responses: { 200: jsonResponse(companiesResponseSchema, 'The companies') },
      }),
      async (c) => c.json(await getCompanies(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/switch',
        summary: 'Switch to another company',
        request: { body: jsonBody(switchCompanyRequestSchema) },
        responses: { 200: jsonResponse(switchCompanyResponseSchema, 'The company switched to') },
      }),
      async (c) => {
        const result = await switchCompany(deps.db, c.get('principal'), c.req.valid('json').companyId, {
          ipAddress: clientIp(c, deps.trustProxy),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return c.json(result, 200);
      },
    );
}
