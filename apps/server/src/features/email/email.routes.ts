/** /api/v1/profile/email-preferences: which optional emails the signed-in user receives (issue 19). */
import { emailPreferencesSchema } from '@hr/shared/email/email-preferences.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { getEmailPreferences, saveEmailPreferences } from './email.service.ts';

export function emailPreferencesRoutes(deps: { db: Db }) {
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'My email preferences',
        responses: { 200: jsonResponse(emailPreferencesSchema, 'Each optional email, on or off') },
      }),
      async (c) => c.json(await getEmailPreferences(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/',
        summary: 'Save my email preferences',
        request: { body: jsonBody(emailPreferencesSchema) },
        responses: { 200: jsonResponse(emailPreferencesSchema, 'The saved preferences') },
      }),
      async (c) => c.json(await saveEmailPreferences(deps.db, c.get('principal'), c.req.valid('json')), 200),
    );
}
