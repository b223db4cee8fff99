/**
 * Server-only tables: security events, rate-limit windows and the per-company change counts. The serving
 * role has no grant on them.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const SECURITY_EVENT_ACTIONS = [
  'signup_attempt',
  'failed_signup',
  'successful_login',
  'failed_login',
  'password_changed',
  'role_changed',
  'user_removed',
  'company_switched',
  // Account recovery (ADR 0054).
  'password_reset_requested',
  'password_reset',
  'verification_resent',
] as const;
export type SecurityEventAction = (typeof SECURITY_EVENT_ACTIONS)[number];

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action', { enum: SECURITY_EVENT_ACTIONS }).notNull(),
    userId: uuid('user_id'),
    companyId: uuid('company_id'),
    email: text('email'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt),
    index('security_events_email_idx').on(t.email),
    // A company's Security events card (GET /api/v1/security-events), newest first.
    index('security_events_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Each company's changes, the tags of the read cache (ADR 0046): statement triggers on every tenant
 * table add one, in the writing transaction (migration 0015), to the company's row of the writing
 * connection's backend; the company's data version is the sum. Only that backend ever updates its
 * row, so writers never wait on each other, and the update is a HOT one (no index entry, no vacuum
 * needed to keep reads fast). Rows of backends gone are folded into another now and then. No foreign
 * key: a company's deletion is a change too. Since ADR 0120 each area of the data (`db/data-areas.ts`)
 * has its own column, summed the same way; `changes` counts every change, for servers of the release
 * before (a rolling deploy).
 */
export const companyDataChanges = pgTable(
  'company_data_changes',
  {
    companyId: uuid('company_id').notNull(),
    backend: integer('backend').notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull(),
    peopleChanges: bigint('people_changes', { mode: 'number' }).notNull().default(0),
    companyChanges: bigint('company_changes', { mode: 'number' }).notNull().default(0),
    requestsChanges: bigint('requests_changes', { mode: 'number' }).notNull().default(0),
    leaveChanges: bigint('leave_changes', { mode: 'number' }).notNull().default(0),
    workshopChanges: bigint('workshop_changes', { mode: 'number' }).notNull().default(0),
    otherChanges: bigint('other_changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.backend] })],
);
