/** Slack connection per user: OAuth connect, status, disconnect, and the slack-api actions. */
import type { SlackApiRequest, SlackApiResponse, SlackConnection } from '@hr/shared/slack/slack.schemas';
import {
  isTokenExpiredError,
  SLACK_HISTORY_LIMIT,
  SLACK_MESSAGES,
  SLACK_POLL_LIMIT,
  SLACK_USER_SCOPES,
} from '@hr/shared/slack/slack-constants';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Principal } from '../../http/app-env.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeOauthState, issueOauthState } from '../../integrations/oauth-state.ts';
import type { SecretBox } from '../../integrations/secret-box.ts';
import { SlackCallError, type SlackClient } from '../../integrations/slack/slack-client.ts';
import { deleteSlackMapping, findSlackMapping, upsertSlackMapping } from './slack.repository.ts';

export interface SlackDeps {
  db: Db;
  slack: SlackClient;
  secretBox: SecretBox;
  /** Where the OAuth popup lands: PUBLIC_URL + /auth/callback. */
  redirectUri: string;
}

/** Slack refuses a user of another workspace when the app is not distributed. */
const APP_DISTRIBUTION_ERRORS = [
  'invalid_team_for_non_distributed_app',
  'app_distribution_error',
  'unapproved_app',
];

const tenant = (p: Principal) => ({ companyId: p.companyId, userId: p.user.id, role: p.role });
const owner = (p: Principal) => ({ companyId: p.companyId, userId: p.user.id });

async function userToken(deps: SlackDeps, principal: Principal): Promise<string | null> {
  const mapping = await withTenant(deps.db, tenant(principal), (tx) =>
    findSlackMapping(tx, principal.companyId, principal.user.id),
  );
  if (!mapping?.isOauthConnected || !mapping.encryptedAccessToken) return null;
  return deps.secretBox.open(mapping.encryptedAccessToken);
}

export async function getSlackConnection(deps: SlackDeps, principal: Principal): Promise<SlackConnection> {
  const mapping = await withTenant(deps.db, tenant(principal), (tx) =>
    findSlackMapping(tx, principal.companyId, principal.user.id),
  );
  if (!mapping?.isOauthConnected || !mapping.encryptedAccessToken) {
    return { status: 'not_connected', teamName: null, slackUsername: null };
  }
  const base = { teamName: mapping.teamName, slackUsername: mapping.slackUsername };
  try {
    await deps.slack.authTest(deps.secretBox.open(mapping.encryptedAccessToken));
    return { status: 'connected', ...base };
  } catch (error) {
    if (error instanceof SlackCallError && isTokenExpiredError(error.slackError)) {
      return { status: 'token_expired', ...base };
    }
    return { status: 'connection_lost', ...base };
  }
}

export async function createSlackAuthUrl(deps: SlackDeps, principal: Principal): Promise<string> {
  if (!deps.slack.configured) throw new AppError(503, 'SLACK_NOT_CONFIGURED', SLACK_MESSAGES.notConfigured);
  const state = await withTenant(deps.db, tenant(principal), (tx) =>
    issueOauthState(tx, owner(principal), 'slack'),
  );
  return deps.slack.authorizeUrl(state, deps.redirectUri, SLACK_USER_SCOPES);
}

/** The popup's callback: the state must be this user's, unused and fresh; the token is stored sealed. */
export async function completeSlackOauth(
  deps: SlackDeps,
  principal: Principal,
  input: { code: string; state: string },
): Promise<SlackConnection> {
  const provider = await withTenant(deps.db, tenant(principal), (tx) =>
    consumeOauthState(tx, owner(principal), input.state),
  );
  if (provider !== 'slack') throw new AppError(400, 'OAUTH_STATE_INVALID', SLACK_MESSAGES.invalidState);
  let exchanged: Awaited<ReturnType<SlackClient['exchangeCode']>>;
  let username: string | null = null;
  try {
    exchanged = await deps.slack.exchangeCode(input.code, deps.redirectUri);
    username = (await deps.slack.authTest(exchanged.accessToken)).user;
  } catch (error) {
    const slackError = error instanceof SlackCallError ? error.slackError : 'unknown_error';
    if (APP_DISTRIBUTION_ERRORS.includes(slackError)) {
      throw new AppError(400, 'app_distribution_error', SLACK_MESSAGES.appConfigurationError);
    }
    throw new AppError(400, 'SLACK_OAUTH_FAILED', SLACK_MESSAGES.connectFailed, { slack: slackError });
  }
  const row = {
    companyId: principal.companyId,
    userId: principal.user.id,
    slackUsername: username,
    slackUserId: exchanged.userId,
    teamName: exchanged.teamName,
    encryptedAccessToken: deps.secretBox.seal(exchanged.accessToken),
  };
  await withTenant(deps.db, tenant(principal), (tx) => upsertSlackMapping(tx, row));
  return { status: 'connected', teamName: row.teamName, slackUsername: row.slackUsername };
}

export async function disconnectSlack(deps: SlackDeps, principal: Principal): Promise<void> {
  const token = await userToken(deps, principal);
  await withTenant(deps.db, tenant(principal), (tx) =>
    deleteSlackMapping(tx, principal.companyId, principal.user.id),
  );
  if (token) {
    // Best effort: the mapping is gone either way; a token Slack already dropped cannot be revoked.
    await deps.slack.revoke(token).catch(() => undefined);
  }
}

/** The `slack-api` function of the source: Slack's own error strings come back as `ok: false`. */
export async function runSlackAction(
  deps: SlackDeps,
  principal: Principal,
  request: SlackApiRequest,
): Promise<SlackApiResponse> {
  const token = await userToken(deps, principal);
  if (!token) return { ok: false, error: 'not_authed' };
  try {
    switch (request.action) {
      case 'test_connection': {
        const result = await deps.slack.authTest(token);
        return {
          ok: true,
          user: {
            id: result.userId ?? '',
            name: result.user ?? '',
            profile: { display_name: result.user ?? '', real_name: '', image_48: null, image_32: null },
          },
        };
      }
      case 'get_channels':
        return { ok: true, channels: await deps.slack.listChannels(token) };
      case 'get_user_info':
        return { ok: true, user: await deps.slack.userInfo(token, request.user) };
      case 'get_channel_history': {
        const limit = request.oldest ? SLACK_POLL_LIMIT : SLACK_HISTORY_LIMIT;
        return {
          ok: true,
          messages: await deps.slack.history(token, request.channel, limit, request.oldest),
        };
      }
      case 'send_message':
        await deps.slack.postMessage(token, request.channel, request.text.trim());
        return { ok: true };
    }
  } catch (error) {
    if (error instanceof SlackCallError) return { ok: false, error: error.slackError };
    throw error;
  }
}
