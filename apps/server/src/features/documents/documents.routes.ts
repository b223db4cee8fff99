import {
  documentFileQuerySchema,
  documentUploadSchema,
  UPLOAD_BODY_MAX_BYTES,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole } from '../../http/session.ts';
import { parseJsonBody, parseQuery } from '../../http/validate.ts';
import { contentDisposition } from '../../integrations/storage/content-disposition.ts';
import { type DocumentsDeps, getDocument, uploadDocument } from './documents.service.ts';

const anyMember = () => requireRole('super_admin', 'admin', 'operative');

/** /api/v1/documents: any member of the company may upload; the policy decides where it goes. */
export function documentsRoutes(deps: DocumentsDeps) {
  return new Hono<AppEnv>()
    .post('/', anyMember(), async (c) => {
      const input = await parseJsonBody(c, documentUploadSchema, UPLOAD_BODY_MAX_BYTES);
      const result = await uploadDocument(deps, c.get('principal'), {
        documentType: input.documentType,
        fileName: input.fileName,
        data: Buffer.from(input.fileData, 'base64'),
        contentType: input.contentType,
        department: input.department,
      });
      return c.json(result, 201);
    })
    .get('/file', anyMember(), async (c) => {
      const { key } = parseQuery(c, documentFileQuerySchema);
      const file = await getDocument(deps, c.get('principal'), key);
      // A download under the name it was uploaded with, never a page that could run in our origin.
      c.header('Content-Type', file.contentType);
      c.header('Content-Disposition', contentDisposition('attachment', file.fileName));
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Content-Security-Policy', "default-src 'none'; sandbox");
      c.header('Cache-Control', 'private, no-store');
      return c.body(file.body as Uint8Array<ArrayBuffer>);
    });
}
