/** Slack contracts: connection status, OAuth, and the `slack-api` actions. */
import { z } from 'zod';

export const SLACK_CONNECTION_STATUSES = [
  'connected',
  'not_connected',
  'connection_lost',
  'token_expired',
] as const;
export type SlackConnectionStatus = (typeof SLACK_CONNECTION_STATUSES)[number];

/** GET and DELETE /api/v1/slack/connection, POST /api/v1/slack/oauth/complete. */
export const slackConnectionSchema = z.object({
  status: z.enum(SLACK_CONNECTION_STATUSES),
  teamName: z.string().nullable(),
  slackUsername: z.string().nullable(),
});
export type SlackConnection = z.infer<typeof slackConnectionSchema>;

/** POST /api/v1/slack/oauth-url. */
export const slackOauthUrlResponseSchema = z.object({
  success: z.boolean(),
  authUrl: z.string().optional(),
  error: z.string().optional(),
});
export type SlackOauthUrlResponse = z.infer<typeof slackOauthUrlResponseSchema>;

export const oauthCompleteRequestSchema = z.strictObject({
  code: z.string().min(1, 'code is required').max(2000),
  state: z.string().min(1, 'state is required').max(200),
});
export type OauthCompleteRequest = z.infer<typeof oauthCompleteRequestSchema>;

export const slackApiRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('test_connection') }),
  z.strictObject({ action: z.literal('get_channels') }),
  z.strictObject({ action: z.literal('get_user_info'), user: z.string().min(1).max(64) }),
  z.strictObject({
    action: z.literal('get_channel_history'),
    channel: z.string().min(1).max(64),
    /** Present when polling: then only 10 messages newer than this ts are read. */
    oldest: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'oldest must be a Slack timestamp')
      .optional(),
  }),
  z.strictObject({
    action: z.literal('send_message'),
    channel: z.string().min(1).max(64),
    text: z
      .string()
      .max(4000, 'Message is too long')
      .refine((t) => t.trim().length > 0, 'Message cannot be empty'),
  }),
]);
export type SlackApiRequest = z.infer<typeof slackApiRequestSchema>;

export interface SlackChannel {
  id: string;
  name: string;
  is_channel: boolean;
  is_group: boolean;
  is_im: boolean;
}

export interface SlackUserProfile {
  display_name: string;
  real_name: string;
  image_48: string | null;
  image_32: string | null;
}

export interface SlackMessage {
  ts: string;
  text: string;
  user: string | null;
  username: string | null;
  type: string;
  user_profile: SlackUserProfile | null;
}

export interface SlackApiResponse {
  ok: boolean;
  error?: string;
  channels?: SlackChannel[];
  messages?: SlackMessage[];
  user?: { id: string; name: string; profile: SlackUserProfile };
}
