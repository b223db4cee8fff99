import {
  oauthCompleteRequestSchema,
  slackApiRequestSchema,
  slackApiResponseSchema,
  slackConnectionSchema,
  slackOauthUrlResponseSchema,
} from '@hr/shared/slack/slack.schemas';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import { requireSection } from '../../http/session.ts';
import {
  completeSlackOauth,
  createSlackAuthUrl,
  disconnectSlack,
  getSlackConnection,
  runSlackAction,
  type SlackDeps,
} from './slack.service.ts';

/**
 * /api/v1/slack: each user's own Slack connection, gated by the slack-integration section (developer,
 * super_admin and admin, then the user's level): View to see the connection and use the chat, Admin to
 * connect, reconnect or disconnect it (ADR 0057).
 */
export function slackRoutes(deps: SlackDeps) {
  const view = requireSection('slack-integration', 'view');
  const edit = requireSection('slack-integration', 'admin');
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/connection',
        summary: 'My Slack connection',
        middleware: view,
        responses: { 200: jsonResponse(slackConnectionSchema, 'The connection') },
      }),
      async (c) => c.json(await getSlackConnection(deps, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/connection',
        summary: 'Disconnect my Slack account',
        middleware: edit,
        responses: { 200: jsonResponse(slackConnectionSchema, 'Not connected') },
      }),
      async (c) => {
        await disconnectSlack(deps, c.get('principal'));
        return c.json({ status: 'not_connected' as const, teamName: null, slackUsername: null }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/oauth-url',
          summary: 'Start connecting Slack (consent URL)',
          middleware: edit,
          responses: { 200: jsonResponse(slackOauthUrlResponseSchema, 'The consent page') },
        },
        { errors: [503] },
      ),
      async (c) =>
        c.json({ success: true as const, authUrl: await createSlackAuthUrl(deps, c.get('principal')) }, 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/oauth/complete',
        summary: 'Finish connecting Slack',
        middleware: edit,
        request: { body: jsonBody(oauthCompleteRequestSchema) },
        responses: { 200: jsonResponse(slackConnectionSchema, 'The connection') },
      }),
      async (c) => c.json(await completeSlackOauth(deps, c.get('principal'), c.req.valid('json')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/api',
        summary: 'Run a Slack action (channels, history, send)',
        description: "Slack's own errors come back as `{ ok: false, error }` with status 200.",
        middleware: view,
        request: { body: jsonBody(slackApiRequestSchema) },
        responses: { 200: jsonResponse(slackApiResponseSchema, "The action's answer") },
      }),
      async (c) => c.json(await runSlackAction(deps, c.get('principal'), c.req.valid('json')), 200),
    );
}
