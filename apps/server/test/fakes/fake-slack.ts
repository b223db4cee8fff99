/**
 * A fake Slack: the OAuth v2 consent redirect, oauth.v2.access, and the Web API methods we call,
 * with Slack's response shapes (HTTP 200 and `{ ok: false, error }` for API errors, as Slack does).
 */
import { randomBytes } from 'node:crypto';
import { type FakeServer, formOrJson, sendJson, startFakeServer } from './http-fake.ts';

interface FakeMessage {
  type: string;
  ts: string;
  text?: string;
  user?: string;
  subtype?: string;
}

export interface FakeSlack extends FakeServer {
  apiUrl: string;
  oauthUrl: string;
  /** Every token the fake has issued, so tests can look for it in the database. */
  issuedTokens: string[];
  revoked: Set<string>;
  /** Tokens for which every API call answers HTTP 401. */
  unauthorized: Set<string>;
  /** Make the next call(s) of a method fail with this Slack error. */
  failNext: Map<string, { error: string; times: number }>;
  messages: Map<string, FakeMessage[]>;
  /** Set to make oauth.v2.access fail (e.g. invalid_team_for_non_distributed_app). */
  exchangeError: string | null;
  /** The Slack user id the next oauth.v2.access signs in as (default U001). */
  nextAuthedUserId: string;
  /** Modals opened with views.open (bot token). */
  views: { trigger_id: string; view: Record<string, unknown> }[];
  /** Each message's Block Kit blocks (by ts), as posted or updated. */
  blocks: Map<string, unknown[]>;
  reset(): void;
}

export const FAKE_SLACK_CLIENT = { id: 'fake-slack-client-id', secret: 'fake-slack-client-secret' };
export const FAKE_SLACK_TEAM = 'Northwind Workspace';
/** The app's bot token (SLACK_BOT_TOKEN in tests): conversations.open, chat.update and views.open. */
export const FAKE_SLACK_BOT_TOKEN = 'xoxb-fake-bot-token';

const USERS: Record<string, { name: string; real_name: string; display_name: string }> = {
  U001: { name: 'alice', real_name: 'Alice Example', display_name: 'alice' },
  U002: { name: 'bob', real_name: 'Bob Builder', display_name: 'bob' },
};

const CHANNELS = [
  { id: 'C001', name: 'general', is_channel: true, is_group: false, is_im: false, is_archived: false },
  { id: 'C002', name: 'random', is_channel: true, is_group: false, is_im: false, is_archived: false },
  { id: 'C003', name: 'old-project', is_channel: true, is_group: false, is_im: false, is_archived: true },
  { id: 'G001', name: 'managers', is_channel: false, is_group: true, is_im: false, is_archived: false },
  { id: 'D001', is_channel: false, is_group: false, is_im: true, user: 'U002' },
];

function initialMessages(): Map<string, FakeMessage[]> {
  return new Map([
    [
      'C001',
      [
        { type: 'message', ts: '1700000003.000100', text: 'Welcome to the team!', user: 'U002' },
        { type: 'message', ts: '1700000002.000100', text: '', user: 'U002' },
        {
          type: 'message',
          ts: '1700000001.000100',
          text: '<@U001> has joined the channel',
          user: 'U001',
          subtype: 'channel_join',
        },
        { type: 'message', ts: '1700000000.000100', text: 'First message', user: 'U001' },
      ],
    ],
    ['C002', [{ type: 'message', ts: '1700000000.000200', text: 'Random thought', user: 'U002' }]],
    ['G001', []],
  ]);
}

let tsCounter = 0;
const nextTs = () => `${Math.floor(Date.now() / 1000)}.${String(++tsCounter).padStart(6, '0')}`;

export async function startFakeSlack(port = 0): Promise<FakeSlack> {
  /** The token each OAuth code was exchanged for (for `/__control/revoke`). */
  const tokenByCode = new Map<string, string>();
  const state = {
    issuedTokens: [] as string[],
    revoked: new Set<string>(),
    unauthorized: new Set<string>(),
    failNext: new Map<string, { error: string; times: number }>(),
    messages: initialMessages(),
    exchangeError: null as string | null,
    codes: new Set<string>(),
    nextAuthedUserId: 'U001',
    userIdOfToken: new Map<string, string>(),
    views: [] as { trigger_id: string; view: Record<string, unknown> }[],
    blocks: new Map<string, unknown[]>(),
  };

  const server = await startFakeServer((req, res) => {
    if (req.method === 'GET' && req.path === '/oauth/v2/authorize') {
      // The consent screen, approved at once: back to redirect_uri with a code and the same state.
      const redirect = new URL(req.query.get('redirect_uri') ?? '');
      if (req.query.get('client_id') !== FAKE_SLACK_CLIENT.id)
        redirect.searchParams.set('error', 'invalid_client_id');
      else {
        const code = `code-${randomBytes(8).toString('hex')}`;
        state.codes.add(code);
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', req.query.get('state') ?? '');
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }
    // Test controls (browser tests drive the fake from outside its process).
    if (req.method === 'POST' && req.path === '/__control/post') {
      const { channel, text, user } = formOrJson(req);
      const list = state.messages.get(channel ?? '');
      if (!list || !text) return sendJson(res, 400, { ok: false });
      list.unshift({ type: 'message', ts: nextTs(), text, user: user ?? 'U002' });
      return sendJson(res, 200, { ok: true });
    }
    // Revokes only the token issued for one OAuth code: other users connected by specs running
    // in parallel keep theirs.
    if (req.method === 'POST' && req.path === '/__control/revoke') {
      const token = tokenByCode.get(formOrJson(req).code ?? '');
      if (!token) return sendJson(res, 404, { ok: false });
      state.revoked.add(token);
      return sendJson(res, 200, { ok: true });
    }
    const method = req.path.replace(/^\/api\//, '');
    const params = formOrJson(req);
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '') || params.token || '';

    if (method === 'oauth.v2.access') {
      if (params.client_id !== FAKE_SLACK_CLIENT.id || params.client_secret !== FAKE_SLACK_CLIENT.secret) {
        return sendJson(res, 200, { ok: false, error: 'invalid_client_id' });
      }
      if (state.exchangeError) return sendJson(res, 200, { ok: false, error: state.exchangeError });
      if (!params.code || !(state.codes.delete(params.code) || params.code === 'test-code')) {
        return sendJson(res, 200, { ok: false, error: 'invalid_code' });
      }
      const userToken = `xoxp-${randomBytes(12).toString('hex')}`;
      state.issuedTokens.push(userToken);
      tokenByCode.set(params.code, userToken);
      state.userIdOfToken.set(userToken, state.nextAuthedUserId);
      return sendJson(res, 200, {
        ok: true,
        app_id: 'A0FAKE',
        authed_user: {
          id: state.nextAuthedUserId,
          scope: 'channels:read,chat:write',
          access_token: userToken,
          token_type: 'user',
        },
        team: { id: 'T0FAKE', name: FAKE_SLACK_TEAM },
        enterprise: null,
        is_enterprise_install: false,
      });
    }

    if (state.unauthorized.has(token)) return sendJson(res, 401, { ok: false, error: 'invalid_auth' });
    const bot = token === FAKE_SLACK_BOT_TOKEN;
    if (!bot && !state.issuedTokens.includes(token))
      return sendJson(res, 200, { ok: false, error: 'invalid_auth' });
    const botOnly = ['conversations.open', 'chat.update', 'views.open'];
    if (!bot && botOnly.includes(method))
      return sendJson(res, 200, { ok: false, error: 'not_allowed_token_type' });
    if (state.revoked.has(token)) return sendJson(res, 200, { ok: false, error: 'token_revoked' });
    const forced = state.failNext.get(method);
    if (forced && forced.times > 0) {
      forced.times -= 1;
      const extra =
        forced.error === 'missing_scope' ? { needed: 'im:read,groups:read', provided: 'channels:read' } : {};
      return sendJson(res, 200, { ok: false, error: forced.error, ...extra });
    }

    switch (method) {
      case 'auth.test':
        return sendJson(res, 200, {
          ok: true,
          url: 'https://northwind.slack.com/',
          team: FAKE_SLACK_TEAM,
          user: 'alice',
          team_id: 'T0FAKE',
          user_id: state.userIdOfToken.get(token) ?? 'U001',
        });
      case 'auth.revoke':
        state.revoked.add(token);
        return sendJson(res, 200, { ok: true, revoked: true });
      case 'conversations.list':
        return sendJson(res, 200, {
          ok: true,
          channels: params.exclude_archived === 'true' ? CHANNELS.filter((c) => !c.is_archived) : CHANNELS,
          response_metadata: { next_cursor: '' },
        });
      case 'conversations.history': {
        const list = state.messages.get(params.channel ?? '');
        if (!list) return sendJson(res, 200, { ok: false, error: 'channel_not_found' });
        const oldest = params.oldest ? Number(params.oldest) : 0;
        const limit = Number(params.limit ?? 100);
        const messages = list.filter((m) => Number(m.ts) > oldest).slice(0, limit);
        return sendJson(res, 200, { ok: true, messages, has_more: false, pin_count: 0 });
      }
      case 'users.info': {
        const user = USERS[params.user ?? ''];
        if (!user) return sendJson(res, 200, { ok: false, error: 'user_not_found' });
        return sendJson(res, 200, {
          ok: true,
          user: {
            id: params.user,
            name: user.name,
            real_name: user.real_name,
            profile: {
              display_name: user.display_name,
              real_name: user.real_name,
              image_48: `https://avatars.example/${user.name}-48.png`,
              image_32: `https://avatars.example/${user.name}-32.png`,
            },
          },
        });
      }
      case 'chat.postMessage': {
        const list = state.messages.get(params.channel ?? '');
        if (!list) return sendJson(res, 200, { ok: false, error: 'channel_not_found' });
        if (!params.text) return sendJson(res, 200, { ok: false, error: 'no_text' });
        const message = { type: 'message', ts: nextTs(), text: params.text, user: bot ? 'B001' : 'U001' };
        list.unshift(message);
        if (params.blocks) state.blocks.set(message.ts, JSON.parse(params.blocks));
        return sendJson(res, 200, { ok: true, channel: params.channel, ts: message.ts, message });
      }
      case 'conversations.open': {
        const user = params.users ?? '';
        if (!/^U[A-Z0-9]+$/.test(user)) return sendJson(res, 200, { ok: false, error: 'user_not_found' });
        const channel = `D${user}`;
        if (!state.messages.has(channel)) state.messages.set(channel, []);
        return sendJson(res, 200, { ok: true, channel: { id: channel } });
      }
      case 'chat.update': {
        const message = state.messages.get(params.channel ?? '')?.find((m) => m.ts === params.ts);
        if (!message) return sendJson(res, 200, { ok: false, error: 'message_not_found' });
        message.text = params.text ?? message.text;
        if (params.blocks) state.blocks.set(message.ts, JSON.parse(params.blocks));
        return sendJson(res, 200, { ok: true, channel: params.channel, ts: params.ts });
      }
      case 'views.open': {
        if (!params.trigger_id) return sendJson(res, 200, { ok: false, error: 'invalid_trigger_id' });
        const view = JSON.parse(params.view ?? '{}') as Record<string, unknown>;
        state.views.push({ trigger_id: params.trigger_id, view });
        return sendJson(res, 200, { ok: true, view: { id: `V${state.views.length}`, ...view } });
      }
      default:
        return sendJson(res, 200, { ok: false, error: 'unknown_method' });
    }
  }, port);

  return {
    ...server,
    apiUrl: `${server.url}/api/`,
    oauthUrl: `${server.url}/oauth/v2/authorize`,
    get issuedTokens() {
      return state.issuedTokens;
    },
    revoked: state.revoked,
    unauthorized: state.unauthorized,
    failNext: state.failNext,
    get messages() {
      return state.messages;
    },
    get exchangeError() {
      return state.exchangeError;
    },
    set exchangeError(value) {
      state.exchangeError = value;
    },
    get nextAuthedUserId() {
      return state.nextAuthedUserId;
    },
    set nextAuthedUserId(value) {
      state.nextAuthedUserId = value;
    },
    get views() {
      return state.views;
    },
    get blocks() {
      return state.blocks;
    },
    reset() {
      state.revoked.clear();
      state.unauthorized.clear();
      state.failNext.clear();
      state.messages = initialMessages();
      state.exchangeError = null;
      state.nextAuthedUserId = 'U001';
      state.views = [];
      state.blocks = new Map();
    },
  };
}
