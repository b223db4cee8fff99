import { leaveSettingsSchema, rolloverResponseSchema } from '@hr/shared/leave/leave.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { getLeaveSettings, rolloverMyCompany, saveLeaveSettings } from './leave.service.ts';

/**
 * The company's leave settings and its holiday-year rollover on demand: super admins (ADR 0091). The
 * settings are the Leave rules card of Company Settings, so they pass that tab's gates too: Settings
 * and Company Settings at View to read, Company Settings at Admin to save (ADRs 0057, 0071, 0093).
 */
export function leaveRoutes(deps: { db: Db }) {
  const { db } = deps;
  const settingsView = requireSection('settings', 'view');
  return apiRouter(requireRole('super_admin'))
    .openapi(
      defineRoute({
        method: 'get',
        path: '/settings',
        summary: 'The company leave settings',
        middleware: [settingsView, requireSection('company-settings', 'view')],
        responses: { 200: jsonResponse(leaveSettingsSchema, 'The settings') },
      }),
      async (c) => c.json(await getLeaveSettings(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/settings',
        summary: 'Save the company leave settings',
        middleware: [settingsView, requireSection('company-settings', 'admin')],
        request: { body: jsonBody(leaveSettingsSchema) },
        responses: { 200: jsonResponse(leaveSettingsSchema, 'The saved settings') },
      }),
      async (c) => c.json(await saveLeaveSettings(db, c.get('principal'), c.req.valid('json')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/rollover',
        summary: "Run the company's holiday-year rollover now (idempotent)",
        responses: { 200: jsonResponse(rolloverResponseSchema, 'What the rollover wrote') },
      }),
      async (c) => c.json(await rolloverMyCompany(db, c.get('principal')), 200),
    );
}
