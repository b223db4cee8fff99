import { oauthCompleteRequestSchema, slackApiRequestSchema } from '@hr/shared/slack/slack.schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole } from '../../http/session.ts';
import { parseJsonBody } from '../../http/validate.ts';
import {
  completeSlackOauth,
  createSlackAuthUrl,
  disconnectSlack,
  getSlackConnection,
  runSlackAction,
  type SlackDeps,
} from './slack.service.ts';

/** /api/v1/slack: each user's own Slack connection. Connecting is for roles that see the Slack tab. */
export function slackRoutes(deps: SlackDeps) {
  return new Hono<AppEnv>()
    .get('/connection', async (c) => c.json(await getSlackConnection(deps, c.get('principal'))))
    .delete('/connection', async (c) => {
      await disconnectSlack(deps, c.get('principal'));
      return c.json({ status: 'not_connected', teamName: null, slackUsername: null });
    })
    .post('/oauth-url', requireRole('super_admin', 'admin'), async (c) =>
      c.json({ success: true, authUrl: await createSlackAuthUrl(deps, c.get('principal')) }),
    )
    .post('/oauth/complete', async (c) => {
      const input = await parseJsonBody(c, oauthCompleteRequestSchema);
      return c.json(await completeSlackOauth(deps, c.get('principal'), input));
    })
    .post('/api', async (c) => {
      const request = await parseJsonBody(c, slackApiRequestSchema);
      return c.json(await runSlackAction(deps, c.get('principal'), request));
    });
}
