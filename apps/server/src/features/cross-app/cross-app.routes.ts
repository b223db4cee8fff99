import {
  createCrossAppLinkSchema,
  crossAppContextSchema,
  crossAppLinkResponseSchema,
  crossAppTargetsResponseSchema,
  exchangeCrossAppCodeSchema,
} from '@hr/shared/cross-app/cross-app.schemas';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import {
  type CrossAppDeps,
  createCrossAppLink,
  exchangeCrossAppCode,
  listTargets,
} from './cross-app.service.ts';

/** Behind the session: the links a signed-in user can follow. */
export function crossAppRoutes(deps: CrossAppDeps) {
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/targets',
        summary: 'Sister apps I can open',
        responses: { 200: jsonResponse(crossAppTargetsResponseSchema, 'The configured sister apps') },
      }),
      (c) => c.json({ targets: listTargets(deps) }, 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/links',
        summary: 'A link with a one-time code to a sister app',
        request: { body: jsonBody(createCrossAppLinkSchema) },
        responses: { 201: jsonResponse(crossAppLinkResponseSchema, 'The link') },
      }),
      async (c) => c.json(await createCrossAppLink(deps, c.get('principal'), c.req.valid('json')), 201),
    );
}

/** No session: the sister app's server redeems the code it was handed. Mounted before the session guard. */
export function crossAppExchangeRoutes(deps: CrossAppDeps) {
  return apiRouter().openapi(
    defineRoute(
      {
        method: 'post',
        path: '/',
        summary: 'Redeem a one-time cross-app code (server to server, no session)',
        security: [],
        request: { body: jsonBody(exchangeCrossAppCodeSchema) },
        responses: { 200: jsonResponse(crossAppContextSchema, 'Who the code was made for') },
      },
      { errors: [401] },
    ),
    async (c) => c.json(await exchangeCrossAppCode(deps, c.req.valid('json').code), 200),
  );
}
