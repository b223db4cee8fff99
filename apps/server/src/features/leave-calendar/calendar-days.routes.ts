import {
  companyCalendarDayInputSchema,
  companyCalendarDaySchema,
  companyCalendarDaysResponseSchema,
} from '@hr/shared/leave/calendar-days.schemas';
import type { Db } from '../../db/client.ts';
import {
  apiRouter,
  defineRoute,
  idParams,
  jsonBody,
  jsonResponse,
  messageResponse,
} from '../../http/api-route.ts';
import { requireSection } from '../../http/session.ts';
import { addCalendarDay, getCalendarDays, removeCalendarDay } from './calendar-days.service.ts';

/**
 * /api/v1/settings/calendar-days: the company's closure days and worked public holidays. Super admins
 * (and developers) with Settings at View read them, at Admin add and remove them. Mounted after the
 * Settings router, whose gates (super admin, Settings at View) run first for every /settings/* path;
 * this router adds Admin for writes.
 */
export function calendarDaysRoutes(deps: { db: Db }) {
  const { db } = deps;
  const edit = requireSection('settings', 'admin');
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: "The company's closure days and worked public holidays",
        responses: { 200: jsonResponse(companyCalendarDaysResponseSchema, 'The days, by date') },
      }),
      async (c) => c.json(await getCalendarDays(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/',
          summary: 'Add a closure day or a worked public holiday',
          middleware: edit,
          request: { body: jsonBody(companyCalendarDayInputSchema) },
          responses: { 201: jsonResponse(companyCalendarDaySchema, 'The new day') },
        },
        { errors: [409] },
      ),
      async (c) => c.json(await addCalendarDay(db, c.get('principal'), c.req.valid('json')), 201),
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/{id}',
        summary: 'Remove a closure day or worked public holiday',
        middleware: edit,
        request: { params: idParams },
        responses: { 200: messageResponse('Removed') },
      }),
      async (c) => {
        await removeCalendarDay(db, c.get('principal'), c.req.valid('param').id);
        return c.json({ message: 'Calendar day removed' }, 200);
      },
    );
}
