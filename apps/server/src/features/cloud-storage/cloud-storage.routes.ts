import { z } from '@hono/zod-openapi';
import {
  CLOUD_PROVIDERS,
  cloudAuthUrlResponseSchema,
  cloudCreateFolderSchema,
  cloudItemResponseSchema,
  cloudOauthCompleteResponseSchema,
  cloudStorageSettingsSchema,
  cloudUploadSchema,
  documentPolicySchema,
  setCloudStorageEnabledSchema,
  UPLOAD_BODY_MAX_BYTES,
  updatePolicySchema,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { oauthCompleteRequestSchema } from '@hr/shared/slack/slack.schemas';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import {
  type CloudStorageDeps,
  cloudCreateFolder,
  cloudUpload,
  completeCloudOauth,
  createCloudAuthUrl,
  getCloudStorageSettings,
  setEnabled,
  updatePolicy,
} from './cloud-storage.service.ts';

/** `{provider}`: a provider this server knows, else 404. */
const providerParams = z.object({ provider: z.enum(CLOUD_PROVIDERS, { error: 'Unknown cloud provider.' }) });
/** `{documentType}`: checked by the service (404 for an unknown type). */
const documentTypeParams = z.object({ documentType: z.string() });

/**
 * /api/v1/cloud-storage: company-wide settings (company settings include cloud storage), so Super
 * Admins (and developers) with Settings open and the company-settings level each action needs: View to
 * read, Admin to change the switch, a policy or a provider connection, Full to create folders and files.
 */
export function cloudStorageRoutes(deps: CloudStorageDeps) {
  const view = requireSection('company-settings', 'view');
  const edit = requireSection('company-settings', 'admin');
  const create = requireSection('company-settings', 'full');
  return apiRouter(requireRole('super_admin'), requireSection('settings', 'view'))
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'Cloud storage settings, providers and policies',
        middleware: view,
        responses: { 200: jsonResponse(cloudStorageSettingsSchema, 'The settings') },
      }),
      async (c) => c.json(await getCloudStorageSettings(deps, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/enabled',
        summary: 'Switch cloud storage on or off',
        middleware: edit,
        request: { body: jsonBody(setCloudStorageEnabledSchema) },
        // The answer is the new switch, the same shape as the request.
        responses: { 200: jsonResponse(setCloudStorageEnabledSchema, 'The switch') },
      }),
      async (c) => {
        const { enabled } = c.req.valid('json');
        await setEnabled(deps, c.get('principal'), enabled);
        return c.json({ enabled }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/policies/{documentType}',
        summary: 'Set where a document type is stored',
        middleware: edit,
        request: { params: documentTypeParams, body: jsonBody(updatePolicySchema) },
        responses: { 200: jsonResponse(documentPolicySchema, 'The policy') },
      }),
      async (c) =>
        c.json(
          await updatePolicy(
            deps,
            c.get('principal'),
            c.req.valid('param').documentType,
            c.req.valid('json'),
          ),
          200,
        ),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/oauth/complete',
          summary: 'Finish connecting a cloud drive',
          middleware: edit,
          request: { body: jsonBody(oauthCompleteRequestSchema) },
          responses: { 200: jsonResponse(cloudOauthCompleteResponseSchema, 'Connected') },
        },
        { errors: [503] },
      ),
      async (c) => c.json(await completeCloudOauth(deps, c.get('principal'), c.req.valid('json')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/{provider}/auth-url',
          summary: 'Start connecting a cloud drive (consent URL)',
          middleware: edit,
          request: { params: providerParams },
          responses: { 200: jsonResponse(cloudAuthUrlResponseSchema, 'The consent page') },
        },
        { errors: [503] },
      ),
      async (c) =>
        c.json(
          { authUrl: await createCloudAuthUrl(deps, c.get('principal'), c.req.valid('param').provider) },
          200,
        ),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/{provider}/folders',
          summary: 'Create a folder on a cloud drive',
          middleware: create,
          request: { params: providerParams, body: jsonBody(cloudCreateFolderSchema) },
          responses: { 201: jsonResponse(cloudItemResponseSchema, 'The folder') },
        },
        { errors: [409, 503] },
      ),
      async (c) => {
        const { provider } = c.req.valid('param');
        const { folderPath } = c.req.valid('json');
        return c.json(await cloudCreateFolder(deps, c.get('principal'), provider, folderPath), 201);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/{provider}/files',
          summary: 'Upload a file to a cloud drive (base64)',
          middleware: create,
          request: { params: providerParams, body: jsonBody(cloudUploadSchema) },
          responses: { 201: jsonResponse(cloudItemResponseSchema, 'The file') },
        },
        { errors: [409, 503], bodyLimit: UPLOAD_BODY_MAX_BYTES },
      ),
      async (c) => {
        const input = c.req.valid('json');
        const result = await cloudUpload(deps, c.get('principal'), c.req.valid('param').provider, {
          folderPath: input.folderPath,
          fileName: input.fileName,
          data: Buffer.from(input.fileData, 'base64'),
          contentType: 'application/octet-stream',
        });
        return c.json(result, 201);
      },
    );
}
