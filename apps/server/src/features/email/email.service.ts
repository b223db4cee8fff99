/**
 * Email (issue 19, ADRs 0095, 0096): what other features call to send mail, the users' preferences
 * and the leavers' daily sweep. A message is a queue row written in the transaction of the change
 * that causes it (`enqueueEmail`), so it exists exactly when the change committed; the worker
 * (email-worker.ts) renders and sends it.
 */
import { randomUUID } from 'node:crypto';
import {
  type EmailPreferences,
  OPTIONAL_EMAIL_KINDS,
  type OptionalEmailKind,
} from '@hr/shared/email/email-preferences.schemas';
import { z } from 'zod';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { lazy } from '../../lazy.ts';
import type { Logger } from '../../logger.ts';
import {
  findLeaversOn,
  findOptOuts,
  findRecipients,
  findSuperAdminIds,
  insertOutboxRows,
  listCompanyIds,
  updateOptOuts,
} from './email.repository.ts';
import type { EmailBrand, RenderedEmail } from './email-templates.tsx';

// ---------- templates by kind ----------

type Templates = typeof import('./email-templates.tsx');
/**
 * The templates, with React Email and react-dom's server renderer under them: loaded when the first
 * email is rendered, not at start (ADR 0135). Only their types are imported above.
 */
const templates = lazy(() => import('./email-templates.tsx'));

const requestFacts = {
  typeLabel: z.string(),
  startDate: z.string(),
  endDate: z.string(),
};

/**
 * Each kind's data (checked again when the worker renders it) and template. A new email adds its
 * template to email-templates.tsx and its entry here.
 */
export const EMAIL_TEMPLATES = {
  new_request: {
    data: z.object({
      ...requestFacts,
      requesterName: z.string(),
      cost: z.string(),
      workingDays: z.number(),
      remainingDays: z.number().nullable(),
      othersAway: z.array(z.string()),
      reason: z.string().nullable(),
    }),
    render: async (brand: EmailBrand, data: Parameters<Templates['newRequestEmail']>[1]) =>
      (await templates()).newRequestEmail(brand, data),
  },
  decision: {
    data: z.object({
      ...requestFacts,
      status: z.enum(['approved', 'rejected']),
      approverName: z.string(),
      cost: z.string(),
      comment: z.string().nullable(),
    }),
    render: async (brand: EmailBrand, data: Parameters<Templates['decisionEmail']>[1]) =>
      (await templates()).decisionEmail(brand, data),
  },
  cancellation: {
    data: z.object({
      ...requestFacts,
      requesterName: z.string(),
      cancelledBy: z.enum(['the employee', 'a super admin']),
      workingDays: z.number(),
    }),
    render: async (brand: EmailBrand, data: Parameters<Templates['cancellationEmail']>[1]) =>
      (await templates()).cancellationEmail(brand, data),
  },
  leaver: {
    data: z.object({ employeeName: z.string(), position: z.string().nullable(), endDate: z.string() }),
    render: async (brand: EmailBrand, data: Parameters<Templates['leaverEmail']>[1]) =>
      (await templates()).leaverEmail(brand, data),
  },
  invitation: {
    data: z.object({
      token: z.string().min(1),
      invitedBy: z.string(),
      expiresAt: z.iso.datetime(),
    }),
    render: async (brand: EmailBrand, data: Parameters<Templates['invitationEmail']>[1]) =>
      (await templates()).invitationEmail(brand, data),
  },
  password_reset: {
    data: z.object({ link: z.string().url() }),
    render: async (brand: EmailBrand, data: { link: string }) =>
      (await templates()).passwordResetEmail(brand, data.link),
  },
} as const;

export type EmailKind = keyof typeof EMAIL_TEMPLATES;
export type EmailData<K extends EmailKind> = z.infer<(typeof EMAIL_TEMPLATES)[K]['data']>;

export function isEmailKind(kind: string): kind is EmailKind {
  return Object.hasOwn(EMAIL_TEMPLATES, kind);
}

/** Renders a queued message; throws on an unknown kind or data that does not fit it. */
export async function renderQueuedEmail(
  kind: string,
  data: unknown,
  brand: EmailBrand,
): Promise<RenderedEmail> {
  if (!isEmailKind(kind)) throw new Error(`unknown email kind ${kind}`);
  const template = EMAIL_TEMPLATES[kind];
  const parsed = template.data.parse(data);
  // The pair (schema, render) belongs to one kind; TypeScript cannot follow the correlation.
  return (template.render as (brand: EmailBrand, data: unknown) => Promise<RenderedEmail>)(brand, parsed);
}

// ---------- enqueueing ----------

export interface EmailToEnqueue<K extends EmailKind = EmailKind> {
  /** The company the message is about (its name and logo head the email); null for account mail. */
  companyId: string | null;
  kind: K;
  to: string;
  data: EmailData<K>;
  /** Producers that may run twice (a sweep) give a key; a second message with it is skipped. */
  dedupeKey?: string;
}

/**
 * Queues one message in the caller's transaction (a tenant transaction, or the owner's): it is sent
 * once that transaction commits, and never if it rolls back. The public entry for other features
 * (docs/architecture.md, "Email"). Returns the message's id.
 */
export async function enqueueEmail<K extends EmailKind>(
  q: Queryable,
  email: EmailToEnqueue<K>,
): Promise<string> {
  EMAIL_TEMPLATES[email.kind].data.parse(email.data);
  const id = randomUUID();
  await insertOutboxRows(q, [
    {
      id,
      companyId: email.companyId,
      kind: email.kind,
      data: email.data as Record<string, unknown>,
      toAddress: email.to,
      dedupeKey: email.dedupeKey ?? null,
    },
  ]);
  return id;
}

/**
 * Queues an optional email to some users of the company, in the tenant transaction, skipping those
 * who turned that kind off in their profile. Returns how many were queued.
 */
export async function enqueueForUsers<K extends OptionalEmailKind>(
  tx: Tx,
  companyId: string,
  kind: K,
  userIds: string[],
  data: EmailData<K>,
  dedupeKeyOf?: (userId: string) => string,
): Promise<number> {
  const unique = [...new Set(userIds)];
  const recipients = (await findRecipients(tx, companyId, unique)).filter(
    (r) => r.email && !r.optOuts.includes(kind),
  );
  for (const r of recipients) {
    await enqueueEmail(tx, {
      companyId,
      kind,
      to: r.email,
      data,
      ...(dedupeKeyOf ? { dedupeKey: dedupeKeyOf(r.userId) } : {}),
    });
  }
  return recipients.length;
}

// ---------- preferences ----------

function toPreferences(optOuts: string[]): EmailPreferences {
  return Object.fromEntries(OPTIONAL_EMAIL_KINDS.map((k) => [k, !optOuts.includes(k)])) as EmailPreferences;
}

/** GET /api/v1/email-preferences: the signed-in user's optional emails, each on or off. */
export async function getEmailPreferences(db: Db, principal: Principal): Promise<EmailPreferences> {
  const optOuts = await withTenant(db, tenantOf(principal), (tx) => findOptOuts(tx, principal.user.id));
  if (!optOuts) throw errors.notFound();
  return toPreferences(optOuts);
}

/** PUT /api/v1/email-preferences: only the user's own profile, only the known kinds. */
export async function saveEmailPreferences(
  db: Db,
  principal: Principal,
  input: EmailPreferences,
): Promise<EmailPreferences> {
  const optOuts = OPTIONAL_EMAIL_KINDS.filter((k) => !input[k]);
  const saved = await withTenant(db, tenantOf(principal), (tx) =>
    updateOptOuts(tx, principal.user.id, optOuts),
  );
  if (!saved) throw errors.notFound();
  return toPreferences(optOuts);
}

// ---------- leavers ----------

/** Today as yyyy-MM-dd in UTC (the server's calendar, like the rollover's). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The leavers' email (issue 19): on a leaver's end date, each super admin of the company who did not
 * turn it off gets one. Run hourly by every instance; the dedupe key (record, date, admin) makes a
 * second run (or a second instance) queue nothing. Returns how many messages were queued.
 */
export async function runLeaverSweep(db: Db, logger: Logger, on: string = todayUtc()): Promise<number> {
  let queued = 0;
  for (const companyId of await listCompanyIds(db)) {
    try {
      queued += await withTenant(db, { companyId, userId: null, role: null }, async (tx) => {
        const leavers = await findLeaversOn(tx, companyId, on);
        if (!leavers.length) return 0;
        const admins = await findSuperAdminIds(tx, companyId);
        let n = 0;
        for (const leaver of leavers) {
          n += await enqueueForUsers(
            tx,
            companyId,
            'leaver',
            admins,
            { employeeName: leaver.fullName, position: leaver.position || null, endDate: on },
            (adminId) => `leaver:${leaver.id}:${on}:${adminId}`,
          );
        }
        return n;
      });
    } catch (err) {
      logger.error({ err, companyId }, 'leaver email sweep failed');
    }
  }
  return queued;
}
