import { leaveSettingsSchema } from '@hr/shared/leave/leave.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { getLeaveSettings, rolloverMyCompany, saveLeaveSettings } from './leave.service.ts';

/** The company's leave settings and its holiday-year rollover on demand: super admins (ADR 0091). */
export function leaveRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin'))
    .get('/settings', async (c) => c.json(await getLeaveSettings(db, c.get('principal'))))
    .put('/settings', async (c) => {
      const input = await parseJsonBody(c, leaveSettingsSchema);
      return c.json(await saveLeaveSettings(db, c.get('principal'), input));
    })
    .post('/rollover', async (c) => c.json(await rolloverMyCompany(db, c.get('principal'))));
}
