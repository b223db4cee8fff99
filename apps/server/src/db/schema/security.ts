/**
 * Server-only tables: security events, rate-limit windows and the per-company data versions. The serving
 * role has no grant on them.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
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
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * How many times each company's data has changed, the tag of the read cache (ADR 0046). Statement
 * triggers on every tenant table add one in the writing transaction (migration 0015); the version is
 * the sum over the shards. Each connection bumps the shard of its backend (pid modulo 64), so
 * concurrent writers of one company seldom wait on each other's row lock. No foreign key: a company's
 * deletion bumps its own version too.
 */
export const companyDataVersions = pgTable(
  'company_data_versions',
  {
    companyId: uuid('company_id').notNull(),
    shard: smallint('shard').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.shard] })],
);
