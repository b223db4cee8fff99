import { companyCalendarDayInputSchema } from '@hr/shared/leave/calendar-days.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { idParam, parseJsonBody } from '../../http/validate.ts';
import { addCalendarDay, getCalendarDays, removeCalendarDay } from './calendar-days.service.ts';

/**
 * /api/v1/settings/calendar-days: the company's closure days and worked public holidays. Super admins
 * (and developers) with Settings at View read them, at Admin add and remove them.
 */
export function calendarDaysRoutes(deps: { db: Db }) {
  const { db } = deps;
  const edit = requireSection('settings', 'admin');
  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin'), requireSection('settings', 'view'))
    .get('/', async (c) => c.json(await getCalendarDays(db, c.get('principal'))))
    .post('/', edit, async (c) => {
      const input = await parseJsonBody(c, companyCalendarDayInputSchema);
      return c.json(await addCalendarDay(db, c.get('principal'), input), 201);
    })
    .delete('/:id', edit, async (c) => {
      await removeCalendarDay(db, c.get('principal'), idParam(c));
      return c.json({ message: 'Calendar day removed' });
    });
}
