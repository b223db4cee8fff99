/** /api/v1/companies: the Select Company dialog. Developers only; everyone else gets 403. */
import { switchCompanyRequestSchema } from '@hr/shared/company/company-details.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { clientIp } from '../auth/client-ip.ts';
import { getCompanies, switchCompany } from './companies.service.ts';

export function companiesRoutes(deps: { db: Db; trustProxy: boolean }) {
  return (
    new Hono<AppEnv>()
      // requireRole() with no roles lets only the developer through.
      .use('*', requireRole())
      .get('/', async (c) => c.json(await getCompanies(deps.db, c.get('principal'))))
      .post('/switch', async (c) => {
        const { companyId } = await parseJsonBody(c, switchCompanyRequestSchema);
        const result = await switchCompany(deps.db, c.get('principal'), companyId, {
          ipAddress: clientIp(c, deps.trustProxy),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return c.json(result);
      })
  );
}
