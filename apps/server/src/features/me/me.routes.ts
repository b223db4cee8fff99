import { changePasswordRequestSchema } from '@hr/shared/auth/auth.schemas';
import { MESSAGES } from '@hr/shared/errors';
import { meResponseSchema } from '@hr/shared/me/me.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse, messageResponse } from '../../http/api-route.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import type { Auth } from '../auth/auth.ts';
import { clientIp } from '../auth/client-ip.ts';
import { changePassword, getMe } from './me.service.ts';

export function meRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean; readCache: ReadCache }) {
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'The signed-in user, company, role and section levels',
        middleware: cachedRead(deps.readCache, { dependsOn: ['people', 'company'] }),
        responses: { 200: jsonResponse(meResponseSchema, 'Me') },
      }),
      async (c) => c.json(await getMe(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/password',
        summary: 'Change my password',
        request: { body: jsonBody(changePasswordRequestSchema) },
        responses: { 200: messageResponse('Changed') },
      }),
      async (c) => {
        await changePassword(deps.db, deps.auth, c.get('principal'), c.req.valid('json'), {
          ipAddress: clientIp(c, deps.trustProxy),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return c.json({ message: MESSAGES.passwordUpdated }, 200);
      },
    );
}
