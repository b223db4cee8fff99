import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: 'ok', db: 'ok' });
    } catch (err) {
      c.get('logger').warn({ err }, 'health check: database unavailable');
      return c.json({ status: 'error', db: 'unavailable' }, 503);
    }
  });
}
