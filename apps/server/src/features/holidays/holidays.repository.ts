import type { HolidayStatus, HolidayType } from '@hr/shared/hr/holidays.schemas';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { CURSOR_TIMESTAMP_FORMAT } from '../../db/keyset-cursor.ts';
import { profiles, userRoles } from '../../db/schema/core.ts';
import { employeeRecords, holidayRequests } from '../../db/schema/hr.ts';
import { type ReadStatement, statementReader } from '../../db/tenant-read.ts';

/** What submissions and the allowance read of an employee record. */
const leaveRecordColumns = {
  id: employeeRecords.id,
  userId: employeeRecords.userId,
  fullName: employeeRecords.fullName,
  lineManagerId: employeeRecords.lineManagerId,
  startDate: employeeRecords.startDate,
  endDate: employeeRecords.endDate,
  annualHolidayDays: employeeRecords.annualHolidayDays,
  region: employeeRecords.region,
  workingPattern: employeeRecords.workingPattern,
};

/** An employee record, `lock` holding it until the transaction ends (submissions, recorded sickness). */
async function findLeaveRecord(tx: Tx, companyId: string, match: SQL, lock: boolean) {
  const query = tx
    .select(leaveRecordColumns)
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), match))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The requester's employee record; `lock` holds it until the transaction ends so that one
 * employee's submissions queue up and the overlap check cannot race. */
export function findEmployeeOfUser(tx: Tx, companyId: string, userId: string, lock = false) {
  return findLeaveRecord(tx, companyId, eq(employeeRecords.userId, userId), lock);
}

/** An employee record by id, locked like `findEmployeeOfUser` (sickness recorded by a manager). */
export function findEmployeeRecord(tx: Tx, companyId: string, id: string, lock = false) {
  return findLeaveRecord(tx, companyId, eq(employeeRecords.id, id), lock);
}

/**
 * In one statement, what the calendar month needs to mark bank holidays for the viewer: their region
 * (else the company's default) and the company's worked holidays from..to.
 */
export async function findViewerHolidaySource(
  tx: Tx,
  companyId: string,
  userId: string,
  from: string,
  to: string,
): Promise<ViewerHolidaySource> {
  const result = await tx.execute(viewerHolidaySourceSelect(companyId, userId, from, to));
  return rowsOf<ViewerHolidaySource>(result)[0] ?? { region: null, workedHolidays: [] };
}

export interface ViewerHolidaySource {
  region: string | null;
  workedHolidays: string[];
}

/** One row: the viewer's region (else the company's default) and the worked holidays from..to. */
const viewerHolidaySourceSelect = (companyId: string, userId: string, from: string, to: string) => sql`
    select coalesce(
        (select e.region from employee_records e where e.company_id = ${companyId} and e.user_id = ${userId} limit 1),
        (select c.default_region from companies c where c.id = ${companyId})) as region,
      coalesce((select json_agg(to_char(d.date, 'YYYY-MM-DD')) from company_calendar_days d
        where d.company_id = ${companyId} and d.kind = 'worked_holiday' and d.date between ${from} and ${to}),
        '[]'::json) as "workedHolidays"`;

export interface LeaveCalendarSource {
  /** The user's employee record's region and week (only when asked for a user; null without a record). */
  employee: { region: string | null; workingPattern: string[] | null } | null;
  /** The company's week, holiday year and default region (null: no such company). */
  settings: {
    workingDaysPattern: string[] | null;
    holidayYearStartMonth: number | null;
    defaultRegion: string | null;
  } | null;
  /** The company's closure days and worked public holidays from..to, in date order. */
  companyDays: Array<{ date: string; kind: string; name: string; countsAsLeave: boolean }>;
}

/**
 * What a leave count reads, in one statement (ADR 0120): the company's settings and its days from..to,
 * and with `userId` that user's region and week from their employee record (three statements before).
 */
export async function findLeaveCalendarSource(
  source: Tx | ReadStatement,
  companyId: string,
  range: { start: string; end: string },
  userId: string | null,
): Promise<LeaveCalendarSource> {
  const employee = userId
    ? sql`(select json_build_object('region', e.region, 'workingPattern', e.working_pattern)
        from employee_records e where e.company_id = ${companyId} and e.user_id = ${userId} limit 1)`
    : sql`null::json`;
  const [row] = await statementReader(source)<LeaveCalendarSource>(sql`
    select ${employee} as employee,
      (select json_build_object('workingDaysPattern', s.working_days_pattern,
          'holidayYearStartMonth', s.holiday_year_start_month, 'defaultRegion', c.default_region)
        from companies c left join company_settings s on s.company_id = c.id
        where c.id = ${companyId}) as settings,
      coalesce((select json_agg(json_build_object('date', to_char(d.date, 'YYYY-MM-DD'), 'kind', d.kind,
          'name', d.name, 'countsAsLeave', d.counts_as_leave) order by d.date)
        from company_calendar_days d
        where d.company_id = ${companyId} and d.date between ${range.start}::date and ${range.end}::date),
        '[]'::json) as "companyDays"`);
  return row ?? { employee: null, settings: null, companyDays: [] };
}

/** A pending or approved request of the employee that shares at least one day with start..end. */
export async function findOverlappingRequest(tx: Tx, employeeRecordId: string, start: string, end: string) {
  const [row] = await tx
    .select({ id: holidayRequests.id })
    .from(holidayRequests)
    .where(
      and(
        eq(holidayRequests.employeeRecordId, employeeRecordId),
        inArray(holidayRequests.status, ['pending', 'approved']),
        lte(holidayRequests.startDate, end),
        gte(holidayRequests.endDate, start),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface NewHolidayRequest {
  companyId: string;
  employeeRecordId: string;
  userId: string | null;
  lineManagerId: string | null;
  startDate: string;
  endDate: string;
  holidayType: HolidayType;
  reason: string | null;
  status: HolidayStatus;
  workingDays: number;
  daysRequested: number;
  startHalfDay: boolean;
  endHalfDay: boolean;
  splitGroupId: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
}

/** Inserts the rows of one request (two when it is split at the holiday year's edge), in date order. */
export async function insertHolidayRequests(tx: Tx, values: NewHolidayRequest[]) {
  const rows = await tx.insert(holidayRequests).values(values).returning();
  if (rows.length !== values.length) throw new Error('insert returned no row');
  return rows.sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
}

export type HolidayRequestRow = Awaited<ReturnType<typeof insertHolidayRequests>>[number];

/**
 * Locks a request and the other rows of its split group (ADR 0087) until the transaction ends, in id
 * order, before a decision or a cancellation writes them. Both act on the whole group, one row after
 * the other: without it, two decisions of two parts of one request at once (or a decision and a
 * cancellation) each locked their own row and then waited for the other's, and PostgreSQL ended one
 * of them as a deadlock (a 500, not the 409 "already decided"). With it the second waits for the
 * first to commit and then finds the group decided.
 */
export async function lockRequestGroup(tx: Tx, companyId: string, id: string): Promise<void> {
  await tx.execute(sql`select r.id from holiday_requests r
    where r.company_id = ${companyId} and (r.id = ${id} or r.split_group_id =
      (select g.split_group_id from holiday_requests g where g.id = ${id} and g.company_id = ${companyId}))
    order by r.id for update of r`);
}

/**
 * The other rows of a split request take the decision its first row got (ADR 0087): pending ones only,
 * in the same transaction as the conditional update that decided the first.
 */
export async function decideSplitSiblings(
  tx: Tx,
  companyId: string,
  decided: { id: string; splitGroupId: string | null },
  decision: { status: 'approved' | 'rejected'; reviewedBy: string; comment: string | null },
) {
  if (!decided.splitGroupId) return [];
  return tx
    .update(holidayRequests)
    .set({
      status: decision.status,
      reviewedBy: decision.reviewedBy,
      reviewedAt: new Date(),
      reviewerComments: decision.comment,
    })
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.splitGroupId, decided.splitGroupId),
        eq(holidayRequests.status, 'pending'),
        sql`${holidayRequests.id} <> ${decided.id}`,
      ),
    )
    .returning();
}

export async function listRequestsOfUser(
  tx: Tx,
  companyId: string,
  userId: string,
  limit: number | undefined,
) {
  const query = tx
    .select()
    .from(holidayRequests)
    .where(and(eq(holidayRequests.companyId, companyId), eq(holidayRequests.userId, userId)))
    // Requests submitted in the same instant (an import, a split request's parts): latest dates first.
    .orderBy(desc(holidayRequests.submittedAt), desc(holidayRequests.startDate), desc(holidayRequests.id));
  return limit ? query.limit(limit) : query;
}

/**
 * Who may decide a pending request now (ADR 0049): the employee's current line manager, read from the
 * employee record at the moment of the decision, never the one stored when the request was made (a
 * replaced manager decides nothing); null when there is none (or the record names the requester),
 * and then the company's super admins decide.
 */
const currentApprover = sql<
  string | null
>`nullif(${employeeRecords.lineManagerId}, ${holidayRequests.userId})`;

/**
 * The caller may decide the request: never their own (by the request or the employee record), and
 * only as its current approver, or as a super admin when it has none.
 */
function decidableBy(userId: string, isSuperAdmin: boolean): SQL {
  const approver = isSuperAdmin
    ? sql`coalesce(${currentApprover} = ${userId}, true)`
    : sql`${currentApprover} = ${userId}`;
  return sql`(${holidayRequests.userId} is distinct from ${userId}
    and ${employeeRecords.userId} is distinct from ${userId}
    and ${approver})`;
}

/** The company's leave settings as `findLeaveSettings` (leave feature) reads them, what its rules take. */
export interface LeaveSettingsJson {
  holidayYearStartMonth: number;
  workingDaysPattern: string[];
  annualHolidayDaysEntitlement: number;
  carryOverCapDays: number;
  carryOverExpiryMonths: number | null;
  allowNegativeBalance: boolean;
  allowanceLeaveTypes: string[];
  approvalLeaveTypes: string[];
}

/**
 * A row of `findApprovalsSource`: a pending request (numbers as numbers, dates as text), the first
 * also carrying the settings and the requesters' inputs (null on the others).
 */
interface ApprovalsSqlRow {
  id: string;
  company_id: string;
  employee_record_id: string;
  user_id: string | null;
  line_manager_id: string | null;
  start_date: string;
  end_date: string;
  holiday_type: HolidayType;
  reason: string | null;
  status: HolidayStatus;
  working_days: number;
  days_requested: number;
  start_half_day: boolean;
  end_half_day: boolean;
  split_group_id: string | null;
  submitted_ms: number;
  reviewed_by: string | null;
  reviewed_ms: number | null;
  reviewer_comments: string | null;
  requester_name: string | null;
  requester_email: string | null;
  record_start_date: string;
  record_end_date: string | null;
  annual_holiday_days: number;
  year_start: string;
  /** The request's `submitted_at` to the microsecond (UTC text): the page cursor's first key. */
  cursor_at: string;
  /** Every request the approver may decide, and those from the cursor on (first row only). */
  total: number | null;
  from_here: number | null;
  settings: LeaveSettingsJson | null;
  /** [record id, year start, the year's ledger days, whether an entitlement entry is among them]. */
  entries: Array<[string, string, number, boolean]> | null;
  /** [record id, year start, type, approved days, approved count, pending days, pending count]. */
  sums: Array<[string, string, string, number, number, number, number]> | null;
  /** [request id, name], by request and name. */
  away: Array<[string, string]> | null;
}

/** The sort key of a request in the approvals (most recently submitted first): the page cursor. */
export interface ApprovalsCursor {
  /** `YYYY-MM-DDTHH:MI:SS.ffffffZ`, the exact `submitted_at`. */
  submittedAt: string;
  id: string;
}

/** Which page of the approvals: at most `limit` requests after `after` (null: the first page). */
export interface ApprovalsPage {
  limit: number;
  after: ApprovalsCursor | null;
}

/**
 * The approvals' per-requester inputs of one holiday year: the sum of its ledger entries (and whether
 * the entitlement is written yet), request sums per type.
 */
export interface ApprovalsLedgerSum {
  employeeRecordId: string;
  yearStart: string;
  days: number;
  hasEntitlement: boolean;
}
export interface ApprovalsTypeSums {
  employeeRecordId: string;
  yearStart: string;
  holidayType: string;
  approvedDays: number;
  approvedCount: number;
  pendingDays: number;
  pendingCount: number;
}

/**
 * The approvals' whole read in one statement (ADR 0145): the pending requests the caller may decide
 * (`decidableBy`'s rule, newest first), each with its holiday year (the settings' start month,
 * `defaultStartMonth` without a settings row); and on the first row the company's leave settings
 * (null without a row), each requester's ledger sum in that year (and whether it holds the
 * entitlement) and approved and pending request sums per type (the service keeps the
 * allowance-using types), and who else in the requester's team is away on the request's dates (at
 * most 10 names a request, by name), as `listOthersAway` reads them. The pending rows are read once,
 * and their records' team columns serve the who-else-is-away join. The requests go out as plain
 * columns: built as JSON they cost PostgreSQL more than reading them.
 */
export async function findApprovalsSource(
  source: Tx | ReadStatement,
  companyId: string,
  approver: { userId: string; isSuperAdmin: boolean },
  defaultStartMonth: number,
  page: ApprovalsPage,
): Promise<{
  /** Every request the approver may decide (all pages). */
  total: number;
  /** The sort key of the page's last request when another page follows; null on the last page. */
  next: ApprovalsCursor | null;
  settings: LeaveSettingsJson | null;
  pending: Array<{
    request: HolidayRequestRow;
    requesterName: string | null;
    requesterEmail: string | null;
    record: { id: string; startDate: string; endDate: string | null; annualHolidayDays: number };
    yearStart: string;
  }>;
  ledger: ApprovalsLedgerSum[];
  sums: ApprovalsTypeSums[];
  away: Array<{ requestId: string; employeeName: string }>;
}> {
  const me = approver.userId;
  const mayDecide = approver.isSuperAdmin
    ? sql`coalesce(nullif(e.line_manager_id, r.user_id) = ${me}, true)`
    : // The second condition is implied by the first (their reports' records name them); it lets the
      // planner start from those records (employee_records_line_manager_idx) and read their pending
      // requests (holiday_requests_pending_idx) instead of every pending request (ADR 0121).
      sql`nullif(e.line_manager_id, r.user_id) = ${me} and e.line_manager_id = ${me}`;
  const fromCursor = page.after
    ? sql`(submitted_at, id) < (${page.after.submittedAt}::timestamptz, ${page.after.id}::uuid)`
    : sql`true`;
  // A literal (an integer from code, 1 to 200), so the prepared statement's generic plan knows it.
  const limit = sql.raw(String(Math.trunc(page.limit)));
  const rows = await statementReader(source)<ApprovalsSqlRow>(
    sql`
      with settings as materialized (
        select * from company_settings where company_id = ${companyId}
      ),
      mine as materialized (
        select r.id, r.submitted_at
        from holiday_requests r
        join employee_records e on e.id = r.employee_record_id
        where r.company_id = ${companyId} and r.status = 'pending'
          and r.user_id is distinct from ${me} and e.user_id is distinct from ${me}
          and ${mayDecide}
      ),
      counted as materialized (
        select count(*)::int as total, (count(*) filter (where ${fromCursor}))::int as from_here from mine
      ),
      chosen as materialized (
        select id from mine where ${fromCursor} order by submitted_at desc, id desc limit ${limit}
      ),
      pending as materialized (
        select r.*, e.department as team_department, e.line_manager_id as team_manager,
          coalesce(e.full_name, (select p.full_name from profiles p where p.id = r.user_id)) as requester_name,
          coalesce(e.email, (select p.email from profiles p where p.id = r.user_id)) as requester_email,
          e.start_date as record_start_date, e.end_date as record_end_date,
          e.annual_holiday_days as record_annual_days,
          make_date(extract(year from r.start_date)::int - (extract(month from r.start_date)::int < m.m)::int,
            m.m, 1) as year_start
        from (select coalesce((select holiday_year_start_month from settings), ${defaultStartMonth}::int) as m) m
        cross join holiday_requests r
        join employee_records e on e.id = r.employee_record_id
        where r.company_id = ${companyId} and r.id in (select id from chosen)
      ),
      years as materialized (
        select distinct employee_record_id, year_start from pending
      ),
      ${othersAwayCtes(companyId, sql`pending`)},
      ordered as (
        select r.*, row_number() over (order by r.submitted_at desc, r.id desc) as n from pending r
      )
      select r.id, r.company_id, r.employee_record_id, r.user_id, r.line_manager_id,
        r.start_date::text as start_date, r.end_date::text as end_date,
        r.holiday_type, r.reason, r.status, r.working_days::float8 as working_days,
        r.days_requested::float8 as days_requested, r.start_half_day, r.end_half_day, r.split_group_id,
        (extract(epoch from r.submitted_at) * 1000)::float8 as submitted_ms, r.reviewed_by,
        (extract(epoch from r.reviewed_at) * 1000)::float8 as reviewed_ms, r.reviewer_comments,
        r.requester_name, r.requester_email,
        r.record_start_date::text as record_start_date, r.record_end_date::text as record_end_date,
        r.record_annual_days::float8 as annual_holiday_days, r.year_start::text as year_start,
        to_char(r.submitted_at at time zone 'UTC', ${sql.raw(`'${CURSOR_TIMESTAMP_FORMAT}'`)}) as cursor_at,
        case when first_row then (select total from counted) end as total,
        case when first_row then (select from_here from counted) end as from_here,
        case when r.n = 1 then (select json_build_object(
            'holidayYearStartMonth', s.holiday_year_start_month,
            'workingDaysPattern', s.working_days_pattern,
            'annualHolidayDaysEntitlement', s.annual_holiday_days_entitlement::float8,
            'carryOverCapDays', s.carry_over_cap_days::float8,
            'carryOverExpiryMonths', s.carry_over_expiry_months,
            'allowNegativeBalance', s.allow_negative_balance,
            'allowanceLeaveTypes', s.allowance_leave_types,
            'approvalLeaveTypes', s.approval_leave_types)
          from settings s) end as settings,
        case when r.n = 1 then (select json_agg(json_build_array(
            y.employee_record_id, y.year_start, t.days, t.has_entitlement))
          from years y
          cross join lateral (
            select sum(l.days)::float8 as days, bool_or(l.kind = 'entitlement') as has_entitlement
            from leave_ledger_entries l
            where l.company_id = ${companyId}
              and l.holiday_year_start = y.year_start and l.employee_record_id = y.employee_record_id) t
          where t.days is not null) end as entries,
        case when r.n = 1 then (select json_agg(json_build_array(
            t.employee_record_id, t.year_start, t.holiday_type, t.ad, t.ac, t.pd, t.pc))
          from (
            select y.employee_record_id, y.year_start, h.holiday_type,
              coalesce(sum(h.working_days) filter (where h.status = 'approved'), 0)::float8 as ad,
              (count(*) filter (where h.status = 'approved'))::int as ac,
              coalesce(sum(h.working_days) filter (where h.status = 'pending'), 0)::float8 as pd,
              (count(*) filter (where h.status = 'pending'))::int as pc
            from years y
            join holiday_requests h on h.company_id = ${companyId}
              and h.employee_record_id = y.employee_record_id and h.status in ('approved', 'pending')
              and h.start_date between y.year_start and (y.year_start + interval '1 year' - interval '1 day')::date
            group by y.employee_record_id, y.year_start, h.holiday_type) t) end as sums,
        case when r.n = 1 then (select json_agg(json_build_array(request_id, full_name)
            order by request_id, full_name)
          from ranked where n <= 10) end as away
      -- One row even for an empty page: it carries the counts.
      from (select 1) one
      left join ordered r on true
      cross join lateral (select coalesce(r.n, 1) = 1 as first_row) f
      order by r.n`,
  );
  const first = rows[0];
  const requests = rows.filter((row) => row.id !== null);
  const last = requests.at(-1);
  return {
    total: first?.total ?? 0,
    next:
      last && (first?.from_here ?? 0) > requests.length ? { submittedAt: last.cursor_at, id: last.id } : null,
    settings: first?.settings ?? null,
    pending: requests.map((row) => ({
      request: {
        id: row.id,
        companyId: row.company_id,
        employeeRecordId: row.employee_record_id,
        userId: row.user_id,
        lineManagerId: row.line_manager_id,
        startDate: row.start_date,
        endDate: row.end_date,
        holidayType: row.holiday_type,
        reason: row.reason,
        status: row.status,
        workingDays: Number(row.working_days),
        daysRequested: Number(row.days_requested),
        startHalfDay: row.start_half_day,
        endHalfDay: row.end_half_day,
        splitGroupId: row.split_group_id,
        submittedAt: new Date(Number(row.submitted_ms)),
        reviewedBy: row.reviewed_by,
        reviewedAt: row.reviewed_ms === null ? null : new Date(Number(row.reviewed_ms)),
        reviewerComments: row.reviewer_comments,
      },
      requesterName: row.requester_name,
      requesterEmail: row.requester_email,
      record: {
        id: row.employee_record_id,
        startDate: row.record_start_date,
        endDate: row.record_end_date,
        annualHolidayDays: Number(row.annual_holiday_days),
      },
      yearStart: row.year_start,
    })),
    ledger: (first?.entries ?? []).map(([employeeRecordId, yearStart, days, hasEntitlement]) => ({
      employeeRecordId,
      yearStart,
      days,
      hasEntitlement,
    })),
    sums: (first?.sums ?? []).map(
      ([
        employeeRecordId,
        yearStart,
        holidayType,
        approvedDays,
        approvedCount,
        pendingDays,
        pendingCount,
      ]) => ({
        employeeRecordId,
        yearStart,
        holidayType,
        approvedDays,
        approvedCount,
        pendingDays,
        pendingCount,
      }),
    ),
    away: (first?.away ?? []).map(([requestId, employeeName]) => ({ requestId, employeeName })),
  };
}

export async function findRequest(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(holidayRequests)
    .where(and(eq(holidayRequests.companyId, companyId), eq(holidayRequests.id, id)));
  return row ?? null;
}

/** A request with its current approver and the employee record's user (why a decision was refused). */
export async function findRequestForDecision(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({
      status: holidayRequests.status,
      userId: holidayRequests.userId,
      employeeUserId: employeeRecords.userId,
      approverId: currentApprover,
    })
    .from(holidayRequests)
    .innerJoin(employeeRecords, eq(employeeRecords.id, holidayRequests.employeeRecordId))
    .where(and(eq(holidayRequests.companyId, companyId), eq(holidayRequests.id, id)));
  return row ?? null;
}

/**
 * Decides a request only if it is still pending and the caller may decide it now (`decidableBy`): one
 * conditional UPDATE, so of two approvers deciding at the same moment exactly one wins, and a manager
 * replaced a moment before finds nothing to update.
 */
export async function decideRequest(
  tx: Tx,
  companyId: string,
  id: string,
  approver: { userId: string; isSuperAdmin: boolean },
  decision: { status: 'approved' | 'rejected'; comment: string | null },
) {
  const [row] = await tx
    .update(holidayRequests)
    .set({
      status: decision.status,
      reviewedBy: approver.userId,
      reviewedAt: new Date(),
      reviewerComments: decision.comment,
    })
    .from(employeeRecords)
    .where(
      and(
        eq(employeeRecords.id, holidayRequests.employeeRecordId),
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.id, id),
        eq(holidayRequests.status, 'pending'),
        decidableBy(approver.userId, approver.isSuperAdmin),
      ),
    )
    .returning(getTableColumns(holidayRequests));
  return row ?? null;
}

/** The company's super admins: the approvers of requests whose employee has no line manager. */
export async function listSuperAdminIds(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(and(eq(profiles.companyId, companyId), eq(userRoles.role, 'super_admin')));
  return rows.map((r) => r.id);
}

export interface MovedRequest {
  id: string;
  employeeRecordId: string;
  splitGroupId: string | null;
  reason: string | null;
  userId: string | null;
  lineManagerId: string | null;
  employeeName: string;
  startDate: string;
  endDate: string;
  holidayType: HolidayType;
  workingDays: number;
  startHalfDay: boolean;
  endHalfDay: boolean;
}

/**
 * Pending requests follow their employee's line manager: the stored approver of the given records'
 * pending requests is set to the current one (null: the super admins). Returns the requests that moved.
 * Called in the transaction of every change of a line manager (employee form, profile, user removal).
 * The rows are locked first in id order, the order `lockRequestGroup` locks a split request's parts
 * in before a decision: the update alone locked them in its scan's order (the order they were stored
 * in, by date), and met a decision of the same request holding the other part: a deadlock (a 500).
 */
export async function movePendingToCurrentApprover(
  tx: Tx,
  companyId: string,
  employeeRecordIds: string[],
): Promise<MovedRequest[]> {
  if (!employeeRecordIds.length) return [];
  const locked = rowsOf<{ id: string }>(
    await tx.execute(sql`select r.id from holiday_requests r
      where r.company_id = ${companyId} and r.status = 'pending'
        and r.employee_record_id in (${sql.join(
          employeeRecordIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      order by r.id for update of r`),
  );
  if (!locked.length) return [];
  // Only the rows locked above: a row the update met unlocked would be locked out of order again.
  const result = await tx.execute(sql`
    update holiday_requests r
    set line_manager_id = nullif(e.line_manager_id, r.user_id)
    from employee_records e
    where e.id = r.employee_record_id and e.company_id = ${companyId}
      and r.company_id = ${companyId} and r.status = 'pending'
      and r.id in (${sql.join(
        locked.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})
      and r.line_manager_id is distinct from nullif(e.line_manager_id, r.user_id)
    returning r.id, r.employee_record_id as "employeeRecordId", r.split_group_id as "splitGroupId", r.reason,
      r.user_id as "userId", r.line_manager_id as "lineManagerId", e.full_name as "employeeName",
      to_char(r.start_date, 'YYYY-MM-DD') as "startDate", to_char(r.end_date, 'YYYY-MM-DD') as "endDate",
      r.holiday_type as "holidayType", r.working_days::float8 as "workingDays",
      r.start_half_day as "startHalfDay", r.end_half_day as "endHalfDay"`);
  return rowsOf<MovedRequest>(result);
}

/** Whether any holiday request (any status) belongs to the employee record: its history. */
export async function employeeHasRequests(tx: Tx, companyId: string, employeeRecordId: string) {
  const [row] = await tx
    .select({ id: holidayRequests.id })
    .from(holidayRequests)
    .where(
      and(eq(holidayRequests.companyId, companyId), eq(holidayRequests.employeeRecordId, employeeRecordId)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Cancels the request when `allowed` holds for it: one conditional UPDATE, so a decision cannot race
 * it. A split request (ADR 0087) is cancelled whole: every row of its group.
 */
async function cancelRequestWhere(tx: Tx, companyId: string, id: string, allowed: SQL) {
  const group = sql`(select g.split_group_id from holiday_requests g where g.id = ${id} and g.company_id = ${companyId})`;
  const rows = await tx
    .update(holidayRequests)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        sql`(${holidayRequests.id} = ${id} or ${holidayRequests.splitGroupId} = ${group})`,
        allowed,
      ),
    )
    .returning();
  return rows.find((r) => r.id === id) ?? null;
}

/** The first day of a request's split group (ADR 0087), else of the request itself. */
function firstDayOfGroup(companyId: string, id: string) {
  const group = sql`(select g.split_group_id from holiday_requests g where g.id = ${id} and g.company_id = ${companyId})`;
  return sql`coalesce((select min(f.start_date) from holiday_requests f
    where f.company_id = ${companyId} and f.split_group_id = ${group}), ${holidayRequests.startDate})`;
}

/** The requester cancels their own request while it is pending, or approved and not yet started. */
export function cancelOwnRequest(tx: Tx, companyId: string, id: string, userId: string, today: string) {
  return cancelRequestWhere(
    tx,
    companyId,
    id,
    sql`${holidayRequests.userId} = ${userId}
      and (${holidayRequests.status} = 'pending' or (${holidayRequests.status} = 'approved' and ${firstDayOfGroup(companyId, id)} > ${today}))`,
  );
}

/** A super admin cancels a pending or approved request of the company, whenever it is (issue 18). */
export function cancelAnyRequest(tx: Tx, companyId: string, id: string) {
  return cancelRequestWhere(
    tx,
    companyId,
    id,
    inArray(holidayRequests.status, ['pending', 'approved']) as SQL,
  );
}

/**
 * For each given request, the other people of the requester's team with approved leave sharing a day
 * with it: the team is the requester's department, or without one everyone with the same line
 * manager. At most 10 names a request, by name: the Approvals tab's names (`findApprovalsSource`),
 * from the same `othersAwayCtes`, for the approvers' email of a new request.
 */
export async function listOthersAway(tx: Tx, companyId: string, requestIds: string[]) {
  if (!requestIds.length) return [];
  const result = await tx.execute(sql`
    with q as materialized (
      select q.id, q.employee_record_id, q.start_date, q.end_date,
        me.department as team_department, me.line_manager_id as team_manager
      from holiday_requests q
      join employee_records me on me.id = q.employee_record_id
      where q.company_id = ${companyId}
        and q.id = any(${`{${requestIds.join(',')}}`}::uuid[])
    ),
    ${othersAwayCtes(companyId, sql`q`)}
    select request_id as "requestId", full_name as "employeeName"
    from ranked where n <= 10
    order by request_id, full_name`);
  return rowsOf<{ requestId: string; employeeName: string }>(result);
}

/**
 * A leave whose end is more than this many days after its start is a long one to "who else is away":
 * the partial index holiday_requests_approved_long_idx (schema/hr.ts) holds exactly those, and the
 * query repeats its predicate as a literal so that the planner can use it (ADR 0170).
 */
const LONG_LEAVE_DAYS = sql.raw('14');

/**
 * The common table expressions `spans`, `pairs`, `people`, `away` and `ranked` of "who else is away", over
 * the requests of the CTE named `requests` (columns id, employee_record_id, start_date, end_date,
 * team_department, team_manager). `ranked` holds each request's other people of the requester's team
 * with approved leave sharing a day with it, numbered by name (`n`): the team is the requester's
 * department, or without one everyone with the same line manager.
 *
 * The approved leave of each request comes from two bounded ranges of index (ADR 0170): leave ending
 * between the request's start and two weeks after its end (holiday_requests_approved_end_idx), which
 * holds every overlapping leave of up to two weeks, and the long leaves (holiday_requests_approved_long_idx)
 * ending later that start before the request ends. A leave that overlaps the request and ends more
 * than two weeks after it is longer than two weeks, so the two ranges hold every overlap. Before, the
 * first range ran to the end of the index: every approved leave booked after the request's start.
 * Each person is then read once, by primary key (ADR 0145): hashing the company's records, or a
 * lateral subquery per request, cost more.
 */
function othersAwayCtes(companyId: string, requests: SQL): SQL {
  // `short_until` is a column, not `end_date + 14` in the join: under row-level security only a
  // leakproof comparison can bound an index range, and date + integer is not one (ADR 0116).
  return sql`spans as materialized (
        select id, employee_record_id, start_date, end_date,
          end_date + ${LONG_LEAVE_DAYS} as short_until
        from ${requests}
      ),
      pairs as materialized (
        select q.id as request_id, a.employee_record_id
        from spans q
        join holiday_requests a on a.company_id = ${companyId} and a.status = 'approved'
          and a.end_date >= q.start_date and a.end_date <= q.short_until
          and a.start_date <= q.end_date
        where a.employee_record_id <> q.employee_record_id
        union
        select q.id, a.employee_record_id
        from spans q
        join holiday_requests a on a.company_id = ${companyId} and a.status = 'approved'
          and a.end_date - a.start_date > ${LONG_LEAVE_DAYS}
          and a.end_date > q.short_until and a.start_date <= q.end_date
        where a.employee_record_id <> q.employee_record_id
      ),
      people as materialized (
        select x.id, x.full_name, x.end_date, x.department, x.line_manager_id
        from (select distinct employee_record_id from pairs) d
        -- Each person once, by primary key (offset 0 keeps the planner from hashing every record).
        cross join lateral (
          select x.id, x.full_name, x.end_date, x.department, x.line_manager_id
          from employee_records x where x.id = d.employee_record_id offset 0
        ) x
      ),
      away as (
        select distinct q.id as request_id, x.full_name
        from pairs p
        join ${requests} q on q.id = p.request_id
        join people x on x.id = p.employee_record_id
        where (x.end_date is null or x.end_date >= q.start_date)
          and case when q.team_department is not null then x.department = q.team_department
            else x.line_manager_id is not distinct from q.team_manager end
      ),
      ranked as (
        select request_id, full_name, row_number() over (partition by request_id order by full_name) as n
        from away
      )`;
}

/** Approved sick leave starting from..to, per employee: spells (requests) and working days. */
export async function listSicknessTotals(tx: Tx, companyId: string, from: string, to: string) {
  const result = await tx.execute(sql`
    select e.id as "employeeRecordId", e.full_name as "employeeName",
      count(*)::int as spells, sum(r.working_days)::float8 as days
    from holiday_requests r
    join employee_records e on e.id = r.employee_record_id
    where r.company_id = ${companyId} and r.holiday_type = 'sick' and r.status = 'approved'
      and r.start_date between ${from}::date and ${to}::date
    group by e.id, e.full_name
    order by days desc, e.full_name`);
  return rowsOf<{ employeeRecordId: string; employeeName: string; spells: number; days: number }>(result);
}

const teamHolidayColumns = {
  id: holidayRequests.id,
  userId: holidayRequests.userId,
  approverId: currentApprover,
  employeeName: employeeRecords.fullName,
  startDate: holidayRequests.startDate,
  endDate: holidayRequests.endDate,
  holidayType: holidayRequests.holidayType,
  workingDays: holidayRequests.workingDays,
  startHalfDay: holidayRequests.startHalfDay,
  endHalfDay: holidayRequests.endHalfDay,
};

/** A team holiday as the calendar queries return it (raw SQL: dates as text, numbers as numbers). */
export interface TeamHolidayRow {
  id: string;
  userId: string | null;
  /** The employee's current approver (null: the super admins): may see the holiday's type (ADR 0050). */
  approverId: string | null;
  employeeName: string;
  startDate: string;
  endDate: string;
  holidayType: HolidayType;
  workingDays: number;
  startHalfDay: boolean;
  endHalfDay: boolean;
}

export interface CalendarPreviewRow extends TeamHolidayRow {
  /** yyyy-MM-dd. */
  day: string;
  /** People away that day. */
  people: number;
}

/**
 * The order of people within a day, the same in the month summary and the day list: the name as
 * the browser's `localeCompare` sorts it (ICU root collation, present in PGlite and in PostgreSQL
 * built with ICU), then the employee record, so that two colleagues with one name stay apart.
 */
const byName = (name: string, employeeRecordId: string) =>
  sql.raw(`${name} collate "und-x-icu", ${employeeRecordId}`);

/**
 * A holiday as the calendar shows it (`TeamHolidayRow`), from a row of the calendar's summary (`p`),
 * which holds the request's shown fields and the employee's name and line manager (ADR 0175): no
 * other table is read. `approverId` is the employee's line manager unless that is the requester.
 */
const summaryColumns = sql.raw(`p.request_id, p.employee_record_id, p.full_name, p.line_manager_id, p.user_id,
        p.start_date, p.end_date, p.holiday_type, p.working_days, p.start_half_day, p.end_half_day`);
const summaryHolidayFields =
  sql.raw(`p.request_id as id, p.user_id as "userId", p.full_name as "employeeName",
    nullif(p.line_manager_id, p.user_id) as "approverId",
    to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
    p.holiday_type as "holidayType", p.working_days::float8 as "workingDays",
    p.start_half_day as "startHalfDay", p.end_half_day as "endHalfDay"`);

/**
 * A calendar row's holiday, each field named: one object literal, where an object rest leaving out
 * the statement's other columns was a runtime call per row (docs/performance.md).
 */
const holidayOf = (row: TeamHolidayRow): TeamHolidayRow => ({
  id: row.id,
  userId: row.userId,
  approverId: row.approverId,
  employeeName: row.employeeName,
  startDate: row.startDate,
  endDate: row.endDate,
  holidayType: row.holidayType,
  workingDays: row.workingDays,
  startHalfDay: row.startHalfDay,
  endHalfDay: row.endHalfDay,
});

/**
 * The month summary of the team calendar, in one statement (ADRs 0008, 0110, 0175): for each day of
 * start..end with someone away, the number of people away and the first `preview` of them by name.
 * Both come from the per-day summary the triggers keep in the writing transaction: the day's count
 * (`team_calendar_days`, one row a day) and its first few people in order (`team_calendar_people`,
 * `preview` rows a day through `team_calendar_people_day_idx`), each row holding what the calendar
 * shows (ADR 0175). At most 31 + 31 x preview rows whatever the size of the company.
 */
export async function listCalendarPreview(
  tx: Tx,
  companyId: string,
  range: { start: string; end: string },
  preview: number,
): Promise<CalendarPreviewRow[]> {
  return rowsOf<CalendarPreviewRow>(await tx.execute(calendarPreviewSelect(companyId, range, preview)));
}

const calendarPreviewSelect = (
  companyId: string,
  range: { start: string; end: string },
  preview: number,
) => sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, d.people, ${summaryHolidayFields}
    from team_calendar_days d
    cross join lateral (
      select ${summaryColumns}
      from team_calendar_people p
      where p.company_id = ${companyId} and p.day = d.day
      order by ${byName('p.full_name', 'p.employee_record_id')}
      limit ${preview}
    ) p
    where d.company_id = ${companyId} and d.day between ${range.start}::date and ${range.end}::date
      and d.people > 0
    order by d.day, ${byName('p.full_name', 'p.employee_record_id')}`;

/**
 * What the month screen needs, in one statement (one round trip less on every miss): the summary of
 * `listCalendarPreview` and the viewer's bank-holiday source of `findViewerHolidaySource` (one row
 * even when nobody is away).
 */
export async function listCalendarMonth(
  source: Tx | ReadStatement,
  companyId: string,
  viewerId: string,
  range: { start: string; end: string },
  preview: number,
): Promise<{ rows: CalendarPreviewRow[]; source: ViewerHolidaySource }> {
  type Row = ViewerHolidaySource & (CalendarPreviewRow | { [K in keyof CalendarPreviewRow]: null });
  const all = await statementReader(source)<Row>(sql`
    select s.region, s."workedHolidays", m.*
    from (${viewerHolidaySourceSelect(companyId, viewerId, range.start, range.end)}) s
    left join lateral (${calendarPreviewSelect(companyId, range, preview)}) m on true`);
  const rows: CalendarPreviewRow[] = [];
  // The day and its count before the spread, as V8 builds one layout for such literals.
  for (const row of all)
    if (row.id !== null) rows.push({ day: row.day, people: row.people, ...holidayOf(row) });
  const first = all[0];
  return { rows, source: { region: first?.region ?? null, workedHolidays: first?.workedHolidays ?? [] } };
}

/**
 * Everyone away on `date` (one entry per person: their first holiday by start date), in the month
 * summary's order: one page, and the number of people in all. Reads the day's count and only the
 * page's people from the per-day summary (ADRs 0110, 0175), which holds what the calendar shows.
 */
export async function listCalendarDay(
  source: Tx | ReadStatement,
  companyId: string,
  date: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; items: TeamHolidayRow[] }> {
  const day = sql`${date}::date`;
  type Row = { total: number } & (TeamHolidayRow | { [K in keyof TeamHolidayRow]: null });
  const rows = await statementReader(source)<Row>(sql`
    select t.total, page.*
    from (select coalesce((select d.people from team_calendar_days d
      where d.company_id = ${companyId} and d.day = ${day}), 0)::int as total) t
    left join lateral (
      select ${summaryHolidayFields}
      from (
        select ${summaryColumns}
        from team_calendar_people p
        where p.company_id = ${companyId} and p.day = ${day}
        order by ${byName('p.full_name', 'p.employee_record_id')}
        limit ${page.limit} offset ${page.offset}
      ) p
      order by ${byName('p.full_name', 'p.employee_record_id')}
    ) page on true`);
  // One row even when the page is empty (offset past the end): the total, and nulls for the page.
  const items: TeamHolidayRow[] = [];
  for (const row of rows) if (row.id !== null) items.push(holidayOf(row));
  return { total: rows[0]?.total ?? 0, items };
}

/** The next approved team holidays that have not ended yet, by start date. */
export async function listUpcomingApproved(tx: Tx, companyId: string, today: string, limit: number) {
  return tx
    .select(teamHolidayColumns)
    .from(holidayRequests)
    .innerJoin(employeeRecords, eq(employeeRecords.id, holidayRequests.employeeRecordId))
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.status, 'approved'),
        gte(holidayRequests.endDate, today),
        sql`(${employeeRecords.endDate} is null or ${employeeRecords.endDate} >= ${today})`,
      ),
    )
    .orderBy(asc(holidayRequests.startDate), asc(employeeRecords.fullName))
    .limit(limit);
}

/**
 * The employee records someone may record sickness for (issue 18), matching `search` on name, e-mail
 * or number, at most `limit`, by name: a super admin any record of the company, anyone else the
 * records whose current line manager they are; never their own (the request form is theirs), never a
 * leaver whose end date has passed.
 */
export async function listSicknessEmployees(
  tx: Tx,
  companyId: string,
  caller: { userId: string; isSuperAdmin: boolean },
  options: { search: string; limit: number; today: string },
) {
  const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select({
      id: employeeRecords.id,
      fullName: employeeRecords.fullName,
      employeeNumber: employeeRecords.employeeNumber,
    })
    .from(employeeRecords)
    .where(
      and(
        eq(employeeRecords.companyId, companyId),
        caller.isSuperAdmin ? undefined : eq(employeeRecords.lineManagerId, caller.userId),
        sql`${employeeRecords.userId} is distinct from ${caller.userId}::uuid`,
        sql`(${employeeRecords.endDate} is null or ${employeeRecords.endDate} >= ${options.today}::date)`,
        options.search
          ? sql`(${employeeRecords.fullName} ilike ${pattern} or ${employeeRecords.email} ilike ${pattern} or ${employeeRecords.employeeNumber} ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(asc(employeeRecords.fullName), asc(employeeRecords.id))
    .limit(options.limit);
}
