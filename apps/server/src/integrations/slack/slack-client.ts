/**
 * Our only client of the Slack Web API and OAuth v2: @slack/web-api against a configurable base URL
 * (SLACK_API_URL), so tests run this exact code against a local fake Slack server. The library (with
 * axios and its other dependencies) is loaded on the first Slack call, not at start (ADR 0135).
 */

import type { SlackChannel, SlackMessage, SlackUserProfile } from '@hr/shared/slack/slack.schemas';
import { isVisibleChannel, isVisibleMessage } from '@hr/shared/slack/slack-rules';
import type { KnownBlock, ModalView, WebClient } from '@slack/web-api';
import { lazy } from '../../lazy.ts';

type SlackSdk = typeof import('@slack/web-api');
/** @slack/web-api, imported once, when the first call needs it. */
const loadSlackSdk = lazy(() => import('@slack/web-api'));

export interface SlackConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  apiUrl: string;
  oauthUrl: string;
}

/** A Slack call that failed, with Slack's error string (or `unauthorized` for a 401, `network_error`). */
export class SlackCallError extends Error {
  constructor(readonly slackError: string) {
    super(`Slack error: ${slackError}`);
    this.name = 'SlackCallError';
  }
}

function toSlackError(error: unknown, { ErrorCode }: SlackSdk): SlackCallError {
  const e = error as { code?: string; data?: { error?: string }; statusCode?: number };
  if (e.code === ErrorCode.PlatformError) return new SlackCallError(e.data?.error ?? 'unknown_error');
  if (e.code === ErrorCode.HTTPError)
    return new SlackCallError(e.statusCode === 401 ? 'unauthorized' : `http_${e.statusCode}`);
  if (e.code === ErrorCode.RateLimitedError) return new SlackCallError('ratelimited');
  return new SlackCallError('network_error');
}

interface RawUser {
  id?: string;
  name?: string;
  real_name?: string;
  profile?: { display_name?: string; real_name?: string; image_48?: string; image_32?: string };
}

function profileOf(user: RawUser): SlackUserProfile {
  return {
    display_name: user.profile?.display_name ?? '',
    real_name: user.profile?.real_name ?? user.real_name ?? user.name ?? '',
    image_48: user.profile?.image_48 ?? null,
    image_32: user.profile?.image_32 ?? null,
  };
}

export function createSlackClient(config: SlackConfig) {
  const apiUrl = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;
  /** One Web API call with `token` (none for OAuth), its failure as a SlackCallError. */
  async function call<T>(token: string | undefined, fn: (web: WebClient) => Promise<T>): Promise<T> {
    const sdk = await loadSlackSdk();
    try {
      const web = new sdk.WebClient(token, {
        slackApiUrl: apiUrl,
        retryConfig: { retries: 0 },
        rejectRateLimitedCalls: true,
        timeout: 10_000,
        logLevel: sdk.LogLevel.ERROR,
      });
      return await fn(web);
    } catch (error) {
      throw toSlackError(error, sdk);
    }
  }

  return {
    configured: Boolean(config.clientId && config.clientSecret),

    authorizeUrl(state: string, redirectUri: string, scopes: readonly string[]): string {
      const url = new URL(config.oauthUrl);
      url.searchParams.set('client_id', config.clientId ?? '');
      url.searchParams.set('user_scope', scopes.join(','));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** oauth.v2.access: the user token and workspace of a finished sign-in. */
    async exchangeCode(code: string, redirectUri: string) {
      const result = await call(undefined, (web) =>
        web.oauth.v2.access({
          client_id: config.clientId ?? '',
          client_secret: config.clientSecret ?? '',
          code,
          redirect_uri: redirectUri,
        }),
      );
      const token = result.authed_user?.access_token;
      if (!token) throw new SlackCallError('missing_user_token');
      return {
        accessToken: token,
        userId: result.authed_user?.id ?? null,
        teamName: result.team?.name ?? null,
      };
    },

    async authTest(token: string) {
      const result = await call(token, (web) => web.auth.test());
      return { user: result.user ?? null, team: result.team ?? null, userId: result.user_id ?? null };
    },

    async revoke(token: string): Promise<void> {
      await call(token, (web) => web.auth.revoke());
    },

    async listChannels(token: string): Promise<SlackChannel[]> {
      const result = await call(token, (web) =>
        web.conversations.list({
          types: 'public_channel,private_channel',
          exclude_archived: true,
          limit: 200,
        }),
      );
      return (result.channels ?? []).filter(isVisibleChannel).map((c) => ({
        id: c.id ?? '',
        name: c.name ?? '',
        is_channel: Boolean(c.is_channel),
        is_group: Boolean(c.is_group),
        is_im: Boolean(c.is_im),
      }));
    },

    async userInfo(token: string, user: string) {
      const result = await call(token, (web) => web.users.info({ user }));
      const raw = (result.user ?? {}) as RawUser;
      return { id: raw.id ?? user, name: raw.name ?? '', profile: profileOf(raw) };
    },

    /** History newest first as Slack gives it, without empty and channel_ messages, with user profiles. */
    async history(token: string, channel: string, limit: number, oldest?: string): Promise<SlackMessage[]> {
      const result = await call(token, (web) =>
        web.conversations.history({ channel, limit, ...(oldest ? { oldest } : {}) }),
      );
      const visible = (result.messages ?? []).filter(isVisibleMessage);
      const profiles = new Map<string, SlackUserProfile | null>();
      for (const userId of new Set(visible.map((m) => m.user).filter((u): u is string => Boolean(u)))) {
        try {
          profiles.set(userId, (await this.userInfo(token, userId)).profile);
        } catch {
          // A deleted or foreign user: the message shows without a profile.
          profiles.set(userId, null);
        }
      }
      return visible.map((m) => ({
        ts: m.ts ?? '',
        text: m.text ?? '',
        user: m.user ?? null,
        username: m.username ?? null,
        type: m.type ?? 'message',
        user_profile: m.user ? (profiles.get(m.user) ?? null) : null,
      }));
    },

    async postMessage(token: string, channel: string, text: string) {
      const result = await call(token, (web) => web.chat.postMessage({ channel, text }));
      return { ts: result.ts ?? '', channel: result.channel ?? channel };
    },

    /** The app's direct-message channel with a Slack user (conversations.open, bot token). */
    async openDirectMessage(token: string, slackUserId: string): Promise<string> {
      const result = await call(token, (web) => web.conversations.open({ users: slackUserId }));
      const channel = result.channel?.id;
      if (!channel) throw new SlackCallError('channel_not_found');
      return channel;
    },

    /** A Block Kit message; `text` is the notification's and screen readers' fallback. */
    async postBlocks(token: string, channel: string, text: string, blocks: KnownBlock[]) {
      const result = await call(token, (web) => web.chat.postMessage({ channel, text, blocks }));
      return { ts: result.ts ?? '', channel: result.channel ?? channel };
    },

    async updateMessage(token: string, channel: string, ts: string, text: string, blocks: KnownBlock[]) {
      await call(token, (web) => web.chat.update({ channel, ts, text, blocks }));
    },

    /** Opens a modal in answer to a click (trigger_id is valid for 3 s). */
    async openView(token: string, triggerId: string, view: ModalView): Promise<void> {
      await call(token, (web) => web.views.open({ trigger_id: triggerId, view }));
    },
  };
}

export type SlackClient = ReturnType<typeof createSlackClient>;
