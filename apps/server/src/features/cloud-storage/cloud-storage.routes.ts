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
import { requireRole, requireSection } from '../../http/session.ts';
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

/**
 * /api/v1/cloud-storage: company-wide settings (spec: company settings include cloud storage), so Super
 * Admins (and developers) with Settings open and the company-settings level each action needs: View to
 * read, Admin to change the switch, a policy or a provider connection, Full to create folders and files.
 */
export function cloudStorageRoutes(deps: CloudStorageDeps) {
  const view = requireSection('company-settings', 'view');
  const edit = requireSection('company-settings', 'admin');
  const create = requireSection('company-settings', 'full');
  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin'), requireSection('settings', 'view'))
    .get('/', view, async (c) => c.json(await getCloudStorageSettings(deps, c.get('principal'))))
    .put('/enabled', edit, async (c) => {
      const { enabled } = await parseJsonBody(c, setCloudStorageEnabledSchema);
      await setEnabled(deps, c.get('principal'), enabled);
      return c.json({ enabled });
    })
    .put('/policies/:documentType', edit, async (c) => {
      const input = await parseJsonBody(c, updatePolicySchema);
      return c.json(await updatePolicy(deps, c.get('principal'), c.req.param('documentType'), input));
    })
    .post('/oauth/complete', edit, async (c) => {
      const input = await parseJsonBody(c, oauthCompleteRequestSchema);
      return c.json(await completeCloudOauth(deps, c.get('principal'), input));
    })
    .post('/:provider/auth-url', edit, async (c) =>
      c.json({
        authUrl: await createCloudAuthUrl(deps, c.get('principal'), providerParam(c.req.param('provider'))),
      }),
    )
    .post('/:provider/folders', create, async (c) => {
      const provider = providerParam(c.req.param('provider'));
      const { folderPath } = await parseJsonBody(c, cloudCreateFolderSchema);
      return c.json(await cloudCreateFolder(deps, c.get('principal'), provider, folderPath), 201);
    })
    .post('/:provider/files', create, async (c) => {
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
