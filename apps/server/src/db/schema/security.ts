/** Server-only tables: security events and rate-limit windows. The serving role has no grant on them. */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
