/** Companies, people and access: the tables every feature leans on. */

import { ACCESS_LEVELS } from '@hr/shared/permissions';
import { ROLES } from '@hr/shared/roles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { appUser, currentCompanyId, currentUserId, tenantPolicy } from './tenant-policy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    tradingName: text('trading_name'),
    isActive: boolean('is_active').notNull().default(true),
    // Public holidays of employees without a region of their own (ADR 0085): a gov.uk key or a
    // date-holidays country / state key. Changed in Company Settings.
    defaultRegion: text('default_region').notNull().default('england-and-wales'),
    createdAt: createdAt(),
  },
  () => [
    // A user reads their own company; the developer (who may switch company) reads every company.
    pgPolicy('companies_read', {
      for: 'select',
      to: appUser,
      using: sql`id = ${currentCompanyId} or current_setting('app.role', true) = 'developer'`,
    }),
    pgPolicy('companies_create', {
      for: 'insert',
      to: appUser,
      withCheck: sql`id = ${currentCompanyId}`,
    }),
    pgPolicy('companies_write', {
      for: 'update',
      to: appUser,
      using: sql`id = ${currentCompanyId}`,
      withCheck: sql`id = ${currentCompanyId}`,
    }),
    // Only a company nobody is in: what an expired, never verified sign-up leaves behind (ADR 0055).
    pgPolicy('companies_delete_empty', {
      for: 'delete',
      to: appUser,
      using: sql`id = ${currentCompanyId} and not exists (select 1 from profiles p where p.company_id = companies.id)`,
    }),
  ],
);

export const companyDetails = pgTable(
  'company_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    tradingName: text('trading_name'),
    logoUrl: text('logo_url'),
    addresses: jsonb('addresses')
      .$type<
        {
          id: string;
          type: string;
          address_line_1: string;
          address_line_2: string | null;
          city: string;
          postcode: string;
          country: string;
        }[]
      >()
      .notNull()
      .default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_details_company_id_key').on(t.companyId), tenantPolicy('company_details')],
);

export const companySettings = pgTable(
  'company_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundRspToWholeNumbers: boolean('round_rsp_to_whole_numbers').notNull().default(false),
    cloudStorageEnabled: boolean('cloud_storage_enabled').notNull().default(false),
    primaryCloudProvider: text('primary_cloud_provider', {
      enum: ['supabase', 'google_drive', 'microsoft_onedrive'],
    })
      .notNull()
      .default('supabase'),
    cloudStorageFolderStructure: text('cloud_storage_folder_structure', {
      enum: ['company/department/date', 'department/date', 'date/department', 'flat'],
    })
      .notNull()
      .default('company/department/date'),
    fullTimeHoursPerDay: numeric('full_time_hours_per_day', { precision: 4, scale: 1, mode: 'number' })
      .notNull()
      .default(7.5),
    annualHolidayDaysEntitlement: numeric('annual_holiday_days_entitlement', {
      precision: 5,
      scale: 1,
      mode: 'number',
    })
      .notNull()
      .default(28),
    holidayYearStartMonth: integer('holiday_year_start_month').notNull().default(1),
    holidayYearEndMonth: integer('holiday_year_end_month').notNull().default(12),
    financialYearStartMonth: integer('financial_year_start_month').notNull().default(4),
    financialYearEndMonth: integer('financial_year_end_month').notNull().default(3),
    workingDaysPattern: text('working_days_pattern')
      .array()
      .notNull()
      .default(sql`'{monday,tuesday,wednesday,thursday,friday}'::text[]`),
    // Leave engine (ADR 0091): carry-over at the holiday-year rollover, negative balances, and which
    // of the seven leave types use the allowance and which need approval.
    carryOverCapDays: numeric('carry_over_cap_days', { precision: 5, scale: 1, mode: 'number' })
      .notNull()
      .default(0),
    /** Months into the new holiday year after which unused carry-over expires; null: never. */
    carryOverExpiryMonths: integer('carry_over_expiry_months').default(3),
    allowNegativeBalance: boolean('allow_negative_balance').notNull().default(false),
    allowanceLeaveTypes: text('allowance_leave_types').array().notNull().default(sql`'{annual}'::text[]`),
    approvalLeaveTypes: text('approval_leave_types')
      .array()
      .notNull()
      .default(sql`'{annual,sick,personal,maternity,paternity,study,unpaid}'::text[]`),
    /** Whether employees (not only super admins) may subscribe to the whole company's calendar feed (ADR 0099). */
    companyCalendarFeedForEmployees: boolean('company_calendar_feed_for_employees').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('company_settings')],
);

/** Reference data: the sections permissions are granted on. Readable by everyone, written by migrations. */
export const sections = pgTable('sections', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    firstLoginCompleted: boolean('first_login_completed').notNull().default(false),
    fullName: text('full_name'),
    email: text('email').notNull(),
    position: text('position'),
    lineManager: uuid('line_manager'),
    avatarUrl: text('avatar_url'),
    isLineManager: boolean('is_line_manager').notNull().default(false),
    phone: text('phone'),
    // The optional emails the user turned off (issue 19, OPTIONAL_EMAIL_KINDS); empty: all on.
    emailOptOuts: text('email_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('profiles_company_id_idx').on(t.companyId, t.fullName),
    // GET /me asks whether anyone reports to the user: without it, two scans of every profile.
    index('profiles_line_manager_idx').on(t.lineManager),
    // Users see the profiles of their company, and always their own (a developer after a switch).
    pgPolicy('profiles_tenant_isolation', {
      for: 'all',
      to: appUser,
      using: sql`company_id = ${currentCompanyId} or id = ${currentUserId}`,
      withCheck: sql`company_id = ${currentCompanyId} or id = ${currentUserId}`,
    }),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
  },
  () => [
    pgPolicy('user_roles_tenant_isolation', {
      for: 'all',
      to: appUser,
      using: sql`user_id = ${currentUserId} or exists (select 1 from profiles p where p.id = user_id and p.company_id = ${currentCompanyId})`,
      withCheck: sql`exists (select 1 from profiles p where p.id = user_id and p.company_id = ${currentCompanyId})`,
    }),
  ],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections.id),
    accessLevel: text('access_level', { enum: ACCESS_LEVELS }).notNull(),
  },
  (t) => [
    uniqueIndex('user_permissions_user_section_company_key').on(t.userId, t.sectionId, t.companyId),
    index('user_permissions_company_id_idx').on(t.companyId),
    tenantPolicy('user_permissions'),
    // A user may always read their own levels: the session needs them before a company is set.
    pgPolicy('user_permissions_own_read', {
      for: 'select',
      to: appUser,
      using: sql`user_id = ${currentUserId}`,
    }),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /**
     * `lower(email)`, stored: what the pending-invitation lookup compares. An index on the expression
     * `lower(email)` is out of reach under row-level security (`lower` is not leakproof, ADR 0116);
     * one on this column is not.
     */
    emailLower: text('email_lower').notNull().generatedAlwaysAs(sql`lower("email")`),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    // An emailed invitation (ADR 0101): the SHA-256 of its single-use link's token, never the token.
    // Null for the invitation row of a user created with a password.
    tokenHash: text('token_hash'),
    /** The employee record the invitee is linked to on acceptance (else matched by email). */
    employeeRecordId: uuid('employee_record_id'),
    invitedBy: uuid('invited_by').references(() => authUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invitations_company_id_idx').on(t.companyId, t.createdAt),
    // The company's pending invitations to an address (once per row of an import): without it each
    // lookup read every invitation of the company, so each import was slower than the one before.
    index('invitations_company_pending_email_idx')
      .on(t.companyId, t.emailLower)
      .where(sql`${t.acceptedAt} is null`),
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    tenantPolicy('invitations'),
    // An invitation link is opened before any tenant: the row its token's hash names may be read by
    // that hash alone (`app_invitation_by_token_v2`, migration 0045), which only the link's holder
    // can give (the SHA-256 of a secret token). An empty setting names nothing.
    pgPolicy('invitations_read_by_token', {
      for: 'select',
      to: appUser,
      using: sql`token_hash = nullif(current_setting('app.invitation_token_hash', true), '')`,
    }),
  ],
);
