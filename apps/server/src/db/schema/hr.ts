/** HR tables: employee records, holiday requests and notifications. */

import { CALENDAR_FEED_SCOPES } from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import { HOLIDAY_STATUSES, HOLIDAY_TYPES } from '@hr/shared/hr/holidays.schemas';
import { LEDGER_KINDS } from '@hr/shared/leave/allowance';
import { CALENDAR_DAY_KINDS } from '@hr/shared/leave/calendar-days.schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { companies } from './core.ts';
import { tenantPolicy } from './tenant-policy.ts';

export const employeeRecords = pgTable(
  'employee_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    position: text('position').notNull(),
    department: text('department'),
    employeeNumber: text('employee_number').notNull(),
    startDate: date('start_date').notNull(),
    annualHolidayDays: numeric('annual_holiday_days', { precision: 5, scale: 1, mode: 'number' })
      .notNull()
      .default(28),
    /**
     * The leaver's last day (ADR 0090): the record is archived, not deleted. From the day after, the
     * login is refused and the person drops out of lists, calendars and approver choices.
     */
    endDate: date('end_date'),
    lineManagerId: uuid('line_manager_id').references(() => authUsers.id, { onDelete: 'set null' }),
    // Public holidays of the employee's region; null: the company's default region (ADR 0085).
    region: text('region'),
    // Lowercase weekday names the employee works; null: the company's pattern (ADR 0086).
    workingPattern: text('working_pattern').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search reads (ADR 0116): the five searched fields lower-cased, joined by the
     * unit separator (chr(31)), which no search term contains, so a match never spans two fields.
     * One `LIKE` per row instead of five `ILIKE`s that each lower-case their field.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower("full_name" || chr(31) || "email" || chr(31) || "employee_number" || chr(31) || "position" || chr(31) || coalesce("department", ''))`,
      ),
  },
  (t) => [
    uniqueIndex('employee_records_company_number_key').on(t.companyId, t.employeeNumber),
    uniqueIndex('employee_records_company_user_key').on(t.companyId, t.userId),
    // The list's order (ADR 0006) to the last key, so a keyset page is one index range and the capped
    // count an index walk; end_date last lets that count skip leavers from the index alone (ADR 0115).
    index('employee_records_company_order_idx').on(
      t.companyId,
      t.createdAt,
      t.employeeNumber,
      t.id,
      t.endDate,
    ),
    // GET /me: whether any employee record names the user as line manager.
    index('employee_records_line_manager_idx').on(t.companyId, t.lineManagerId),
    // The search's capped count (ADRs 0116, 0140, 0165): every column it reads, so it is an index-only
    // scan of the company's entries instead of a visit to each row. Its largest entry fits a btree
    // page's limit (2,704 bytes): the searched fields' limits (200 + 200 + 200 + 50 UTF-16 units, at
    // most 3 bytes each lower-cased, and a 254-character ASCII email) make at most about 2,220 bytes.
    index('employee_records_company_search_idx').on(t.companyId, t.endDate, t.searchText),
    // No trigram index: under row-level security PostgreSQL never uses one for LIKE / ILIKE (those
    // operators are not leakproof, so they may not run before the policy), ADR 0116.
    tenantPolicy('employee_records'),
  ],
);

export const holidayRequests = pgTable(
  'holiday_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // No cascade: an employee record with holiday history cannot be deleted (ADR 0049). "no action"
    // (checked at the end of the statement) so that deleting a whole company still cascades.
    employeeRecordId: uuid('employee_record_id')
      .notNull()
      .references(() => employeeRecords.id, { onDelete: 'no action' }),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    lineManagerId: uuid('line_manager_id').references(() => authUsers.id, { onDelete: 'set null' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    holidayType: text('holiday_type', { enum: HOLIDAY_TYPES }).notNull().default('annual'),
    reason: text('reason'),
    status: text('status', { enum: HOLIDAY_STATUSES }).notNull().default('pending'),
    workingDays: numeric('working_days', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    daysRequested: numeric('days_requested', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    // The first day starts at midday / the last day ends at midday (half days, ADR 0086).
    startHalfDay: boolean('start_half_day').notNull().default(false),
    endHalfDay: boolean('end_half_day').notNull().default(false),
    // The rows of one request cut at the holiday year's edge share it (ADR 0087); null: not split.
    splitGroupId: uuid('split_group_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => authUsers.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerComments: text('reviewer_comments'),
  },
  (t) => [
    index('holiday_requests_user_idx').on(t.companyId, t.userId, t.submittedAt),
    // Pending requests by employee: the approvals list (from the approver's reports, or for a super
    // admin every pending request of the company) and moving them to a new line manager. Replaces
    // `holiday_requests_manager_pending_idx` on the stored line manager, which nothing reads since the
    // approver is the employee record's current line manager (ADR 0049; ADR 0121).
    index('holiday_requests_pending_idx').on(t.companyId, t.employeeRecordId).where(sql`status = 'pending'`),
    index('holiday_requests_calendar_idx').on(t.companyId, t.status, t.startDate, t.endDate),
    // Approved leave sharing a day with a span that starts after most of the company's history: who
    // else is away during each pending request (the approvals, ADR 0121). The calendar index reads
    // every approved row starting before the span's end; this one only those ending after its start.
    index('holiday_requests_approved_end_idx')
      .on(t.companyId, t.endDate, t.startDate)
      .where(sql`status = 'approved'`),
    // Approved leave longer than two weeks (end less start over 14 days): the few that can overlap a
    // request and end more than two weeks after it, so that "who else is away" reads two bounded
    // ranges instead of every approved leave booked after the request's start (ADR 0170). The query
    // (othersAwayCtes) repeats this predicate word for word.
    index('holiday_requests_approved_long_idx')
      .on(t.companyId, t.endDate, t.startDate)
      .where(sql`status = 'approved' and end_date - start_date > 14`),
    // The overlap check of every submission reads one employee's requests (and cascades use it too).
    index('holiday_requests_employee_idx').on(t.employeeRecordId, t.startDate),
    index('holiday_requests_split_group_idx')
      .on(t.companyId, t.splitGroupId)
      .where(sql`split_group_id is not null`),
    tenantPolicy('holiday_requests'),
  ],
);

/**
 * The team calendar's people away, one row per person and day (ADR 0110): the approved holiday that
 * puts the person on the calendar that day (their first by start date, then id, when old data holds
 * two), and their name, the calendar's order. Only days up to a leaver's end date. Written by the
 * triggers of migration `team-calendar-triggers` (and `team-calendar-display-fields`, ADR 0175) in
 * the transaction of every change of `holiday_requests` (status, dates, employee, and the fields the
 * calendar shows) and of `employee_records` (name, end date, line manager); the serving role may only
 * read it.
 */
export const teamCalendarPeople = pgTable(
  'team_calendar_people',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeRecordId: uuid('employee_record_id')
      .notNull()
      .references(() => employeeRecords.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    // No foreign key: the triggers remove a request's days themselves (and a cascade would need an index).
    requestId: uuid('request_id').notNull(),
    fullName: text('full_name').notNull(),
    // What the calendar shows of the holiday and decides its visibility by (ADRs 0050, 0175), copied
    // from the request and the employee record by the same triggers, so a page reads no other table:
    // the employee's line manager now, and the request's user, dates, type, days and half days.
    lineManagerId: uuid('line_manager_id'),
    userId: uuid('user_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    holidayType: text('holiday_type'),
    workingDays: numeric('working_days', { precision: 5, scale: 1, mode: 'number' }),
    startHalfDay: boolean('start_half_day'),
    endHalfDay: boolean('end_half_day'),
  },
  (t) => [
    // The triggers rewrite one employee's days.
    primaryKey({ name: 'team_calendar_people_pkey', columns: [t.employeeRecordId, t.day] }),
    // A day's people in the calendar's order (ADR 0008): the month's first three, the day list's page.
    index('team_calendar_people_day_idx').on(
      t.companyId,
      t.day,
      sql`full_name collate "und-x-icu"`,
      t.employeeRecordId,
    ),
    tenantPolicy('team_calendar_people'),
  ],
);

/**
 * How many people are away, per company and day (ADR 0110): the month grid reads one row a day. Kept
 * by the same triggers as `team_calendar_people`, by adding each statement's net change (so
 * concurrent writers of one day add up, none overwrites another). Zero rows stay (people = 0).
 */
export const teamCalendarDays = pgTable(
  'team_calendar_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    people: integer('people').notNull(),
  },
  (t) => [
    primaryKey({ name: 'team_calendar_days_pkey', columns: [t.companyId, t.day] }),
    tenantPolicy('team_calendar_days'),
  ],
);

/**
 * A company's own calendar days (ADR 0086): closure days (charged as leave or not, per closure) and
 * public holidays the company works (those are working days for everyone).
 */
export const companyCalendarDays = pgTable(
  'company_calendar_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    kind: text('kind', { enum: CALENDAR_DAY_KINDS }).notNull(),
    name: text('name').notNull(),
    countsAsLeave: boolean('counts_as_leave').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_calendar_days_company_date_key').on(t.companyId, t.date),
    tenantPolicy('company_calendar_days'),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.companyId, t.userId, t.createdAt),
    tenantPolicy('notifications'),
  ],
);

/**
 * The balance as a ledger (ADR 0090): per employee and holiday year (`holiday_year_start`, the first
 * day of the company's holiday year), signed day amounts. Approved leave is not written here: it is
 * summed from `holiday_requests.working_days` by the holiday year of each request's start date.
 */
export const leaveLedgerEntries = pgTable(
  'leave_ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Cascade: a record may only be deleted while it has no requests (ADR 0049); its entitlement goes with it.
    employeeRecordId: uuid('employee_record_id')
      .notNull()
      .references(() => employeeRecords.id, { onDelete: 'cascade' }),
    holidayYearStart: date('holiday_year_start').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    days: numeric('days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every kind but adjustments exists once per employee and year: the rollover's idempotence key.
    uniqueIndex('leave_ledger_entries_once_key')
      .on(t.employeeRecordId, t.holidayYearStart, t.kind)
      .where(sql`kind <> 'adjustment'`),
    // The company's year (the rollover) and, by its third column, a page of the employee list's
    // entries of the year (`employee_record_id = any(...)`): without it that read every entry of the
    // company's year, 150,000 at 50,000 employees (ADR 0115).
    index('leave_ledger_entries_company_year_employee_idx').on(
      t.companyId,
      t.holidayYearStart,
      t.employeeRecordId,
    ),
    // Some employees' entries of one year (a balance, a page of balances; ADR 0121): the once key
    // leaves adjustments out, so without this the company's whole year was read and filtered.
    index('leave_ledger_entries_employee_year_idx').on(t.employeeRecordId, t.holidayYearStart),
    tenantPolicy('leave_ledger_entries'),
  ],
);

/**
 * A user's secret iCalendar feed URL (ADR 0099): only the SHA-256 of its token is stored. The public
 * feed finds its row by that hash on the server's own connection, then reads the leave through the
 * owner's tenant transaction. Revoked rows are kept (revoked_at) so that the list can say so.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: CALENDAR_FEED_SCOPES }).notNull(),
    includeBankHolidays: boolean('include_bank_holidays').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
    index('calendar_feeds_user_idx').on(t.companyId, t.userId, t.createdAt),
    tenantPolicy('calendar_feeds'),
  ],
);
