import { z } from '@hono/zod-openapi';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonResponse } from '../../http/api-route.ts';
import { APP_VERSION } from '../../version.ts';
import { pingDatabase } from './health.repository.ts';

const healthySchema = z.object({ status: z.literal('ok'), db: z.literal('ok'), version: z.string() });
const unhealthySchema = z.object({
  status: z.literal('error'),
  db: z.literal('unavailable'),
  version: z.string(),
});

export function healthRoutes(db: Db) {
  return apiRouter().openapi(
    defineRoute({
      method: 'get',
      path: '/',
      summary: 'Liveness and database check',
      security: [],
      responses: {
        200: jsonResponse(healthySchema, 'The server and its database answer'),
        503: jsonResponse(unhealthySchema, 'The database does not answer'),
      },
    }),
    async (c) => {
      try {
        await pingDatabase(db);
        return c.json({ status: 'ok', db: 'ok', version: APP_VERSION } as const, 200);
      } catch (err) {
        c.get('logger').warn({ err }, 'health check: database unavailable');
        return c.json({ status: 'error', db: 'unavailable', version: APP_VERSION } as const, 503);
      }
    },
  );
}
