import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { pingDatabase } from './health.repository.ts';

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await pingDatabase(db);
      return c.json({ status: 'ok', db: 'ok' });
    } catch (err) {
      c.get('logger').warn({ err }, 'health check: database unavailable');
      return c.json({ status: 'error', db: 'unavailable' }, 503);
    }
  });
}
