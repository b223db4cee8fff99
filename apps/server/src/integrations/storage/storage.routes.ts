/** GET /api/storage/:bucket/*: serves objects of public buckets (logos, avatars) without a session. */

import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '@hr/shared/errors';
import { apiRouter, defineRoute } from '../../http/api-route.ts';
import { errorBody } from '../../http/error-handler.ts';
import { isPublicBucket, isSafeObjectPath } from './object-keys.ts';
import type { StoragePort } from './storage-port.ts';

/**
 * The object key may hold slashes, so the route is served on Hono's `/:bucket/*` and declared in the
 * document as `/{bucket}/{key}` (OpenAPI has no wildcard): the one route registered by hand.
 */
const objectRoute = defineRoute({
  method: 'get',
  path: '/{bucket}/{key}',
  summary: 'A file of a public bucket (company logos, avatars)',
  security: [],
  request: {
    params: z.object({
      bucket: z.string(),
      key: z.string().meta({ description: 'The object key; it may contain `/`' }),
    }),
  },
  responses: {
    200: {
      description: 'The file (served inline, sandboxed)',
      content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
    },
  },
});

export function storageRoutes(storage: StoragePort) {
  const router = apiRouter();
  router.openAPIRegistry.registerPath(objectRoute);
  router.get('/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    const prefix = `/api/storage/${bucket}/`;
    const rawKey = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : '';
    let key: string;
    try {
      key = rawKey.split('/').map(decodeURIComponent).join('/');
    } catch {
      key = '';
    }
    const notFound = () => c.json(errorBody(ERROR_CODES.NOT_FOUND, 'Not found.'), 404);
    if (!isPublicBucket(bucket) || !isSafeObjectPath(bucket, key)) return notFound();
    const object = await storage.get(bucket, key);
    if (!object) return notFound();
    c.header('Content-Type', object.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'public, max-age=3600');
    // Served as a file, never as a document that could run in our origin.
    c.header('Content-Disposition', 'inline');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return c.body(object.body as Uint8Array<ArrayBuffer>);
  });
  return router;
}
