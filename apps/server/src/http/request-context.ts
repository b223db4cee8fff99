/** Request id, a child logger carrying it, and one structured log line per request. */
import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './app-env.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestContext(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      log.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });
}
