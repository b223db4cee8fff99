/**
 * /api/v1/company: the company details screen, super_admin and developer only (refused with the
 * screen's own Access Denied sentence), then the company-settings level: View to read, Admin to save
 * the details or replace or remove the logo (ADR 0057).
 */
import {
  companyDetailsRequestSchema,
  companyDetailsSchema,
  logoUploadResponseSchema,
} from '@hr/shared/company/company-details.schemas';
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { requireRoleWithMessage, requireSection } from '../../http/session.ts';
import { imageUploadRequest, readImageUpload } from '../../integrations/storage/image-upload.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import {
  getCompanyDetails,
  removeCompanyLogo,
  updateCompanyDetails,
  uploadCompanyLogo,
} from './company.service.ts';

export function companyRoutes(deps: { db: Db; storage: StoragePort }) {
  const view = requireSection('company-settings', 'view');
  const edit = requireSection('company-settings', 'admin');
  return apiRouter(requireRoleWithMessage(COMPANY_MESSAGES.accessDenied, 'super_admin'))
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'Company details',
        middleware: view,
        responses: { 200: jsonResponse(companyDetailsSchema, 'The details') },
      }),
      async (c) => c.json(await getCompanyDetails(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/',
        summary: 'Save company details',
        middleware: edit,
        request: { body: jsonBody(companyDetailsRequestSchema) },
        responses: { 200: jsonResponse(companyDetailsSchema, 'The saved details') },
      }),
      async (c) => c.json(await updateCompanyDetails(deps.db, c.get('principal'), c.req.valid('json')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/logo',
        summary: 'Upload the company logo (PNG, JPEG, GIF or WebP, 2 MB at most)',
        ...imageUploadRequest(edit),
        responses: { 201: jsonResponse(logoUploadResponseSchema, 'The new logo') },
      }),
      async (c) => {
        const file = await readImageUpload(c.req.valid('form').file);
        return c.json(await uploadCompanyLogo(deps.db, deps.storage, c.get('principal'), file), 201);
      },
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/logo',
        summary: 'Remove the company logo',
        middleware: edit,
        responses: { 200: jsonResponse(companyDetailsSchema, 'The details without a logo') },
      }),
      async (c) => c.json(await removeCompanyLogo(deps.db, deps.storage, c.get('principal')), 200),
    );
}
