/** /api/v1/profile: the signed-in user's own profile, avatar and line-manager choices. */
import {
  lineManagerOptionsResponseSchema,
  profileSchema,
  updateProfileRequestSchema,
} from '@hr/shared/profile/profile.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { imageUploadRequest, readImageUpload } from '../../integrations/storage/image-upload.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import {
  getLineManagerOptions,
  getProfile,
  removeAvatar,
  updateProfile,
  uploadAvatar,
} from './profile.service.ts';

export function profileRoutes(deps: {
  db: Db;
  storage: StoragePort;
  /** After a change of line manager committed: the Slack message for each request it moved (ADR 0100). */
  onPendingRequest?: (companyId: string, requestId: string) => void;
}) {
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'My profile',
        responses: { 200: jsonResponse(profileSchema, 'My profile') },
      }),
      async (c) => c.json(await getProfile(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/',
        summary: 'Save my profile',
        request: { body: jsonBody(updateProfileRequestSchema) },
        responses: { 200: jsonResponse(profileSchema, 'The saved profile') },
      }),
      async (c) =>
        c.json(
          await updateProfile(deps.db, c.get('principal'), c.req.valid('json'), deps.onPendingRequest),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/line-manager-options',
        summary: 'Users I can choose as line manager',
        responses: { 200: jsonResponse(lineManagerOptionsResponseSchema, 'The users') },
      }),
      async (c) => c.json(await getLineManagerOptions(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/avatar',
        summary: 'Upload my avatar (PNG, JPEG, GIF or WebP, 2 MB at most)',
        ...imageUploadRequest(),
        responses: { 201: jsonResponse(profileSchema, 'The profile with its new avatar') },
      }),
      async (c) => {
        const file = await readImageUpload(c.req.valid('form').file);
        return c.json(await uploadAvatar(deps.db, deps.storage, c.get('principal'), file), 201);
      },
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/avatar',
        summary: 'Remove my avatar',
        responses: { 200: jsonResponse(profileSchema, 'The profile without avatar') },
      }),
      async (c) => c.json(await removeAvatar(deps.db, deps.storage, c.get('principal')), 200),
    );
}
