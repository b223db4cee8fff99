/** Approving from Slack (ADR 0100), against the fake Slack over real HTTP. */
import { createHmac } from 'node:crypto';
import { HOLIDAY_MESSAGES } from '@hr/shared/hr/holidays.schemas';
import { addDays } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_SLACK_BOT_TOKEN,
  FAKE_SLACK_CLIENT,
  type FakeSlack,
  startFakeSlack,
} from '../../../test/fakes/fake-slack.ts';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';
import { rowsOf } from '../../db/client.ts';
import { SLACK_APPROVAL_MESSAGES } from './slack-approvals.service.ts';

const SIGNING_SECRET = 'test-slack-signing-secret';
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
});
afterAll(() => slack.close());

const t = useTestApp({
  env: () => ({
    SLACK_CLIENT_ID: FAKE_SLACK_CLIENT.id,
    SLACK_CLIENT_SECRET: FAKE_SLACK_CLIENT.secret,
    SLACK_API_URL: slack.apiUrl,
    SLACK_OAUTH_URL: slack.oauthUrl,
    SLACK_BOT_TOKEN: FAKE_SLACK_BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
  }),
});

/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const idOf = async (email: string) =>
  (await query<{ id: string }>(sql`select id from auth_users where email = ${email}`))[0]?.id as string;
const statusOf = async (id: string) =>
  (
    await query<{ status: string; comment: string | null }>(
      sql`select status, reviewer_comments as comment from holiday_requests where id = ${id}`,
    )
  )[0];

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

/** The popup flow of features/slack, as the given Slack user. */
async function connectSlack(email: string, slackUserId: string) {
  const client = await signedIn(email);
  slack.nextAuthedUserId = slackUserId;
  const { authUrl } = await json(await client.post('/api/v1/slack/oauth-url'));
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const res = await client.post('/api/v1/slack/oauth/complete', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(res.status).toBe(200);
}

function sign(body: string, timestamp: number, secret = SIGNING_SECRET) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** What Slack POSTs to the Interactivity Request URL. */
async function interact(
  payload: unknown,
  options: { timestamp?: number; signature?: string; secret?: string } = {},
) {
  const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return t.app.app.request('/api/slack/interactions', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': options.signature ?? sign(body, timestamp, options.secret),
    },
    body,
  });
}

function click(slackUserId: string, action: 'holiday_approve' | 'holiday_reject', value: string, ts: string) {
  return {
    type: 'block_actions',
    user: { id: slackUserId },
    trigger_id: '1337.42.abcdef',
    container: { type: 'message', channel_id: 'DUADMIN1', message_ts: ts },
    channel: { id: 'DUADMIN1' },
    actions: [{ type: 'button', action_id: action, value }],
  };
}

/** The approval DM for a request, once the after-commit send reached the fake (it is not awaited). */
async function dmFor(requestId: string): Promise<{ ts: string; value: string; blocks: unknown[] }> {
  for (let i = 0; i < 100; i += 1) {
    for (const [ts, blocks] of slack.blocks) {
      const text = JSON.stringify(blocks);
      const match = text.match(new RegExp(`"value":"([0-9a-f-]{36}:${requestId})"`));
      if (match?.[1]) return { ts, value: match[1], blocks };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no Slack message for ${requestId}`);
}

async function submitAsTom(weeksAhead: number) {
  const tom = await signedIn('tom@northwind.example');
  const start = mondayAfter(weeksAhead * 7);
  const res = await tom.post('/api/v1/holidays/requests', {
    startDate: start,
    endDate: addDays(start, 1),
    holidayType: 'annual',
  });
  expect(res.status).toBe(201);
  const body = await json(res);
  expect(body.status).toBe('pending');
  return body.id as string;
}

const notificationsOfTom = async () =>
  query<{ title: string; message: string }>(
    sql`select n.title, n.message from notifications n join auth_users u on u.id = n.user_id
        where u.email = 'tom@northwind.example' order by n.created_at`,
  );

beforeAll(async () => {
  // Tom's line manager becomes Adam (an admin: operatives have no Slack section), who connects Slack as
  // UADMIN1; the owner, a super admin but not Tom's approver, connects as UOWNER1.
  const adam = await idOf('admin@northwind.example');
  await t.app.admin.execute(
    sql`update employee_records set line_manager_id = ${adam} where email = 'tom@northwind.example'`,
  );
  await connectSlack('admin@northwind.example', 'UADMIN1');
  await connectSlack('owner@northwind.example', 'UOWNER1');
});

describe('approving from Slack', () => {
  it('sends the approver a DM with Approve and Reject for a new request; a signed approve click approves it and tells the requester', async () => {
    const requestId = await submitAsTom(6);
    const dm = await dmFor(requestId);
    const opened = slack.requests.filter((r) => r.path === '/api/conversations.open').at(-1);
    expect(new URLSearchParams(opened?.body.toString()).get('users')).toBe('UADMIN1');
    expect(slack.messages.get('DUADMIN1')?.some((m) => m.ts === dm.ts)).toBe(true);
    const text = JSON.stringify(dm.blocks);
    expect(text).toContain('Tom Turner');
    expect(text).toContain('"action_id":"holiday_approve"');
    expect(text).toContain('"action_id":"holiday_reject"');
    expect(text).toContain('"text":"Approve"');
    expect(text).toContain('"text":"Reject"');

    const res = await interact(click('UADMIN1', 'holiday_approve', dm.value, dm.ts));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ok: true, text: 'Approved by Adam Archer.' });
    expect((await statusOf(requestId))?.status).toBe('approved');
    expect((await notificationsOfTom()).at(-1)?.title).toBe('Holiday request approved');
    // The message now shows the outcome instead of the buttons.
    const updated = JSON.stringify(slack.blocks.get(dm.ts));
    expect(updated).toContain('Approved by Adam Archer.');
    expect(updated).not.toContain('holiday_approve');

    // A replayed click is harmless: the request is already decided.
    const again = await interact(click('UADMIN1', 'holiday_approve', dm.value, dm.ts));
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ ok: false, text: HOLIDAY_MESSAGES.alreadyDecided });
    expect((await statusOf(requestId))?.status).toBe('approved');
  });

  it('reject opens a modal for the comment; its submission rejects with the comment', async () => {
    const requestId = await submitAsTom(8);
    const dm = await dmFor(requestId);
    const res = await interact(click('UADMIN1', 'holiday_reject', dm.value, dm.ts));
    expect(await json(res)).toMatchObject({ ok: true });
    expect((await statusOf(requestId))?.status).toBe('pending');
    const opened = slack.views.at(-1);
    expect(opened?.trigger_id).toBe('1337.42.abcdef');
    const view = opened?.view as { callback_id: string; private_metadata: string; type: string };
    expect(view.type).toBe('modal');

    const submission = (comment: string, user = 'UADMIN1') => ({
      type: 'view_submission',
      user: { id: user },
      view: {
        callback_id: view.callback_id,
        private_metadata: view.private_metadata,
        state: { values: { comment: { comment: { type: 'plain_text_input', value: comment } } } },
      },
    });
    const empty = await interact(submission('   '));
    expect(await json(empty)).toEqual({
      response_action: 'errors',
      errors: { comment: SLACK_APPROVAL_MESSAGES.commentRequired },
    });
    const notApprover = await interact(submission('No', 'UOWNER1'));
    expect(await json(notApprover)).toEqual({
      response_action: 'errors',
      errors: { comment: HOLIDAY_MESSAGES.notYourRequest },
    });
    expect((await statusOf(requestId))?.status).toBe('pending');

    const done = await interact(submission('  Busy week, sorry  '));
    expect(await json(done)).toEqual({ response_action: 'clear' });
    expect(await statusOf(requestId)).toEqual({ status: 'rejected', comment: 'Busy week, sorry' });
    expect((await notificationsOfTom()).at(-1)).toMatchObject({
      title: 'Holiday request rejected',
      message: expect.stringContaining('Busy week, sorry'),
    });
    expect(JSON.stringify(slack.blocks.get(dm.ts))).toContain('Rejected by Adam Archer: Busy week, sorry');
  });

  it('refuses a bad signature, a stale timestamp, a missing signature (401) and changes nothing', async () => {
    const requestId = await submitAsTom(10);
    const dm = await dmFor(requestId);
    const payload = click('UADMIN1', 'holiday_approve', dm.value, dm.ts);
    const wrongSecret = await interact(payload, { secret: 'not-the-secret' });
    expect(wrongSecret.status).toBe(401);
    expect((await json(wrongSecret)).error.code).toBe('SLACK_SIGNATURE_INVALID');
    const garbage = await interact(payload, { signature: 'v0=zz' });
    expect(garbage.status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    expect((await interact(payload, { timestamp: stale })).status).toBe(401);
    const future = Math.floor(Date.now() / 1000) + 6 * 60;
    expect((await interact(payload, { timestamp: future })).status).toBe(401);
    const unsigned = await t.app.app.request('/api/slack/interactions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `payload=${encodeURIComponent(JSON.stringify(payload))}`,
    });
    expect(unsigned.status).toBe(401);
    expect((await statusOf(requestId))?.status).toBe('pending');
  });

  it('a Slack user who is not the approver, or not linked, is refused and nothing changes', async () => {
    const requestId = await submitAsTom(12);
    const dm = await dmFor(requestId);
    const owner = await interact(click('UOWNER1', 'holiday_approve', dm.value, dm.ts));
    expect(owner.status).toBe(200);
    expect(await json(owner)).toEqual({ ok: false, text: HOLIDAY_MESSAGES.notYourRequest });
    const stranger = await interact(click('USTRANGER', 'holiday_approve', dm.value, dm.ts));
    expect(await json(stranger)).toEqual({ ok: false, text: SLACK_APPROVAL_MESSAGES.notLinked });
    // The right Slack user but another company in the button: no user of that company has that Slack id.
    const southbank = (
      await query<{ id: string }>(sql`select id from companies where name = 'Southbank Hire Ltd'`)
    )[0]?.id;
    const forged = await interact(click('UADMIN1', 'holiday_approve', `${southbank}:${requestId}`, dm.ts));
    expect(await json(forged)).toEqual({ ok: false, text: SLACK_APPROVAL_MESSAGES.notLinked });
    expect((await statusOf(requestId))?.status).toBe('pending');
    expect(JSON.stringify(slack.blocks.get(dm.ts))).toContain('holiday_approve');

    // Bad payloads are 400s, never 500s.
    expect((await interact('not json at all')).status).toBe(400);
    const body = 'payload=%7Bnot-json';
    const ts = Math.floor(Date.now() / 1000);
    const res = await t.app.app.request('/api/slack/interactions', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': sign(body, ts),
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(
      await json(await interact({ ...click('UADMIN1', 'holiday_approve', 'x:y', dm.ts) })),
    ).toMatchObject({ ok: false });
  });

  it('two simultaneous approve clicks decide once', async () => {
    const requestId = await submitAsTom(16);
    const dm = await dmFor(requestId);
    const approvedBefore = (await notificationsOfTom()).filter((n) => n.title === 'Holiday request approved');
    const answers = await Promise.all([
      interact(click('UADMIN1', 'holiday_approve', dm.value, dm.ts)).then(json),
      interact(click('UADMIN1', 'holiday_approve', dm.value, dm.ts)).then(json),
    ]);
    expect(answers.filter((a) => a.ok === true)).toHaveLength(1);
    expect(answers.filter((a) => a.ok === false)[0]?.text).toBe(HOLIDAY_MESSAGES.alreadyDecided);
    expect((await statusOf(requestId))?.status).toBe('approved');
    // One decision, one notification to the requester.
    const approvedAfter = (await notificationsOfTom()).filter((n) => n.title === 'Holiday request approved');
    expect(approvedAfter.length).toBe(approvedBefore.length + 1);
  });

  it('sends nothing when the approver has not connected Slack', async () => {
    const before = slack.requests.filter((r) => r.path === '/api/chat.postMessage').length;
    const alice = await signedIn('alice@northwind.example');
    const start = mondayAfter(14 * 7);
    const res = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
    });
    expect((await json(res)).status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slack.requests.filter((r) => r.path === '/api/chat.postMessage').length).toBe(before);
  });

  it('sends the new approver a DM when a change of line manager moves a pending request to them', async () => {
    // Alice's manager has no Slack: her request sends nothing.
    const alice = await signedIn('alice@northwind.example');
    const start = mondayAfter(16 * 7);
    const submitted = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: addDays(start, 2),
      holidayType: 'annual',
    });
    const requestId = (await json(submitted)).id as string;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.stringify([...slack.blocks.values()])).not.toContain(requestId);

    // The employee form gives her Adam (Slack UADMIN1): the moved request reaches him, and his click decides it.
    const owner = await signedIn('owner@northwind.example');
    const list = await json(await owner.get('/api/v1/employees?search=alice%40northwind.example'));
    const record = list.items[0];
    const saved = await owner.call('PUT', `/api/v1/employees/${record.id}`, {
      ...record,
      lineManagerId: await idOf('admin@northwind.example'),
    });
    expect(saved.status).toBe(200);
    const dm = await dmFor(requestId);
    const opened = slack.requests.filter((r) => r.path === '/api/conversations.open').at(-1);
    expect(new URLSearchParams(opened?.body.toString()).get('users')).toBe('UADMIN1');
    expect(JSON.stringify(dm.blocks)).toContain('Alice Anders');
    const res = await interact(click('UADMIN1', 'holiday_approve', dm.value, dm.ts));
    expect(await json(res)).toMatchObject({ ok: true, text: 'Approved by Adam Archer.' });
    expect((await statusOf(requestId))?.status).toBe('approved');

    // Saving the record again moves nothing, and sends nothing more.
    const posted = slack.requests.filter((r) => r.path === '/api/chat.postMessage').length;
    const again = await owner.call('PUT', `/api/v1/employees/${record.id}`, {
      ...record,
      lineManagerId: await idOf('admin@northwind.example'),
    });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slack.requests.filter((r) => r.path === '/api/chat.postMessage').length).toBe(posted);
  });
});
