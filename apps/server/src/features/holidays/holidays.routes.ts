import {
  calendarDayQuerySchema,
  calendarQuerySchema,
  holidayDecisionInputSchema,
  holidayRequestInputSchema,
  myRequestsQuerySchema,
  workingDaysQuerySchema,
} from '@hr/shared/hr/holidays.schemas';
import { sicknessInputSchema } from '@hr/shared/leave/leave.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireRole } from '../../http/session.ts';
import { idParam, parseJsonBody, parseQuery } from '../../http/validate.ts';
import {
  cancelMyRequest,
  decideHolidayRequest,
  getMyBalance,
  listMyApprovals,
  listMyRequests,
  recordSickness,
  sicknessTotals,
  submitHolidayRequest,
  teamCalendar,
  teamCalendarDay,
  upcomingTeamHolidays,
  workingDaysBetween,
} from './holidays.service.ts';

/** Holiday Management: every signed-in user of a company. Who may decide what is checked in the service. */
export function holidaysRoutes(deps: { db: Db; readCache: ReadCache }) {
  const { db } = deps;
  const cached = cachedRead(deps.readCache);
  return new Hono<AppEnv>()
    .get('/balance', async (c) => c.json(await getMyBalance(db, c.get('principal'))))
    .get('/working-days', async (c) => {
      const { start, end } = parseQuery(c, workingDaysQuerySchema);
      return c.json(await workingDaysBetween(db, c.get('principal'), { start, end }));
    })
    .get('/requests', async (c) => {
      const { limit } = parseQuery(c, myRequestsQuerySchema);
      return c.json(await listMyRequests(db, c.get('principal'), limit));
    })
    .post('/requests', async (c) => {
      const input = await parseJsonBody(c, holidayRequestInputSchema);
      return c.json(await submitHolidayRequest(db, c.get('principal'), input), 201);
    })
    .post('/requests/:id/cancel', async (c) =>
      c.json(await cancelMyRequest(db, c.get('principal'), idParam(c))),
    )
    .post('/requests/:id/decision', async (c) => {
      const id = idParam(c);
      const input = await parseJsonBody(c, holidayDecisionInputSchema);
      return c.json(await decideHolidayRequest(db, c.get('principal'), id, input));
    })
    .get('/approvals', cached, async (c) => c.json(await listMyApprovals(db, c.get('principal'))))
    .get('/calendar', cached, async (c) => {
      const { month } = parseQuery(c, calendarQuerySchema);
      return c.json(await teamCalendar(db, c.get('principal'), month));
    })
    .get('/calendar/day', cached, async (c) => {
      const query = parseQuery(c, calendarDayQuerySchema);
      return c.json(await teamCalendarDay(db, c.get('principal'), query));
    })
    .get('/upcoming', async (c) => c.json(await upcomingTeamHolidays(db, c.get('principal'))))
    .post('/sickness', async (c) => {
      const input = await parseJsonBody(c, sicknessInputSchema);
      return c.json(await recordSickness(db, c.get('principal'), input), 201);
    })
    .get('/sickness-totals', requireRole('super_admin'), async (c) =>
      c.json(await sicknessTotals(db, c.get('principal'))),
    );
}
