import { z } from '@hono/zod-openapi';
import { apiRouter, defineRoute, jsonResponse } from '../../http/api-route.ts';
import {
  handleSlackInteraction,
  type SlackApprovalDeps,
  verifySlackSignature,
} from './slack-approvals.service.ts';

const answerSchema = z.union([
  z.object({ ok: z.boolean(), text: z.string() }),
  z.object({ response_action: z.literal('clear') }),
  z.object({ response_action: z.literal('errors'), errors: z.record(z.string(), z.string()) }),
]);

/**
 * POST /api/slack/interactions: Slack's Interactivity Request URL. No session: Slack's v0 signature over
 * the raw body is the credential, checked before anything is parsed (ADR 0100).
 */
export function slackInteractionRoutes(deps: SlackApprovalDeps) {
  return apiRouter().openapi(
    defineRoute(
      {
        method: 'post',
        path: '/',
        summary: "Slack's button clicks and modal submissions (signed by Slack)",
        description:
          'Form-encoded `payload` (block_actions, view_submission). Refused with 401 unless X-Slack-Signature is the HMAC-SHA256 of `v0:{X-Slack-Request-Timestamp}:{body}` with the signing secret and the timestamp is within five minutes.',
        security: [],
        responses: { 200: jsonResponse(answerSchema, 'What Slack shows, or the modal errors') },
      },
      { errors: [400, 401, 503] },
    ),
    async (c) => {
      const raw = await c.req.text();
      verifySlackSignature(
        deps,
        {
          timestamp: c.req.header('x-slack-request-timestamp'),
          signature: c.req.header('x-slack-signature'),
        },
        raw,
      );
      const payload = new URLSearchParams(raw).get('payload');
      return c.json(await handleSlackInteraction(deps, payload), 200);
    },
  );
}
