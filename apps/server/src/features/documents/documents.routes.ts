import { z } from '@hono/zod-openapi';
import {
  documentFileQuerySchema,
  documentUploadResponseSchema,
  documentUploadSchema,
  UPLOAD_BODY_MAX_BYTES,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { requireRole } from '../../http/session.ts';
import { contentDisposition } from '../../integrations/storage/content-disposition.ts';
import { type DocumentsDeps, getDocument, uploadDocument } from './documents.service.ts';

/** /api/v1/documents: any member of the company may upload; the policy decides where it goes. */
export function documentsRoutes(deps: DocumentsDeps) {
  return apiRouter(requireRole('super_admin', 'admin', 'operative'))
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/',
          summary: "Store a document where its type's policy says (base64)",
          request: { body: jsonBody(documentUploadSchema) },
          responses: { 201: jsonResponse(documentUploadResponseSchema, 'Where it was stored') },
        },
        { errors: [409, 503], bodyLimit: UPLOAD_BODY_MAX_BYTES },
      ),
      async (c) => {
        const input = c.req.valid('json');
        const result = await uploadDocument(deps, c.get('principal'), {
          documentType: input.documentType,
          fileName: input.fileName,
          data: Buffer.from(input.fileData, 'base64'),
          contentType: input.contentType,
          department: input.department,
        });
        return c.json(result, 201);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'get',
          path: '/file',
          summary: 'Download a document of app storage under its uploaded name',
          request: { query: documentFileQuerySchema },
          responses: {
            200: {
              description: 'The file, as an attachment',
              content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
            },
          },
        },
        { errors: [404, 503] },
      ),
      async (c) => {
        const file = await getDocument(deps, c.get('principal'), c.req.valid('query').key);
        // A download under the name it was uploaded with, never a page that could run in our origin.
        c.header('Content-Type', file.contentType);
        c.header('Content-Disposition', contentDisposition('attachment', file.fileName));
        c.header('X-Content-Type-Options', 'nosniff');
        c.header('Content-Security-Policy', "default-src 'none'; sandbox");
        c.header('Cache-Control', 'private, no-store');
        return c.body(file.body as Uint8Array<ArrayBuffer>);
      },
    );
}
