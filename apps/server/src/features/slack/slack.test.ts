/** Slack connect, status, chat actions and token secrecy, against the fake Slack over real HTTP. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SLACK_CLIENT,
  FAKE_SLACK_TEAM,
  type FakeSlack,
  startFakeSlack,
} from '../../../test/fakes/fake-slack.ts';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
});
afterAll(() => slack.close());

const ctx = useTestApp({
  env: () => ({
    SLACK_CLIENT_ID: FAKE_SLACK_CLIENT.id,
    SLACK_CLIENT_SECRET: FAKE_SLACK_CLIENT.secret,
    SLACK_API_URL: slack.apiUrl,
    SLACK_OAUTH_URL: slack.oauthUrl,
  }),
});

beforeEach(() => slack.reset());

type Client = ReturnType<typeof httpClient>;

/** What the popup does: open the authorize URL, follow Slack's redirect, read code and state. */
async function authorize(client: Client): Promise<{ code: string; state: string; authUrl: string }> {
  const res = await client.post('/api/v1/slack/oauth-url');
  expect(res.status).toBe(200);
  const { authUrl } = await json(res);
  const consent = await fetch(authUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', authUrl };
}

async function connect(email: string): Promise<Client> {
  const client = httpClient(ctx.app.app);
  await client.signIn(email);
  const { code, state } = await authorize(client);
  const res = await client.post('/api/v1/slack/oauth/complete', { code, state });
  expect(res.status).toBe(200);
  return client;
}

const slackApi = (client: Client, body: unknown) => client.post('/api/v1/slack/api', body).then(json);

describe('Slack connect', () => {
  it('builds the authorize URL with our client id, user scopes, callback and a state', async () => {
    const client = httpClient(ctx.app.app);
    await client.signIn('admin@northwind.example');
    const { authUrl } = await authorize(client);
    const url = new URL(authUrl);
    expect(url.searchParams.get('client_id')).toBe(FAKE_SLACK_CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(url.searchParams.get('user_scope')).toContain('im:read');
    expect(url.searchParams.get('user_scope')).toContain('groups:read');
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(20);
  });

  it('connects through the popup flow and reports Connected with the workspace name', async () => {
    const client = await connect('owner@northwind.example');
    const status = await json(await client.get('/api/v1/slack/connection'));
    expect(status).toEqual({ status: 'connected', teamName: FAKE_SLACK_TEAM, slackUsername: 'alice' });
  });

  it('an operative has no Slack section: no connection, no status, no chat (operatives have no Slack section)', async () => {
    const client = httpClient(ctx.app.app);
    await client.signIn('alice@northwind.example');
    expect((await client.post('/api/v1/slack/oauth-url')).status).toBe(403);
    expect((await client.get('/api/v1/slack/connection')).status).toBe(403);
    expect((await client.post('/api/v1/slack/api', { action: 'get_channels' })).status).toBe(403);
  });

  it('refuses a replayed state', async () => {
    const client = httpClient(ctx.app.app);
    await client.signIn('admin@northwind.example');
    const { code, state } = await authorize(client);
    expect((await client.post('/api/v1/slack/oauth/complete', { code, state })).status).toBe(200);
    const replay = await client.post('/api/v1/slack/oauth/complete', { code: 'test-code', state });
    expect(replay.status).toBe(400);
    expect((await json(replay)).error.code).toBe('OAUTH_STATE_INVALID');
  });

  it("refuses another user's state, and the state stays usable by its owner", async () => {
    const owner = httpClient(ctx.app.app);
    await owner.signIn('owner@northwind.example');
    const { code, state } = await authorize(owner);
    const thief = httpClient(ctx.app.app);
    await thief.signIn('dev@northwind.example');
    const stolen = await thief.post('/api/v1/slack/oauth/complete', { code, state });
    expect(stolen.status).toBe(400);
    const other = httpClient(ctx.app.app);
    await other.signIn('owner@southbank.example');
    expect((await other.post('/api/v1/slack/oauth/complete', { code, state })).status).toBe(400);
    expect((await json(await thief.get('/api/v1/slack/connection'))).status).toBe('not_connected');
    expect((await owner.post('/api/v1/slack/oauth/complete', { code, state })).status).toBe(200);
  });

  it('a made-up state is refused and the fields are validated', async () => {
    const client = httpClient(ctx.app.app);
    await client.signIn('admin@northwind.example');
    expect((await client.post('/api/v1/slack/oauth/complete', { code: 'x', state: 'made-up' })).status).toBe(
      400,
    );
    const bad = await client.post('/api/v1/slack/oauth/complete', { code: '' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toMatchObject({
      code: 'code is required',
      state: expect.any(String),
    });
  });

  it('maps a non-distributed app to app_distribution_error and other failures to Connection Failed', async () => {
    const client = httpClient(ctx.app.app);
    await client.signIn('admin@northwind.example');
    slack.exchangeError = 'invalid_team_for_non_distributed_app';
    const first = await authorize(client);
    const res = await client.post('/api/v1/slack/oauth/complete', { code: first.code, state: first.state });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({
      code: 'app_distribution_error',
      message: 'Slack App Configuration Error',
    });

    slack.exchangeError = 'invalid_code';
    const second = await authorize(client);
    const res2 = await client.post('/api/v1/slack/oauth/complete', {
      code: second.code,
      state: second.state,
    });
    expect((await json(res2)).error).toMatchObject({
      code: 'SLACK_OAUTH_FAILED',
      message: 'Failed to connect to Slack. Please try again.',
    });
  });

  it('disconnect deletes the mapping and revokes the token', async () => {
    const client = await connect('dev@northwind.example');
    const token = slack.issuedTokens.at(-1) ?? '';
    const res = await client.call('DELETE', '/api/v1/slack/connection');
    expect(await json(res)).toMatchObject({ status: 'not_connected' });
    expect(slack.revoked.has(token)).toBe(true);
    expect((await json(await client.get('/api/v1/slack/connection'))).status).toBe('not_connected');
  });
});

describe('token expiry', () => {
  it.each(['token_revoked', 'invalid_auth', 'account_inactive'])('%s -> token_expired', async (error) => {
    const client = await connect('owner@northwind.example');
    const token = slack.issuedTokens.at(-1) ?? '';
    if (error === 'token_revoked') slack.revoked.add(token);
    else slack.failNext.set('auth.test', { error, times: 1 });
    expect((await json(await client.get('/api/v1/slack/connection'))).status).toBe('token_expired');
  });

  it('an HTTP 401 -> token_expired; other failures -> connection_lost', async () => {
    const client = await connect('owner@northwind.example');
    slack.unauthorized.add(slack.issuedTokens.at(-1) ?? '');
    expect((await json(await client.get('/api/v1/slack/connection'))).status).toBe('token_expired');
    slack.reset();
    slack.failNext.set('auth.test', { error: 'internal_error', times: 1 });
    expect((await json(await client.get('/api/v1/slack/connection'))).status).toBe('connection_lost');
    expect(await slackApi(client, { action: 'get_channels' })).toMatchObject({ ok: true });
  });
});

describe('slack-api actions', () => {
  it('lists channels without archived and direct-message ones', async () => {
    const client = await connect('owner@northwind.example');
    const body = await slackApi(client, { action: 'get_channels' });
    expect(body.ok).toBe(true);
    expect(body.channels.map((c: { name: string }) => c.name)).toEqual(['general', 'random', 'managers']);
    expect(body.channels[0]).toEqual({
      id: 'C001',
      name: 'general',
      is_channel: true,
      is_group: false,
      is_im: false,
    });
  });

  it('loads 50 messages without empty and channel_ ones, with user profiles', async () => {
    const client = await connect('owner@northwind.example');
    const body = await slackApi(client, { action: 'get_channel_history', channel: 'C001' });
    expect(body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Welcome to the team!',
      'First message',
    ]);
    expect(body.messages[0].user_profile).toMatchObject({
      display_name: 'bob',
      real_name: 'Bob Builder',
      image_48: expect.stringContaining('48'),
    });
    const call = slack.requests.filter((r) => r.path === '/api/conversations.history').at(-1);
    expect(new URLSearchParams(call?.body.toString()).get('limit')).toBe('50');
  });

  it('polls with oldest and limit 10, and sends a message', async () => {
    const client = await connect('owner@northwind.example');
    const sent = await slackApi(client, {
      action: 'send_message',
      channel: 'C002',
      text: '  Hello from HR  ',
    });
    expect(sent).toEqual({ ok: true });
    const poll = await slackApi(client, {
      action: 'get_channel_history',
      channel: 'C002',
      oldest: '1700000000.000200',
    });
    expect(poll.messages.map((m: { text: string }) => m.text)).toEqual(['Hello from HR']);
    const call = new URLSearchParams(
      slack.requests
        .filter((r) => r.path === '/api/conversations.history')
        .at(-1)
        ?.body.toString(),
    );
    expect(call.get('limit')).toBe('10');
    expect(call.get('oldest')).toBe('1700000000.000200');
  });

  it('never sends an empty or blank message', async () => {
    const client = await connect('owner@northwind.example');
    const before = slack.requests.length;
    const res = await client.post('/api/v1/slack/api', {
      action: 'send_message',
      channel: 'C002',
      text: '   ',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Message cannot be empty');
    expect(slack.requests.slice(before).some((r) => r.path === '/api/chat.postMessage')).toBe(false);
  });

  it("passes Slack's errors through: missing_scope, channel_not_found, not_in_channel", async () => {
    const client = await connect('owner@northwind.example');
    slack.failNext.set('conversations.list', { error: 'missing_scope', times: 1 });
    expect(await slackApi(client, { action: 'get_channels' })).toEqual({ ok: false, error: 'missing_scope' });
    expect(await slackApi(client, { action: 'get_channel_history', channel: 'C999' })).toEqual({
      ok: false,
      error: 'channel_not_found',
    });
    slack.failNext.set('conversations.history', { error: 'not_in_channel', times: 1 });
    expect(await slackApi(client, { action: 'get_channel_history', channel: 'C001' })).toEqual({
      ok: false,
      error: 'not_in_channel',
    });
    slack.failNext.set('chat.postMessage', { error: 'not_in_channel', times: 1 });
    expect(await slackApi(client, { action: 'send_message', channel: 'C001', text: 'x' })).toEqual({
      ok: false,
      error: 'not_in_channel',
    });
  });

  it('without a connection answers not_authed; unknown actions are a 400', async () => {
    const client = httpClient(ctx.app.app);
    await client.signIn('admin@northwind.example');
    await client.call('DELETE', '/api/v1/slack/connection');
    expect(await slackApi(client, { action: 'get_channels' })).toEqual({ ok: false, error: 'not_authed' });
    expect((await client.post('/api/v1/slack/api', { action: 'drop_tables' })).status).toBe(400);
  });
});

describe('token secrecy', () => {
  it('the raw token is in no table and no API response', async () => {
    const client = await connect('owner@northwind.example');
    const token = slack.issuedTokens.at(-1) ?? '';
    expect(token).toMatch(/^xoxp-/);
    const responses = [
      await client.get('/api/v1/slack/connection'),
      await client.post('/api/v1/slack/api', { action: 'test_connection' }),
      await client.post('/api/v1/slack/api', { action: 'get_channels' }),
      await client.get('/api/v1/me'),
    ];
    for (const res of responses) expect(await res.text()).not.toContain(token);

    const dump = rowsOf<{ all: string }>(
      await ctx.app.admin.execute(sql`select string_agg(t::text, '|') as all from slack_user_mappings t`),
    );
    const text = String(dump[0]?.all);
    expect(text).toContain('v1.');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(5));
  });
});
