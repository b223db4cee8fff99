/**
 * The audit trail (ADR 0102): one row per change, written in the transaction of the change. The
 * serving role may insert and read its company's rows, never update or delete them (no grant).
 */
import { AUDIT_KINDS } from '@hr/shared/audit/audit.schemas';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './core.ts';
import { appUser, currentCompanyId } from './tenant-policy.ts';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    // Who: kept as written (no foreign key), so a removed user's rows still say who they were.
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('audit_events_company_created_idx').on(t.companyId, t.createdAt),
    index('audit_events_company_actor_idx').on(t.companyId, t.actorUserId, t.createdAt),
    pgPolicy('audit_events_read', {
      for: 'select',
      to: appUser,
      using: sql`company_id = ${currentCompanyId}`,
    }),
    pgPolicy('audit_events_insert', {
      for: 'insert',
      to: appUser,
      withCheck: sql`company_id = ${currentCompanyId}`,
    }),
  ],
);
