/** /api/v1/profile: the signed-in user's own profile, avatar and line-manager choices. */
import { updateProfileRequestSchema } from '@hr/shared/profile/profile.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { imageBodyLimit, readImageUpload } from '../../integrations/storage/image-upload.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import {
  getLineManagerOptions,
  getProfile,
  removeAvatar,
  updateProfile,
  uploadAvatar,
} from './profile.service.ts';

export function profileRoutes(deps: { db: Db; storage: StoragePort }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await getProfile(deps.db, c.get('principal'))))
    .put('/', async (c) => {
      const input = await parseJsonBody(c, updateProfileRequestSchema);
      return c.json(await updateProfile(deps.db, c.get('principal'), input));
    })
    .get('/line-manager-options', async (c) =>
      c.json(await getLineManagerOptions(deps.db, c.get('principal'))),
    )
    .post('/avatar', imageBodyLimit, async (c) => {
      const file = await readImageUpload(c);
      return c.json(await uploadAvatar(deps.db, deps.storage, c.get('principal'), file), 201);
    })
    .delete('/avatar', async (c) => c.json(await removeAvatar(deps.db, deps.storage, c.get('principal'))));
}
