/** /api/v1/company: the company details screen (super_admin and developer only). */
import { companyDetailsRequestSchema } from '@hr/shared/company/company-details.schemas';
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { imageBodyLimit, readImageUpload } from '../../integrations/storage/image-upload.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import { getCompanyDetails, updateCompanyDetails, uploadCompanyLogo } from './company.service.ts';

export function companyRoutes(deps: { db: Db; storage: StoragePort }) {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      const { role } = c.get('principal');
      if (role !== 'developer' && role !== 'super_admin')
        throw errors.forbidden(COMPANY_MESSAGES.accessDenied);
      await next();
    })
    .get('/', async (c) => c.json(await getCompanyDetails(deps.db, c.get('principal'))))
    .put('/', async (c) => {
      const input = await parseJsonBody(c, companyDetailsRequestSchema);
      return c.json(await updateCompanyDetails(deps.db, c.get('principal'), input));
    })
    .post('/logo', imageBodyLimit, async (c) => {
      const file = await readImageUpload(c);
      return c.json(await uploadCompanyLogo(deps.db, deps.storage, c.get('principal'), file), 201);
    });
}
