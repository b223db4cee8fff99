import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { APP_VERSION } from '../../version.ts';
import { pingDatabase } from './health.repository.ts';

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await pingDatabase(db);
      return c.json({ status: 'ok', db: 'ok', version: APP_VERSION });
    } catch (err) {
      c.get('logger').warn({ err }, 'health check: database unavailable');
      return c.json({ status: 'error', db: 'unavailable', version: APP_VERSION }, 503);
    }
  });
}
