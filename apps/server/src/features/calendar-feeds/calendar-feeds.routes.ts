import { z } from '@hono/zod-openapi';
import {
  CALENDAR_FEED_FILE_PATTERN,
  CALENDAR_FEED_MESSAGES,
  calendarFeedSettingsSchema,
  calendarFeedsResponseSchema,
  createCalendarFeedSchema,
  createdCalendarFeedSchema,
} from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import { MESSAGES } from '@hr/shared/errors';
import { RATE_LIMITS_ICAL } from '@hr/shared/rate-limit';
import type { Db } from '../../db/client.ts';
import {
  apiRouter,
  defineRoute,
  idParams,
  jsonBody,
  jsonResponse,
  messageResponse,
} from '../../http/api-route.ts';
import { errors } from '../../http/app-error.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { sha256 } from '../../integrations/oauth-state.ts';
import { clientIp } from '../auth/client-ip.ts';
import { reserveAttempt } from '../auth/rate-limit.service.ts';
import {
  type CalendarFeedDeps,
  createCalendarFeed,
  getCalendarFeedSettings,
  listCalendarFeeds,
  renderCalendarFeed,
  revokeCalendarFeed,
  saveCalendarFeedSettings,
} from './calendar-feeds.service.ts';

/** /api/v1/calendar-feeds: each signed-in user's own feed URLs; the company setting for super admins. */
export function calendarFeedsRoutes(deps: CalendarFeedDeps) {
  const { db } = deps;
  // A company setting: gated as Company Settings is (super admins; View reads, Admin edits, ADR 0071).
  const superAdmin = requireRole('super_admin');
  const viewSetting = [
    superAdmin,
    requireSection('settings', 'view'),
    requireSection('company-settings', 'view'),
  ];
  const editSetting = [
    superAdmin,
    requireSection('settings', 'view'),
    requireSection('company-settings', 'admin'),
  ];
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'My calendar feeds (without their secret URLs) and the scopes I may create',
        responses: { 200: jsonResponse(calendarFeedsResponseSchema, 'The feeds, newest first') },
      }),
      async (c) => c.json(await listCalendarFeeds(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/',
          summary: 'Create a secret iCalendar feed URL (shown once)',
          request: { body: jsonBody(createCalendarFeedSchema) },
          responses: { 201: jsonResponse(createdCalendarFeedSchema, 'The feed and its secret URL') },
        },
        { errors: [409] },
      ),
      async (c) => c.json(await createCalendarFeed(deps, c.get('principal'), c.req.valid('json')), 201),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/settings',
        summary: 'Whether employees may subscribe to the whole company (super admins)',
        middleware: viewSetting,
        responses: { 200: jsonResponse(calendarFeedSettingsSchema, 'The setting') },
      }),
      async (c) => c.json(await getCalendarFeedSettings(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/settings',
        summary: 'Let employees subscribe to the whole company, or not (super admins)',
        middleware: editSetting,
        request: { body: jsonBody(calendarFeedSettingsSchema) },
        responses: { 200: jsonResponse(calendarFeedSettingsSchema, 'The saved setting') },
      }),
      async (c) => c.json(await saveCalendarFeedSettings(db, c.get('principal'), c.req.valid('json')), 200),
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/{id}',
        summary: 'Revoke one of my calendar feeds (its URL answers 404 from now on)',
        request: { params: idParams },
        responses: { 200: messageResponse('Revoked') },
      }),
      async (c) => {
        await revokeCalendarFeed(db, c.get('principal'), c.req.valid('param').id);
        return c.json({ message: CALENDAR_FEED_MESSAGES.revoked }, 200);
      },
    );
}

const fileParams = z.object({
  file: z
    .string()
    .regex(CALENDAR_FEED_FILE_PATTERN, { error: MESSAGES.notFound })
    .meta({ description: 'The secret token and `.ics`' }),
});

/**
 * GET /api/ical/{token}.ics: no session, the token is the only credential (ADR 0099). Rate limited per
 * client IP and per token; an unknown or revoked token is a 404 like any path that names nothing.
 */
export function icalRoutes(deps: { db: Db; trustProxy: boolean }) {
  const { db } = deps;
  return apiRouter().openapi(
    defineRoute(
      {
        method: 'get',
        path: '/{file}',
        summary: 'A calendar feed (iCalendar, RFC 5545), by its secret URL',
        security: [],
        request: { params: fileParams },
        responses: {
          200: {
            description: 'The feed',
            content: { 'text/calendar': { schema: z.string() } },
          },
        },
      },
      { errors: [429] },
    ),
    async (c) => {
      const token = c.req.valid('param').file.slice(0, -'.ics'.length);
      const ip = clientIp(c, deps.trustProxy);
      if (ip) await reserveAttempt(db, `ical-ip:${ip}`, RATE_LIMITS_ICAL.perIp, MESSAGES.tooManyRequests);
      // Keyed by the token's hash: the rate-limit table never holds a usable token.
      await reserveAttempt(db, `ical:${sha256(token)}`, RATE_LIMITS_ICAL.perFeed, MESSAGES.tooManyRequests);
      const feed = await renderCalendarFeed(db, token);
      if (!feed) throw errors.notFound();
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      c.header('Content-Disposition', 'inline; filename="calendar.ics"');
      c.header('Cache-Control', 'private, max-age=300');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(feed.text, 200);
    },
  );
}
