import {
  approvalsQuerySchema,
  approvalsResponseSchema,
  calendarDayQuerySchema,
  calendarDayResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  holidayBalanceResponseSchema,
  holidayDecisionInputSchema,
  holidayRequestInputSchema,
  holidayRequestSchema,
  myRequestsQuerySchema,
  myRequestsResponseSchema,
  upcomingResponseSchema,
  workingDaysQuerySchema,
  workingDaysResponseSchema,
} from '@hr/shared/hr/holidays.schemas';
import {
  publicHolidaysQuerySchema,
  publicHolidaysResponseSchema,
  regionsResponseSchema,
} from '@hr/shared/leave/calendar-days.schemas';
import {
  sicknessEmployeesQuerySchema,
  sicknessEmployeesResponseSchema,
  sicknessInputSchema,
  sicknessTotalsResponseSchema,
} from '@hr/shared/leave/leave.schemas';
import { listRegions } from '@hr/shared/leave/public-holidays';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, idParams, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireRole } from '../../http/session.ts';
import {
  cancelMyRequest,
  decideHolidayRequest,
  getMyBalance,
  listMyApprovals,
  listMyRequests,
  myPublicHolidays,
  recordSickness,
  sicknessEmployees,
  sicknessTotals,
  submitHolidayRequest,
  teamCalendar,
  teamCalendarDay,
  upcomingTeamHolidays,
  workingDaysBetween,
} from './holidays.service.ts';

/** Holiday Management: every signed-in user of a company. Who may decide what is checked in the service. */
export function holidaysRoutes(deps: {
  db: Db;
  readCache: ReadCache;
  /**
   * Called after a pending request's transaction committed (the Slack approval message, ADR 0100);
   * must not throw nor be awaited: the answer never waits for it.
   */
  onPendingRequest?: (companyId: string, requestId: string) => void;
}) {
  const { db } = deps;
  // The areas each cached read depends on (ADR 0120): the calendar shows approved leave and names;
  // the approvals also the pending requests and the leave rules.
  const cached = cachedRead(deps.readCache, { dependsOn: ['leave', 'people', 'company'] });
  const cachedApprovals = cachedRead(deps.readCache, {
    dependsOn: ['requests', 'leave', 'people', 'company'],
  });
  // The balance card: the record, the settings, the ledger and the pending and approved requests; the
  // form's count: the record's week and region, the company's settings and days.
  const cachedBalance = cachedApprovals;
  const cachedWorkingDays = cachedRead(deps.readCache, { dependsOn: ['people', 'company'] });
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/balance',
        summary: 'My holiday balance',
        middleware: cachedBalance,
        responses: { 200: jsonResponse(holidayBalanceResponseSchema, 'The balance') },
      }),
      async (c) => c.json(await getMyBalance(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/working-days',
        summary: 'Working days between two dates',
        middleware: cachedWorkingDays,
        request: { query: workingDaysQuerySchema },
        responses: { 200: jsonResponse(workingDaysResponseSchema, 'The working days') },
      }),
      async (c) => {
        const { start, end, startHalfDay, endHalfDay } = c.req.valid('query');
        return c.json(
          await workingDaysBetween(db, c.get('principal'), { start, end, startHalfDay, endHalfDay }),
          200,
        );
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/public-holidays',
        summary: "My region's bank holidays of a year and the company's closures and worked holidays",
        request: { query: publicHolidaysQuerySchema },
        responses: { 200: jsonResponse(publicHolidaysResponseSchema, 'The days of the year') },
      }),
      async (c) => c.json(await myPublicHolidays(db, c.get('principal'), c.req.valid('query').year), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/regions',
        summary: 'Region keys for public holidays (UK nations and other countries / states)',
        responses: { 200: jsonResponse(regionsResponseSchema, 'The regions') },
      }),
      (c) => c.json({ items: listRegions() }, 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/requests',
        summary: 'My holiday requests, newest first',
        request: { query: myRequestsQuerySchema },
        responses: { 200: jsonResponse(myRequestsResponseSchema, 'My requests') },
      }),
      async (c) => c.json(await listMyRequests(db, c.get('principal'), c.req.valid('query').limit), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/requests',
          summary: 'Submit a holiday request',
          description:
            "Pending for the employee's line manager when they have one. Without one it is pending for the company's super admins, or approved at once when the requester is a super admin (ADR 0049).",
          request: { body: jsonBody(holidayRequestInputSchema) },
          responses: { 201: jsonResponse(holidayRequestSchema, 'The new request') },
        },
        { errors: [409] },
      ),
      async (c) => {
        const principal = c.get('principal');
        const created = await submitHolidayRequest(db, principal, c.req.valid('json'));
        if (created.status === 'pending') deps.onPendingRequest?.(principal.companyId, created.id);
        return c.json(created, 201);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/requests/{id}/cancel',
          summary: 'Cancel my request',
          request: { params: idParams },
          responses: { 200: jsonResponse(holidayRequestSchema, 'The cancelled request') },
        },
        { errors: [409] },
      ),
      async (c) => c.json(await cancelMyRequest(db, c.get('principal'), c.req.valid('param').id), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/requests/{id}/decision',
          summary: 'Approve or reject a request (its line manager)',
          request: { params: idParams, body: jsonBody(holidayDecisionInputSchema) },
          responses: { 200: jsonResponse(holidayRequestSchema, 'The decided request') },
        },
        { errors: [409] },
      ),
      async (c) =>
        c.json(
          await decideHolidayRequest(db, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/approvals',
        summary: 'Requests waiting for my decision',
        middleware: cachedApprovals,
        request: { query: approvalsQuerySchema },
        responses: { 200: jsonResponse(approvalsResponseSchema, 'A page of the requests') },
      }),
      async (c) => c.json(await listMyApprovals(db, c.get('principal'), c.req.valid('query')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/calendar',
        summary: 'Team calendar of a month',
        middleware: cached,
        request: { query: calendarQuerySchema },
        responses: { 200: jsonResponse(calendarResponseSchema, 'Per day: who is away') },
      }),
      async (c) => c.json(await teamCalendar(db, c.get('principal'), c.req.valid('query').month), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/calendar/day',
        summary: 'Everyone away on one day of the team calendar (what "+N more" opens), paged',
        middleware: cached,
        request: { query: calendarDayQuerySchema },
        responses: { 200: jsonResponse(calendarDayResponseSchema, 'One page of the day') },
      }),
      async (c) => c.json(await teamCalendarDay(db, c.get('principal'), c.req.valid('query')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/upcoming',
        summary: 'Upcoming team holidays',
        responses: { 200: jsonResponse(upcomingResponseSchema, 'The next holidays') },
      }),
      async (c) => c.json(await upcomingTeamHolidays(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/sickness',
          summary: "Record an employee's sickness (line manager, super admin, or the employee 14 days back)",
          request: { body: jsonBody(sicknessInputSchema) },
          responses: { 201: jsonResponse(holidayRequestSchema, 'The recorded sickness') },
        },
        { errors: [409] },
      ),
      async (c) => c.json(await recordSickness(db, c.get('principal'), c.req.valid('json')), 201),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/sickness/employees',
        summary: 'Employees I may record sickness for (my reports; everyone for a super admin)',
        request: { query: sicknessEmployeesQuerySchema },
        responses: { 200: jsonResponse(sicknessEmployeesResponseSchema, 'At most 50, by name') },
      }),
      async (c) => c.json(await sicknessEmployees(db, c.get('principal'), c.req.valid('query').search), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/sickness-totals',
        summary: 'Sickness per employee over the last 52 weeks (super admins)',
        middleware: requireRole('super_admin'),
        responses: { 200: jsonResponse(sicknessTotalsResponseSchema, 'Spells and days per employee') },
      }),
      async (c) => c.json(await sicknessTotals(db, c.get('principal')), 200),
    );
}
