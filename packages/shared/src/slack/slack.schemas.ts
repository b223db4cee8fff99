/** Slack contracts: connection status, OAuth, and the `slack-api` actions of the chat window (ADR 0057). */
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

export const slackChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_channel: z.boolean(),
  is_group: z.boolean(),
  is_im: z.boolean(),
});
export type SlackChannel = z.infer<typeof slackChannelSchema>;

export const slackUserProfileSchema = z.object({
  display_name: z.string(),
  real_name: z.string(),
  image_48: z.string().nullable(),
  image_32: z.string().nullable(),
});
export type SlackUserProfile = z.infer<typeof slackUserProfileSchema>;

export const slackMessageSchema = z.object({
  ts: z.string(),
  text: z.string(),
  user: z.string().nullable(),
  username: z.string().nullable(),
  type: z.string(),
  user_profile: slackUserProfileSchema.nullable(),
});
export type SlackMessage = z.infer<typeof slackMessageSchema>;

/** Every action's answer: `channels`, `messages` or `user` by action; Slack's own errors as `{ ok: false, error }`. */
export const slackApiResponseSchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  channels: z.array(slackChannelSchema).optional(),
  messages: z.array(slackMessageSchema).optional(),
  user: z.object({ id: z.string(), name: z.string(), profile: slackUserProfileSchema }).optional(),
});
export type SlackApiResponse = z.infer<typeof slackApiResponseSchema>;
