import {
  CLOUD_PROVIDERS,
  type CloudProvider,
  cloudCreateFolderSchema,
  cloudUploadSchema,
  setCloudStorageEnabledSchema,
  UPLOAD_BODY_MAX_BYTES,
  updatePolicySchema,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { oauthCompleteRequestSchema } from '@hr/shared/slack/slack.schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { requireRole } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
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

function providerParam(value: string): CloudProvider {
  if (!(CLOUD_PROVIDERS as readonly string[]).includes(value))
    throw errors.notFound('Unknown cloud provider.');
  return value as CloudProvider;
}

/** /api/v1/cloud-storage: company-wide settings, so Super Admins (and developers) only. */
export function cloudStorageRoutes(deps: CloudStorageDeps) {
  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin'))
    .get('/', async (c) => c.json(await getCloudStorageSettings(deps, c.get('principal'))))
    .put('/enabled', async (c) => {
      const { enabled } = await parseJsonBody(c, setCloudStorageEnabledSchema);
      await setEnabled(deps, c.get('principal'), enabled);
      return c.json({ enabled });
    })
    .put('/policies/:documentType', async (c) => {
      const input = await parseJsonBody(c, updatePolicySchema);
      return c.json(await updatePolicy(deps, c.get('principal'), c.req.param('documentType'), input));
    })
    .post('/oauth/complete', async (c) => {
      const input = await parseJsonBody(c, oauthCompleteRequestSchema);
      return c.json(await completeCloudOauth(deps, c.get('principal'), input));
    })
    .post('/:provider/auth-url', async (c) =>
      c.json({
        authUrl: await createCloudAuthUrl(deps, c.get('principal'), providerParam(c.req.param('provider'))),
      }),
    )
    .post('/:provider/folders', async (c) => {
      const provider = providerParam(c.req.param('provider'));
      const { folderPath } = await parseJsonBody(c, cloudCreateFolderSchema);
      return c.json(await cloudCreateFolder(deps, c.get('principal'), provider, folderPath), 201);
    })
    .post('/:provider/files', async (c) => {
      const provider = providerParam(c.req.param('provider'));
      const input = await parseJsonBody(c, cloudUploadSchema, UPLOAD_BODY_MAX_BYTES);
      const data = Buffer.from(input.fileData, 'base64');
      const result = await cloudUpload(deps, c.get('principal'), provider, {
        folderPath: input.folderPath,
        fileName: input.fileName,
        data,
        contentType: 'application/octet-stream',
      });
      return c.json(result, 201);
    });
}
