/**
 * The durable email queue (issue 19, ADR 0095): one row per message, written in the transaction of
 * the change that causes it and rendered and sent by the worker (features/email/email-worker.ts). Not a tenant
 * table: the worker reads it across companies as the owner; the serving role may only insert.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './core.ts';

export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The company the message is about (null: account mail such as a password reset).
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    // The template (features/email/email-templates.tsx) and its data: rendered by the worker when it
    // sends, with the company's name and logo as they are then.
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    toAddress: text('to_address').notNull(),
    // Filled in when sent: what went out.
    subject: text('subject'),
    // Idempotent producers (the leavers' daily sweep): a second insert with the same key is skipped.
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    // What the worker claims: due pending rows, and sending rows whose lease ran out.
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending')`),
  ],
);
