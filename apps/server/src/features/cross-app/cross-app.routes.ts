import { createCrossAppLinkSchema, exchangeCrossAppCodeSchema } from '@hr/shared/cross-app/cross-app.schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { parseJsonBody } from '../../http/validate.ts';
import {
  type CrossAppDeps,
  createCrossAppLink,
  exchangeCrossAppCode,
  listTargets,
} from './cross-app.service.ts';

/** Behind the session: the links a signed-in user can follow. */
export function crossAppRoutes(deps: CrossAppDeps) {
  return new Hono<AppEnv>()
    .get('/targets', (c) => c.json({ targets: listTargets(deps) }))
    .post('/links', async (c) => {
      const input = await parseJsonBody(c, createCrossAppLinkSchema);
      return c.json(await createCrossAppLink(deps, c.get('principal'), input), 201);
    });
}

/** No session: the sister app's server redeems the code it was handed. Mounted before the session guard. */
export function crossAppExchangeRoutes(deps: CrossAppDeps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const { code } = await parseJsonBody(c, exchangeCrossAppCodeSchema);
    return c.json(await exchangeCrossAppCode(deps, code));
  });
}
