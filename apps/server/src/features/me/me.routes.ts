import { changePasswordRequestSchema } from '@hr/shared/auth/auth.schemas';
import { MESSAGES } from '@hr/shared/errors';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { parseJsonBody } from '../../http/validate.ts';
import type { Auth } from '../auth/auth.ts';
import { clientIp } from '../auth/client-ip.ts';
import { changePassword, getMe } from './me.service.ts';

export function meRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean; readCache: ReadCache }) {
  return new Hono<AppEnv>()
    .get('/', cachedRead(deps.readCache), async (c) => c.json(await getMe(deps.db, c.get('principal'))))
    .post('/password', async (c) => {
      const input = await parseJsonBody(c, changePasswordRequestSchema);
      await changePassword(deps.db, deps.auth, c.get('principal'), input, {
        ipAddress: clientIp(c, deps.trustProxy),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return c.json({ message: MESSAGES.passwordUpdated });
    });
}
