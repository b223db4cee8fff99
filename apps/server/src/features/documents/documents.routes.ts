import { documentUploadSchema, UPLOAD_BODY_MAX_BYTES } from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { type DocumentsDeps, uploadDocument } from './documents.service.ts';

/** /api/v1/documents: any member of the company may upload; the policy decides where it goes. */
export function documentsRoutes(deps: DocumentsDeps) {
  return new Hono<AppEnv>().post('/', requireRole('super_admin', 'admin', 'operative'), async (c) => {
    const input = await parseJsonBody(c, documentUploadSchema, UPLOAD_BODY_MAX_BYTES);
    const result = await uploadDocument(deps, c.get('principal'), {
      documentType: input.documentType,
      fileName: input.fileName,
      data: Buffer.from(input.fileData, 'base64'),
      contentType: input.contentType,
      department: input.department,
    });
    return c.json(result, 201);
  });
}
