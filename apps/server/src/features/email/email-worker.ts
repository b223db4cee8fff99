/**
 * The email worker (ADR 0095): claims due rows of the queue with a lease (`FOR UPDATE SKIP LOCKED`),
 * renders and sends each through the mailer, and marks it sent; a failed attempt is retried with
 * exponential back-off up to a maximum number of attempts. Woken by NOTIFY once an inserting
 * transaction commits, and by a periodic sweep (missed notifications, retries, expired leases, and
 * the leavers' daily emails). Every instance runs one; the claim keeps a message to one sender.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Listen, Unlisten } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { Logger } from '../../logger.ts';
import {
  type ClaimedEmail,
  claimDueEmails,
  deleteFinishedEmailsBefore,
  findBrand,
  markEmailAttemptFailed,
  markEmailSent,
} from './email.repository.ts';
import { renderQueuedEmail, runLeaverSweep } from './email.service.ts';
import type { EmailBrand } from './email-templates.tsx';

/** The channel the queue's insert trigger notifies (migration 0026). */
export const EMAIL_CHANNEL = 'hr_email_outbox';

export interface EmailQueueOptions {
  /** How long a claim holds a message before another worker may take it (longer than a send). */
  leaseSeconds: number;
  /** After this many failed attempts a message is marked failed and left alone. */
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long (capped at an hour). */
  retryBaseSeconds: number;
  /** How often the worker looks for due messages without being woken. */
  sweepSeconds: number;
  /** Messages claimed per statement. */
  batchSize: number;
  /** Sent and failed messages are deleted this many days after they were queued. */
  retentionDays: number;
}

export const DEFAULT_EMAIL_QUEUE_OPTIONS: EmailQueueOptions = {
  leaseSeconds: 300,
  maxAttempts: 8,
  retryBaseSeconds: 30,
  sweepSeconds: 30,
  batchSize: 20,
  retentionDays: 90,
};

const MAX_RETRY_SECONDS = 3600;
const LEAVER_SWEEP_MS = 60 * 60 * 1000;

/** When attempt number `attempts` (1-based) failed: the next try, or null when it was the last. */
export function nextAttemptAfter(
  attempts: number,
  options: Pick<EmailQueueOptions, 'maxAttempts' | 'retryBaseSeconds'>,
  now: Date = new Date(),
): Date | null {
  if (attempts >= options.maxAttempts) return null;
  const seconds = Math.min(options.retryBaseSeconds * 2 ** (attempts - 1), MAX_RETRY_SECONDS);
  return new Date(now.getTime() + seconds * 1000);
}

export interface EmailQueue {
  /** Starts listening and sweeping (main.ts). */
  start(): Promise<void>;
  /** Claims and sends every due message; resolves with how many were sent. */
  drain(): Promise<number>;
  /** Sends one queued message now if it is still due (the request that queued it waits for it). */
  sendNow(id: string): Promise<boolean>;
  /** Deletes sent and failed messages older than the retention (hourly, with the leavers sweep). */
  prune(now?: Date): Promise<number>;
  stop(): Promise<void>;
  readonly workerId: string;
}

export function createEmailQueue(deps: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  listen: Listen;
  publicUrl: string;
  options?: Partial<EmailQueueOptions>;
}): EmailQueue {
  const options = { ...DEFAULT_EMAIL_QUEUE_OPTIONS, ...deps.options };
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { db, mailer, logger } = deps;
  let stopped = false;
  let unlisten: Unlisten | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let leaverTimer: NodeJS.Timeout | null = null;
  let draining: Promise<number> | null = null;
  let again = false;

  async function brandOf(companyId: string | null): Promise<EmailBrand> {
    // The company's rows force row-level security: read in its tenant, as the owner would see none.
    const row = companyId
      ? await withTenant(db, { companyId, userId: null, role: null }, (tx) => findBrand(tx, companyId))
      : null;
    return {
      companyName: row?.tradingName || row?.name || 'Northwind HR',
      logoUrl: row?.logoUrl ?? null,
      publicUrl: deps.publicUrl,
    };
  }

  async function deliver(row: ClaimedEmail): Promise<boolean> {
    try {
      const rendered = await renderQueuedEmail(row.kind, row.data, await brandOf(row.companyId));
      await mailer.send({
        to: row.toAddress,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        link: rendered.link,
        id: row.id,
        createdAt: row.createdAt,
      });
      await markEmailSent(db, row.id, workerId, rendered.subject);
      return true;
    } catch (err) {
      const nextAttemptAt = nextAttemptAfter(row.attempts, options);
      const message = err instanceof Error ? err.message : String(err);
      await markEmailAttemptFailed(db, row.id, workerId, { error: message, nextAttemptAt }).catch(
        (markErr: unknown) => logger.error({ err: markErr, emailId: row.id }, 'email outcome not saved'),
      );
      logger[nextAttemptAt ? 'warn' : 'error'](
        { emailId: row.id, kind: row.kind, attempts: row.attempts, nextAttemptAt, err: message },
        nextAttemptAt ? 'email send failed, will retry' : 'email send failed for good',
      );
      return false;
    }
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const rows = await claimDueEmails(db, workerId, options.leaseSeconds, options.batchSize);
      if (!rows.length) return sent;
      for (const row of rows) if (await deliver(row)) sent += 1;
    }
  }

  /** One drain at a time per process; a wake-up during a drain runs one more after it. */
  function drain(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again && !stopped);
      return total;
    })()
      .catch((err: unknown) => {
        logger.error({ err }, 'email queue drain failed');
        return 0;
      })
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  /** The mail log's retention: every instance prunes hourly; the delete is the same whoever runs it. */
  async function prune(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - options.retentionDays * 86_400_000);
    const removed = await deleteFinishedEmailsBefore(db, cutoff);
    if (removed) logger.info({ removed, retentionDays: options.retentionDays }, 'email log pruned');
    return removed;
  }

  return {
    workerId,
    drain,
    prune,
    async sendNow(id) {
      const [row] = await claimDueEmails(db, workerId, options.leaseSeconds, 1, id);
      return row ? deliver(row) : false;
    },
    async start() {
      stopped = false;
      // Without the listener (a wrong DATABASE_LISTEN_URL, a pooler) mail still goes out on the sweep.
      unlisten = await deps
        .listen(
          EMAIL_CHANNEL,
          () => void drain(),
          () => void drain(),
        )
        .catch((err: unknown) => {
          logger.error({ err }, 'email queue listener failed; sending on the sweep only');
          return null;
        });
      sweepTimer = setInterval(() => void drain(), options.sweepSeconds * 1000);
      sweepTimer.unref();
      const leavers = () => {
        void runLeaverSweep(db, logger).catch((err: unknown) => logger.error({ err }, 'leaver sweep failed'));
        void prune().catch((err: unknown) => logger.error({ err }, 'email log pruning failed'));
      };
      leaverTimer = setInterval(leavers, LEAVER_SWEEP_MS);
      leaverTimer.unref();
      leavers();
      void drain();
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      if (leaverTimer) clearInterval(leaverTimer);
      await unlisten?.();
      unlisten = null;
      await draining;
    },
  };
}
