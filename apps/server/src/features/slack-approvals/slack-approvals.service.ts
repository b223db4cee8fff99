/**
 * Approving from Slack (issue 19, ADR 0100): a direct message with Approve and Reject to the approver of
 * each new request, and Slack's signed clicks decided through the web's own decision function.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HOLIDAY_TYPE_LABELS } from '@hr/shared/hr/holidays.schemas';
import { UUID_PATTERN } from '@hr/shared/ids';
import { leaveCostPhrase } from '@hr/shared/notifications/notification-text';
import type { KnownBlock, ModalView } from '@slack/web-api';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NO_DATA_VERSIONS } from '../../db/data-areas.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Principal } from '../../http/app-env.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../integrations/secret-box.ts';
import type { SlackClient } from '../../integrations/slack/slack-client.ts';
import type { Logger } from '../../logger.ts';
import { decideHolidayRequest } from '../holidays/holidays.service.ts';
import {
  findConnectedSlack,
  findRequestSummary,
  findSlackActors,
  type RequestSummary,
  saveSlackUserId,
} from './slack-approvals.repository.ts';

export interface SlackApprovalDeps {
  db: Db;
  slack: SlackClient;
  secretBox: SecretBox;
  /** SLACK_BOT_TOKEN: without it no message is sent. */
  botToken: string | undefined;
  /** SLACK_SIGNING_SECRET: without it every interaction is refused (503). */
  signingSecret: string | undefined;
  logger: Logger;
  /** Seconds since the epoch; tests move it. */
  now?: () => number;
}

export const SLACK_APPROVAL_ACTIONS = { approve: 'holiday_approve', reject: 'holiday_reject' } as const;
export const SLACK_REJECT_CALLBACK = 'holiday_reject_comment';
const COMMENT_BLOCK = 'comment';
const COMMENT_ACTION = 'comment';

/** Slack's replay window: a request signed more than five minutes ago (or ahead) is refused. */
export const SLACK_SIGNATURE_MAX_AGE_S = 5 * 60;

export const SLACK_APPROVAL_MESSAGES = {
  badSignature: 'Invalid Slack signature.',
  notConfigured: 'Slack interactions are not configured.',
  badPayload: 'Unrecognised Slack interaction.',
  notLinked: 'Your Slack account is not connected to a Northwind HR user in this company.',
  commentRequired: 'Please add a comment for the employee.',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;

/** Slack mrkdwn: &, < and > are the only characters to escape. */
const escapeMrkdwn = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function describeRequest(r: RequestSummary): string {
  const dates = r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`;
  return `${HOLIDAY_TYPE_LABELS[r.holidayType]}, ${dates} (${leaveCostPhrase(r)})`;
}

/** The value both buttons carry: the company and the request (Slack signs what it sends back). */
const buttonValue = (companyId: string, requestId: string) => `${companyId}:${requestId}`;

export function requestMessage(companyId: string, r: RequestSummary): { text: string; blocks: KnownBlock[] } {
  const text = `New holiday request: ${r.employeeName} requested ${describeRequest(r)}.`;
  const value = buttonValue(companyId, r.id);
  return {
    text,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*New holiday request*\n*${escapeMrkdwn(r.employeeName)}* requested ${escapeMrkdwn(describeRequest(r))}.`,
        },
      },
      {
        type: 'actions',
        block_id: 'holiday_decision',
        elements: [
          {
            type: 'button',
            action_id: SLACK_APPROVAL_ACTIONS.approve,
            style: 'primary',
            text: { type: 'plain_text', text: 'Approve' },
            value,
          },
          {
            type: 'button',
            action_id: SLACK_APPROVAL_ACTIONS.reject,
            style: 'danger',
            text: { type: 'plain_text', text: 'Reject' },
            value,
          },
        ],
      },
    ],
  };
}

function outcomeMessage(r: RequestSummary, outcome: string): { text: string; blocks: KnownBlock[] } {
  const text = `${r.employeeName}: ${describeRequest(r)}. ${outcome}`;
  return {
    text,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*${escapeMrkdwn(r.employeeName)}*: ${escapeMrkdwn(describeRequest(r))}`,
        },
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(outcome) }] },
    ],
  };
}

/**
 * After the request's transaction committed (never inside it): a direct message to its approver, when
 * the approver connected Slack and the bot token is configured. Best effort: a failure is logged and
 * the request stands (ADR 0100).
 */
export async function sendApprovalMessage(
  deps: SlackApprovalDeps,
  companyId: string,
  requestId: string,
): Promise<boolean> {
  const botToken = deps.botToken;
  if (!botToken) return false;
  const target = await withTenant(deps.db, { companyId, userId: null, role: null }, async (tx) => {
    const request = await findRequestSummary(tx, companyId, requestId);
    if (request?.status !== 'pending' || !request.lineManagerId) return null;
    const slack = await findConnectedSlack(tx, companyId, request.lineManagerId);
    if (!slack) return null;
    return { request, slack, approverId: request.lineManagerId };
  });
  if (!target) return false;
  let slackUserId = target.slack.slackUserId;
  if (!slackUserId && target.slack.encryptedAccessToken) {
    // A connection made before the id was stored: ask Slack whose token it is, once.
    slackUserId = (await deps.slack.authTest(deps.secretBox.open(target.slack.encryptedAccessToken))).userId;
    if (slackUserId) {
      const id = slackUserId;
      await withTenant(deps.db, { companyId, userId: target.approverId, role: null }, (tx) =>
        saveSlackUserId(tx, companyId, target.approverId, id),
      );
    }
  }
  if (!slackUserId) return false;
  const channel = await deps.slack.openDirectMessage(botToken, slackUserId);
  const message = requestMessage(companyId, target.request);
  await deps.slack.postBlocks(botToken, channel, message.text, message.blocks);
  return true;
}

/** Fire and forget, for the route after the commit: never throws, never delays the answer. */
export function sendApprovalMessageInBackground(
  deps: SlackApprovalDeps,
  companyId: string,
  requestId: string,
): void {
  sendApprovalMessage(deps, companyId, requestId).catch((error: unknown) => {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error), requestId },
      'slack approval message not sent',
    );
  });
}

/**
 * Slack's v0 signature: HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret, compared in
 * constant time; a timestamp more than five minutes from now is a replay. Throws the 401 (or the 503
 * when no secret is configured).
 */
export function verifySlackSignature(
  deps: Pick<SlackApprovalDeps, 'signingSecret' | 'now'>,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
): void {
  const secret = deps.signingSecret;
  if (!secret) throw new AppError(503, 'SLACK_NOT_CONFIGURED', SLACK_APPROVAL_MESSAGES.notConfigured);
  const refuse = () => new AppError(401, 'SLACK_SIGNATURE_INVALID', SLACK_APPROVAL_MESSAGES.badSignature);
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) throw refuse();
  const now = deps.now?.() ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > SLACK_SIGNATURE_MAX_AGE_S) throw refuse();
  const expected = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
}

const slackIdSchema = z.string().regex(/^[A-Z0-9]{2,32}$/);
const uuid = z.string().regex(UUID_PATTERN);
const valueSchema = z
  .string()
  .max(200)
  .transform((v) => v.split(':'))
  .pipe(z.tuple([uuid, uuid]));

const blockActionsSchema = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: slackIdSchema }),
  trigger_id: z.string().max(200).optional(),
  container: z
    .object({ channel_id: z.string().max(50).optional(), message_ts: z.string().max(50).optional() })
    .optional(),
  channel: z.object({ id: z.string().max(50) }).optional(),
  actions: z
    .array(z.object({ action_id: z.string().max(100), value: z.string().max(200).optional() }))
    .min(1),
});

const metadataSchema = z.object({
  companyId: uuid,
  requestId: uuid,
  channel: z.string().max(50).nullable(),
  ts: z.string().max(50).nullable(),
});

const viewSubmissionSchema = z.object({
  type: z.literal('view_submission'),
  user: z.object({ id: slackIdSchema }),
  view: z.object({
    callback_id: z.string(),
    private_metadata: z.string().max(3000),
    state: z.object({
      values: z.record(z.string(), z.record(z.string(), z.object({ value: z.string().nullish() }))),
    }),
  }),
});

/** What the route answers Slack: JSON with status 200 (Slack shows nothing for other statuses but an error). */
export type SlackInteractionAnswer =
  | { ok: true; text: string }
  | { ok: false; text: string }
  | { response_action: 'clear' }
  | { response_action: 'errors'; errors: Record<string, string> };

/** The clicking Slack user as a principal of the company, or null when no single live user matches. */
async function actorPrincipal(
  deps: SlackApprovalDeps,
  companyId: string,
  slackUserId: string,
): Promise<Principal | null> {
  const actors = await findSlackActors(deps.db, companyId, slackUserId);
  const [actor] = actors;
  if (!actor || actors.length > 1) return null;
  return {
    user: { id: actor.userId, email: actor.email, emailVerified: actor.emailVerified, name: actor.name },
    sessionId: 'slack',
    companyId,
    role: actor.role,
    levels: {},
    dataVersions: NO_DATA_VERSIONS,
    mustChangePassword: false,
    // The click reaches us from Slack's servers, not the person's device: the audit row says so by
    // its session ('slack') and records no IP of theirs.
    ipAddress: null,
  };
}

/** A decision through the web's own function: its checks, its notifications, its 403/404/409s. */
async function decide(
  deps: SlackApprovalDeps,
  principal: Principal,
  requestId: string,
  decision: 'approve' | 'reject',
  comment: string | null,
  where: { channel: string | null; ts: string | null },
): Promise<{ ok: true; text: string } | { ok: false; text: string }> {
  try {
    await decideHolidayRequest(deps.db, principal, requestId, { decision, comment });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { ok: false, text: error.message };
    throw error;
  }
  const outcome =
    decision === 'approve'
      ? `${SLACK_APPROVAL_MESSAGES.approved} by ${principal.user.name}.`
      : `${SLACK_APPROVAL_MESSAGES.rejected} by ${principal.user.name}: ${comment ?? ''}`;
  if (deps.botToken && where.channel && where.ts) {
    const request = await withTenant(
      deps.db,
      { companyId: principal.companyId, userId: principal.user.id, role: principal.role },
      (tx) => findRequestSummary(tx, principal.companyId, requestId),
    );
    if (request) {
      const message = outcomeMessage(request, outcome);
      // The decision stands whatever Slack answers; the message is only its picture.
      await deps.slack
        .updateMessage(deps.botToken, where.channel, where.ts, message.text, message.blocks)
        .catch((error: unknown) =>
          deps.logger.warn({ err: String(error), requestId }, 'slack approval message not updated'),
        );
    }
  }
  return { ok: true, text: outcome };
}

function rejectModal(metadata: z.infer<typeof metadataSchema>, request: RequestSummary | null): ModalView {
  return {
    type: 'modal',
    callback_id: SLACK_REJECT_CALLBACK,
    private_metadata: JSON.stringify(metadata),
    title: { type: 'plain_text', text: 'Reject request' },
    submit: { type: 'plain_text', text: 'Reject' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      ...(request
        ? [
            {
              type: 'section' as const,
              text: {
                type: 'mrkdwn' as const,
                text: `*${escapeMrkdwn(request.employeeName)}*: ${escapeMrkdwn(describeRequest(request))}`,
              },
            },
          ]
        : []),
      {
        type: 'input',
        block_id: COMMENT_BLOCK,
        label: { type: 'plain_text', text: 'Comment for the employee' },
        element: { type: 'plain_text_input', action_id: COMMENT_ACTION, multiline: true, max_length: 1000 },
      },
    ],
  };
}

/** One verified interaction payload (the route has checked the signature). */
export async function handleSlackInteraction(
  deps: SlackApprovalDeps,
  payloadText: string | null,
): Promise<SlackInteractionAnswer> {
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText ?? '');
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', SLACK_APPROVAL_MESSAGES.badPayload);
  }
  const actions = blockActionsSchema.safeParse(payload);
  if (actions.success) {
    const action = actions.data.actions[0];
    const value = valueSchema.safeParse(action?.value ?? '');
    const kind =
      action?.action_id === SLACK_APPROVAL_ACTIONS.approve
        ? 'approve'
        : action?.action_id === SLACK_APPROVAL_ACTIONS.reject
          ? 'reject'
          : null;
    if (!value.success || !kind) return { ok: false, text: SLACK_APPROVAL_MESSAGES.badPayload };
    const [companyId, requestId] = value.data;
    const principal = await actorPrincipal(deps, companyId, actions.data.user.id);
    if (!principal) return { ok: false, text: SLACK_APPROVAL_MESSAGES.notLinked };
    const where = {
      channel: actions.data.container?.channel_id ?? actions.data.channel?.id ?? null,
      ts: actions.data.container?.message_ts ?? null,
    };
    if (kind === 'approve') return decide(deps, principal, requestId, 'approve', null, where);
    // Reject asks for the comment first: a modal; its submission decides.
    const request = await withTenant(
      deps.db,
      { companyId, userId: principal.user.id, role: principal.role },
      (tx) => findRequestSummary(tx, companyId, requestId),
    );
    if (!request) return { ok: false, text: 'Not found.' };
    if (!deps.botToken || !actions.data.trigger_id)
      return { ok: false, text: SLACK_APPROVAL_MESSAGES.notConfigured };
    await deps.slack.openView(
      deps.botToken,
      actions.data.trigger_id,
      rejectModal({ companyId, requestId, channel: where.channel, ts: where.ts }, request),
    );
    return { ok: true, text: 'Comment requested' };
  }
  const submission = viewSubmissionSchema.safeParse(payload);
  if (submission.success && submission.data.view.callback_id === SLACK_REJECT_CALLBACK) {
    let metadata: z.infer<typeof metadataSchema>;
    try {
      metadata = metadataSchema.parse(JSON.parse(submission.data.view.private_metadata));
    } catch {
      throw new AppError(400, 'VALIDATION_ERROR', SLACK_APPROVAL_MESSAGES.badPayload);
    }
    const comment = submission.data.view.state.values[COMMENT_BLOCK]?.[COMMENT_ACTION]?.value?.trim() ?? '';
    if (!comment || comment.length > 1000 || comment.includes('\u0000')) {
      return {
        response_action: 'errors',
        errors: { [COMMENT_BLOCK]: SLACK_APPROVAL_MESSAGES.commentRequired },
      };
    }
    const principal = await actorPrincipal(deps, metadata.companyId, submission.data.user.id);
    if (!principal) {
      return { response_action: 'errors', errors: { [COMMENT_BLOCK]: SLACK_APPROVAL_MESSAGES.notLinked } };
    }
    const result = await decide(deps, principal, metadata.requestId, 'reject', comment, metadata);
    return result.ok
      ? { response_action: 'clear' }
      : { response_action: 'errors', errors: { [COMMENT_BLOCK]: result.text } };
  }
  throw new AppError(400, 'VALIDATION_ERROR', SLACK_APPROVAL_MESSAGES.badPayload);
}
