import { oauthCompleteRequestSchema, slackApiRequestSchema } from '@hr/shared/slack/slack.schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { requireSection } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
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
  return new Hono<AppEnv>()
    .get('/connection', view, async (c) => c.json(await getSlackConnection(deps, c.get('principal'))))
    .delete('/connection', edit, async (c) => {
      await disconnectSlack(deps, c.get('principal'));
      return c.json({ status: 'not_connected', teamName: null, slackUsername: null });
    })
    .post('/oauth-url', edit, async (c) =>
      c.json({ success: true, authUrl: await createSlackAuthUrl(deps, c.get('principal')) }),
    )
    .post('/oauth/complete', edit, async (c) => {
      const input = await parseJsonBody(c, oauthCompleteRequestSchema);
      return c.json(await completeSlackOauth(deps, c.get('principal'), input));
    })
    .post('/api', view, async (c) => {
      const request = await parseJsonBody(c, slackApiRequestSchema);
      return c.json(await runSlackAction(deps, c.get('principal'), request));
    });
}
