/**
 * /api/v1/company: the company details screen, super_admin and developer only (refused with the spec's
 * own Access Denied sentence), then the company-settings level: View to read, Admin to save the details
 * or replace the logo.
 */
import { companyDetailsRequestSchema } from '@hr/shared/company/company-details.schemas';
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRoleWithMessage, requireSection } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { imageBodyLimit, readImageUpload } from '../../integrations/storage/image-upload.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import { getCompanyDetails, updateCompanyDetails, uploadCompanyLogo } from './company.service.ts';

export function companyRoutes(deps: { db: Db; storage: StoragePort }) {
  const view = requireSection('company-settings', 'view');
  const edit = requireSection('company-settings', 'admin');
  return new Hono<AppEnv>()
    .use('*', requireRoleWithMessage(COMPANY_MESSAGES.accessDenied, 'super_admin'))
    .get('/', view, async (c) => c.json(await getCompanyDetails(deps.db, c.get('principal'))))
    .put('/', edit, async (c) => {
      const input = await parseJsonBody(c, companyDetailsRequestSchema);
      return c.json(await updateCompanyDetails(deps.db, c.get('principal'), input));
    })
    .post('/logo', edit, imageBodyLimit, async (c) => {
      const file = await readImageUpload(c);
      return c.json(await uploadCompanyLogo(deps.db, deps.storage, c.get('principal'), file), 201);
    });
}
