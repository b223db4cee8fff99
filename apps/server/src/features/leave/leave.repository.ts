/** The leave ledger's queries (ADR 0090): entries, the sums a balance needs, the rollover's set-based writes. */
import type { HolidayType } from '@hr/shared/hr/holidays.schemas';
import type { LedgerKind } from '@hr/shared/leave/allowance';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { companies, companySettings } from '../../db/schema/core.ts';
import { employeeRecords, leaveLedgerEntries } from '../../db/schema/hr.ts';
import { withTenant } from '../../db/tenant.ts';

/**
 * A uuid list as one array parameter (PGlite and node-postgres alike; the ids are read from the
 * database). One parameter keeps the statement's text, and so its prepared statement (ADR 0045), the
 * same for any number of ids, and spares building a parameter per id (ADR 0121).
 */
function uuidArray(ids: readonly string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** The company settings the leave rules read. */
const leaveSettingsColumns = {
  holidayYearStartMonth: companySettings.holidayYearStartMonth,
  workingDaysPattern: companySettings.workingDaysPattern,
  annualHolidayDaysEntitlement: companySettings.annualHolidayDaysEntitlement,
  carryOverCapDays: companySettings.carryOverCapDays,
  carryOverExpiryMonths: companySettings.carryOverExpiryMonths,
  allowNegativeBalance: companySettings.allowNegativeBalance,
  allowanceLeaveTypes: companySettings.allowanceLeaveTypes,
  approvalLeaveTypes: companySettings.approvalLeaveTypes,
};

/** The company settings the leave rules read, with their defaults when the company has no row. */
export async function findLeaveSettings(tx: Tx, companyId: string) {
  const [row] = await tx
    .select(leaveSettingsColumns)
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return row ?? null;
}

export type LeaveSettingsRow = NonNullable<Awaited<ReturnType<typeof findLeaveSettings>>>;

/** What `findBalanceSourceOfUser` sums per holiday type: approved and pending requests of the year. */
export interface TypeSums {
  holidayType: string;
  approvedDays: number;
  approvedCount: number;
  pendingDays: number;
  pendingCount: number;
}

/**
 * The balance card's whole read in one statement (ADR 0121, amended): the user's employee record (the
 * fields the allowance needs), the company's leave settings (null without a row), the holiday year
 * holding `on` (from the settings' start month, `defaultStartMonth` without a settings row), that
 * year's ledger entries (oldest first) and its approved and pending requests summed per holiday type
 * (the service keeps the allowance-using ones). Null without a record.
 */
export async function findBalanceSourceOfUser(
  tx: Tx,
  companyId: string,
  userId: string,
  on: string,
  defaultStartMonth: number,
) {
  return balanceSourceFrom(
    rowsOf<BalanceSourceRow>(
      await tx.execute(balanceSourceQuery(companyId, userId, on, defaultStartMonth)),
    )[0],
  );
}

/**
 * `findBalanceSourceOfUser`'s statement alone (for a one-round-trip read): one SQL text mapped by
 * hand (ADR 0121), as the query builder's work would cost more Node time than the database spends.
 */
export function balanceSourceQuery(companyId: string, userId: string, on: string, defaultStartMonth: number) {
  return sql`
    select e.id, e.user_id as "userId", e.full_name as "fullName",
      to_char(e.start_date, 'YYYY-MM-DD') as "startDate", to_char(e.end_date, 'YYYY-MM-DD') as "endDate",
      e.annual_holiday_days::float8 as "annualHolidayDays", e.line_manager_id as "lineManagerId",
      case when s.company_id is not null then json_build_object(
        'holidayYearStartMonth', s.holiday_year_start_month, 'workingDaysPattern', s.working_days_pattern,
        'annualHolidayDaysEntitlement', s.annual_holiday_days_entitlement::float8,
        'carryOverCapDays', s.carry_over_cap_days::float8, 'carryOverExpiryMonths', s.carry_over_expiry_months,
        'allowNegativeBalance', s.allow_negative_balance, 'allowanceLeaveTypes', s.allowance_leave_types,
        'approvalLeaveTypes', s.approval_leave_types) end as settings,
      to_char(y.start, 'YYYY-MM-DD') as "yearStart",
      (select coalesce(json_agg(json_build_array(l.kind, l.days::float8, l.reason) order by l.created_at, l.id), '[]'::json)
        from leave_ledger_entries l
        where l.company_id = e.company_id and l.holiday_year_start = y.start and l.employee_record_id = e.id) as entries,
      (select coalesce(json_agg(json_build_array(t.holiday_type, t.ad, t.ac, t.pd, t.pc)), '[]'::json)
        from (
          select h.holiday_type,
            coalesce(sum(h.working_days) filter (where h.status = 'approved'), 0)::float8 as ad,
            (count(*) filter (where h.status = 'approved'))::int as ac,
            coalesce(sum(h.working_days) filter (where h.status = 'pending'), 0)::float8 as pd,
            (count(*) filter (where h.status = 'pending'))::int as pc
          from holiday_requests h
          where h.company_id = e.company_id and h.employee_record_id = e.id
            and h.status in ('approved', 'pending')
            and h.start_date between y.start and (y.start + interval '1 year' - interval '1 day')::date
          group by h.holiday_type) t) as sums
    from employee_records e
    left join company_settings s on s.company_id = e.company_id
    cross join lateral (
      select make_date(extract(year from d)::int - (extract(month from d)::int < m)::int, m, 1) as start
      from (select ${on}::date as d, coalesce(s.holiday_year_start_month, ${defaultStartMonth}::int) as m) p
    ) y
    where e.company_id = ${companyId} and e.user_id = ${userId}
    limit 1`;
}

export interface BalanceSourceRow {
  id: string;
  userId: string | null;
  fullName: string;
  startDate: string;
  endDate: string | null;
  annualHolidayDays: number;
  lineManagerId: string | null;
  settings: LeaveSettingsRow | null;
  yearStart: string;
  entries: Array<[LedgerKind, number, string]>;
  sums: Array<[string, number, number, number, number]>;
}

/** A `balanceSourceQuery` row as the service uses it; null without a row (no employee record). */
export function balanceSourceFrom(row: BalanceSourceRow | undefined) {
  if (!row) return null;
  const { settings, yearStart, entries, sums, ...record } = row;
  return {
    record,
    settings,
    yearStart,
    entries: entries.map(([kind, days, reason]) => ({ employeeRecordId: row.id, kind, days, reason })),
    sums: sums.map(
      ([holidayType, approvedDays, approvedCount, pendingDays, pendingCount]): TypeSums => ({
        holidayType,
        approvedDays,
        approvedCount,
        pendingDays,
        pendingCount,
      }),
    ),
  };
}

export interface LedgerEntryRow {
  id: string;
  employeeRecordId: string;
  holidayYearStart: string;
  kind: LedgerKind;
  days: number;
  reason: string;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
}

/** One employee's entries of one holiday year, oldest first. */
export async function listLedgerEntries(
  tx: Tx,
  companyId: string,
  employeeRecordId: string,
  yearStart: string,
): Promise<LedgerEntryRow[]> {
  return tx
    .select({
      id: leaveLedgerEntries.id,
      employeeRecordId: leaveLedgerEntries.employeeRecordId,
      holidayYearStart: leaveLedgerEntries.holidayYearStart,
      kind: leaveLedgerEntries.kind,
      days: leaveLedgerEntries.days,
      reason: leaveLedgerEntries.reason,
      createdBy: leaveLedgerEntries.createdBy,
      createdByName: sql<
        string | null
      >`(select p.full_name from profiles p where p.id = ${leaveLedgerEntries.createdBy})`,
      createdAt: leaveLedgerEntries.createdAt,
    })
    .from(leaveLedgerEntries)
    .where(
      and(
        eq(leaveLedgerEntries.companyId, companyId),
        eq(leaveLedgerEntries.employeeRecordId, employeeRecordId),
        eq(leaveLedgerEntries.holidayYearStart, yearStart),
      ),
    )
    .orderBy(asc(leaveLedgerEntries.createdAt), asc(leaveLedgerEntries.id));
}

export interface BalanceInputs {
  entries: Array<{ employeeRecordId: string; kind: LedgerKind; days: number; reason: string }>;
  sums: Array<{
    employeeRecordId: string;
    approvedDays: number;
    approvedCount: number;
    pendingDays: number;
    pendingCount: number;
  }>;
}

/**
 * What the balances of some employees in one holiday year are made of, in one statement (ADR 0121):
 * their ledger entries of the year (leave_ledger_entries_employee_year_idx), and their approved and
 * pending requests of allowance-using types starting in the year, summed per employee (ADR 0090: a
 * request belongs to the holiday year of its start date; one crossing the year's edge is stored as
 * two rows).
 */
export async function listBalanceInputs(
  tx: Tx,
  companyId: string,
  ids: string[],
  year: { start: string; end: string },
  types: readonly HolidayType[],
): Promise<BalanceInputs> {
  if (!ids.length) return { entries: [], sums: [] };
  // Entries oldest first (as the ledger lists them): lines of one kind keep that order.
  const entries = sql`
    (select 'entry' as part, employee_record_id as "employeeRecordId", kind, days::float8 as days, reason,
      null::float8 as "approvedDays", null::int as "approvedCount", null::float8 as "pendingDays",
      null::int as "pendingCount"
    from leave_ledger_entries
    where company_id = ${companyId} and holiday_year_start = ${year.start}
      and employee_record_id = any(${uuidArray(ids)})
    order by created_at, id)`;
  const sums = sql`
    select 'sum', employee_record_id, null, null, null,
      coalesce(sum(working_days) filter (where status = 'approved'), 0)::float8,
      (count(*) filter (where status = 'approved'))::int,
      coalesce(sum(working_days) filter (where status = 'pending'), 0)::float8,
      (count(*) filter (where status = 'pending'))::int
    from holiday_requests
    where company_id = ${companyId}
      and employee_record_id = any(${uuidArray(ids)})
      and status in ('approved', 'pending')
      and holiday_type = any(${sql`array[${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`})
      and start_date between ${year.start}::date and ${year.end}::date
    group by employee_record_id`;
  const rows = rowsOf<
    BalanceInputs['entries'][number] &
      BalanceInputs['sums'][number] & { part: 'entry' | 'sum'; kind: LedgerKind; reason: string }
  >(await tx.execute(types.length ? sql`${entries} union all ${sums}` : entries));
  const result: BalanceInputs = { entries: [], sums: [] };
  for (const { part, employeeRecordId, kind, days, reason, ...sum } of rows) {
    if (part === 'entry') result.entries.push({ employeeRecordId, kind, days, reason });
    else result.sums.push({ employeeRecordId, ...sum });
  }
  return result;
}

/** A text[] parameter of values from code (leave types: plain words, no comma, quote or brace). */
function textArray(values: readonly string[]) {
  return sql`${`{${values.join(',')}}`}::text[]`;
}

/**
 * The first day of the holiday year holding `day` for a year starting in `month` (1-12), as SQL:
 * what `holidayYearWindow` computes (the year starts in the day's year when its month has come).
 */
export function holidayYearStartSql(day: SQL, month: SQL): SQL {
  return sql`make_date(extract(year from ${day})::int - (extract(month from ${day})::int < ${month})::int, ${month}, 1)`;
}

/** The last day of the holiday year that starts on `start` (a year starting in `month`). */
export function holidayYearEndSql(start: SQL, month: SQL): SQL {
  return sql`(make_date(extract(year from ${start})::int + 1, ${month}, 1) - 1)`;
}

/** What a company without a settings row reads, and the leave types there are (from the service). */
export interface LeaveYearDefaults {
  startMonth: number;
  allowanceTypes: readonly string[];
  knownTypes: readonly string[];
}

/**
 * The balance figures of a page of employee records, read in the page's own statement (ADR 0140): no
 * statement of their own, no settings lookup of their own. `page` names a CTE of the records with
 * their `id` and `end_day` (the end date); this adds CTEs after it, the joins to make after `from
 * page` and the columns those give (`PAGE_BALANCE_COLUMNS`):
 * - `ly`: the company's rules, one row: `year_start`, `year_end` (the holiday year holding `on`),
 *   `start_month`, `types` (the allowance-using leave types), as `leaveRulesOf` + `holidayYearOf`;
 * - `led`, `req`: per record, this year's ledger sum and whether it holds an entitlement entry, and
 *   the approved allowance-using leave starting in it: one index range per record for the whole
 *   page (`= any(array(select id from page))`, as `listBalanceInputs`);
 * - `fin`: the same for the holiday year holding a leaver's end date, for the page's leavers only.
 * Sums are numeric in SQL, float8 out: whole tenths, exact.
 */
export function pageBalanceSql(companyId: string, on: string, defaults: LeaveYearDefaults) {
  const month = sql.raw('ly.start_month');
  const ctes = sql`ly as materialized (
      select y.year_start, ${holidayYearEndSql(sql.raw('y.year_start'), sql.raw('r.start_month'))} as year_end,
        r.start_month, r.types
      from (
        select coalesce(s.holiday_year_start_month, ${defaults.startMonth}::int) as start_month,
          array(select t from unnest(coalesce(s.allowance_leave_types, ${textArray(defaults.allowanceTypes)})) t
            where t = any(${textArray(defaults.knownTypes)})) as types
        from (select 1) one left join company_settings s on s.company_id = ${companyId}
      ) r
      cross join lateral (select ${holidayYearStartSql(sql`${on}::date`, sql.raw('r.start_month'))} as year_start) y
    ),
    led as (
      select l.employee_record_id, sum(l.days)::float8 as ledger_days,
        bool_or(l.kind = 'entitlement') as has_entitlement
      from leave_ledger_entries l cross join ly
      where l.company_id = ${companyId} and l.holiday_year_start = ly.year_start
        and l.employee_record_id = any(array(select id from page))
      group by l.employee_record_id
    ),
    req as (
      select r.employee_record_id, sum(r.working_days)::float8 as approved_days
      from holiday_requests r cross join ly
      where r.company_id = ${companyId} and r.employee_record_id = any(array(select id from page))
        and r.status = 'approved' and r.holiday_type = any(ly.types)
        and r.start_date between ly.year_start and ly.year_end
      group by r.employee_record_id
    ),
    fin as (
      select p.id, f.year_start, f.year_end, fl.ledger_days, fl.has_entitlement, fr.approved_days
      from page p cross join ly
      cross join lateral (select ${holidayYearStartSql(sql.raw('p.end_day'), month)} as year_start) f0
      cross join lateral (select f0.year_start, ${holidayYearEndSql(sql.raw('f0.year_start'), month)} as year_end) f
      cross join lateral (select coalesce(sum(l.days), 0)::float8 as ledger_days,
          coalesce(bool_or(l.kind = 'entitlement'), false) as has_entitlement
        from leave_ledger_entries l
        where l.company_id = ${companyId} and l.employee_record_id = p.id and l.holiday_year_start = f.year_start) fl
      cross join lateral (select coalesce(sum(r.working_days), 0)::float8 as approved_days
        from holiday_requests r
        where r.company_id = ${companyId} and r.employee_record_id = p.id and r.status = 'approved'
          and r.holiday_type = any(ly.types) and r.start_date between f.year_start and f.year_end) fr
      where p.end_day is not null
    )`;
  const joins = sql.raw(`cross join ly
    left join led on led.employee_record_id = page.id
    left join req on req.employee_record_id = page.id
    left join fin on fin.id = page.id`);
  return { ctes, joins, columns: PAGE_BALANCE_COLUMNS };
}

/** The columns `pageBalanceSql` adds, as the select list names them. */
const PAGE_BALANCE_COLUMNS = sql.raw(`ly.year_start::text as "yearStart", ly.year_end::text as "yearEnd",
    coalesce(led.ledger_days, 0) as "ledgerDays", coalesce(led.has_entitlement, false) as "hasEntitlement",
    coalesce(req.approved_days, 0) as "approvedDays",
    fin.year_start::text as "finalYearStart", fin.year_end::text as "finalYearEnd",
    coalesce(fin.ledger_days, 0) as "finalLedgerDays", coalesce(fin.has_entitlement, false) as "finalHasEntitlement",
    coalesce(fin.approved_days, 0) as "finalApprovedDays"`);

/** One row's balance figures, as `pageBalanceSql` adds them. */
export interface PageBalanceColumns {
  yearStart: string;
  yearEnd: string;
  ledgerDays: number;
  hasEntitlement: boolean;
  approvedDays: number;
  finalYearStart: string | null;
  finalYearEnd: string | null;
  finalLedgerDays: number;
  finalHasEntitlement: boolean;
  finalApprovedDays: number;
}

/** The employee record fields the allowance needs. */
export async function findEmployeeForLeave(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({
      id: employeeRecords.id,
      userId: employeeRecords.userId,
      fullName: employeeRecords.fullName,
      startDate: employeeRecords.startDate,
      endDate: employeeRecords.endDate,
      annualHolidayDays: employeeRecords.annualHolidayDays,
      lineManagerId: employeeRecords.lineManagerId,
    })
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, id)));
  return row ?? null;
}

export interface NewLedgerEntry {
  companyId: string;
  employeeRecordId: string;
  holidayYearStart: string;
  kind: LedgerKind;
  days: number;
  reason: string;
  createdBy: string | null;
}

/** Writes the year's entitlement, or replaces it (its record's days or dates changed). */
export async function upsertOnceEntry(tx: Tx, entry: NewLedgerEntry) {
  await tx.execute(sql`
    insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason, created_by)
    values (${entry.companyId}, ${entry.employeeRecordId}, ${entry.holidayYearStart}, ${entry.kind},
      ${entry.days}, ${entry.reason}, ${entry.createdBy})
    on conflict (employee_record_id, holiday_year_start, kind) where kind <> 'adjustment'
    do update set days = excluded.days, reason = excluded.reason, created_by = excluded.created_by,
      created_at = now()`);
}

export async function insertAdjustment(tx: Tx, entry: NewLedgerEntry) {
  const [row] = await tx.insert(leaveLedgerEntries).values(entry).returning({ id: leaveLedgerEntries.id });
  return row?.id ?? null;
}

/** Inserts entries of new records (an import) in one statement, with who wrote them. */
export async function insertLedgerEntries(tx: Tx, entries: readonly NewLedgerEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.execute(sql`
    insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason, created_by)
    select x.company_id, x.employee_record_id, x.holiday_year_start, x.kind, x.days, x.reason, x.created_by
    from json_to_recordset(${JSON.stringify(
      entries.map((e) => ({
        company_id: e.companyId,
        employee_record_id: e.employeeRecordId,
        holiday_year_start: e.holidayYearStart,
        kind: e.kind,
        days: e.days,
        reason: e.reason,
        created_by: e.createdBy,
      })),
    )}::json) as x(company_id uuid, employee_record_id uuid, holiday_year_start date, kind text, days numeric,
      reason text, created_by uuid)`);
}

/**
 * Inserts many entries of one kind and year in one statement; an entry that exists already (the
 * unique key per employee, year and kind) is left as it is. Returns how many were written.
 */
export async function insertOnceEntries(
  tx: Tx,
  companyId: string,
  yearStart: string,
  kind: LedgerKind,
  rows: { employeeRecordId: string; days: number; reason: string }[],
): Promise<number> {
  if (!rows.length) return 0;
  const result = await tx.execute(sql`
    insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason)
    select ${companyId}, x.employee_record_id, ${yearStart}::date, ${kind}, x.days, x.reason
    from json_to_recordset(${JSON.stringify(
      rows.map((r) => ({ employee_record_id: r.employeeRecordId, days: r.days, reason: r.reason })),
    )}::json) as x(employee_record_id uuid, days numeric, reason text)
    on conflict (employee_record_id, holiday_year_start, kind) where kind <> 'adjustment' do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}

/**
 * Holds the company's rollover until the transaction ends: a second instance (or a second click)
 * waits, then finds everything written (ADR 0091).
 */
export async function lockRollover(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`leave-rollover:${companyId}`}, 0))`);
}

/**
 * What the rollover into `year` needs per employee employed in it, in one statement: the record's
 * days and dates, the previous year's ledger sum and approved allowance-using leave, which of this
 * year's once-a-year entries exist, and the allowance-using leave of this year started before
 * `expiry` (when there is one). Only employees with an entry still to write: no entitlement yet, no
 * carry-over decided yet, or (once `expired`) a carry-over above 0 whose expiry is not written.
 */
export async function listRolloverInputs(
  tx: Tx,
  companyId: string,
  year: { start: string; end: string },
  previous: { start: string; end: string },
  types: readonly HolidayType[],
  expiry: string | null,
  /** The carry-over's expiry date has come (its entries are due). */
  expired: boolean,
) {
  const typeArray = sql`array[${sql.join(
    (types.length ? types : ['annual']).map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const result = await tx.execute(sql`
    with staff as (
      select id, start_date, end_date, annual_holiday_days
      from employee_records
      where company_id = ${companyId} and start_date <= ${year.end}::date
        and (end_date is null or end_date >= ${year.start}::date)
    ),
    ledger as (
      select employee_record_id,
        sum(days) filter (where holiday_year_start = ${previous.start}::date) as previous_sum,
        bool_or(holiday_year_start = ${year.start}::date and kind = 'entitlement') as has_entitlement,
        bool_or(holiday_year_start = ${year.start}::date and kind = 'carry_over_in') as has_carry_in,
        bool_or(holiday_year_start = ${year.start}::date and kind = 'carry_over_expired') as has_expired,
        sum(days) filter (where holiday_year_start = ${year.start}::date and kind = 'carry_over_in') as carried_in
      from leave_ledger_entries
      where company_id = ${companyId} and holiday_year_start in (${previous.start}::date, ${year.start}::date)
      group by employee_record_id
    ),
    taken as (
      select employee_record_id,
        sum(working_days) filter (where start_date <= ${previous.end}::date) as previous_taken,
        sum(working_days) filter (where start_date >= ${year.start}::date
          and start_date < coalesce(${expiry}::date, ${year.start}::date)) as taken_before_expiry
      from holiday_requests
      where company_id = ${companyId} and status = 'approved' and holiday_type = any(${typeArray})
        and start_date between ${previous.start}::date and ${year.end}::date
      group by employee_record_id
    )
    select s.id, to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate",
      s.annual_holiday_days::float8 as "annualDays",
      coalesce(l.previous_sum, 0)::float8 as "previousLedger",
      coalesce(t.previous_taken, 0)::float8 as "previousTaken",
      coalesce(l.has_entitlement, false) as "hasEntitlement",
      coalesce(l.has_carry_in, false) as "hasCarryIn",
      coalesce(l.has_expired, false) as "hasExpired",
      l.carried_in::float8 as "carriedIn",
      coalesce(t.taken_before_expiry, 0)::float8 as "takenBeforeExpiry"
    from staff s
    left join ledger l on l.employee_record_id = s.id
    left join taken t on t.employee_record_id = s.id
    -- Only employees with something still to write: an hourly run after the year has turned reads
    -- (and holds in memory) no one, not every employee of the company again.
    where not coalesce(l.has_entitlement, false) or not coalesce(l.has_carry_in, false)
      or (${expired}::boolean and not coalesce(l.has_expired, false) and coalesce(l.carried_in, 0) > 0)`);
  return rowsOf<{
    id: string;
    startDate: string;
    endDate: string | null;
    annualDays: number;
    previousLedger: number;
    previousTaken: number;
    hasEntitlement: boolean;
    hasCarryIn: boolean;
    hasExpired: boolean;
    carriedIn: number | null;
    takenBeforeExpiry: number;
  }>(result);
}

/**
 * Every company: the timer's list (each company's rollover reads its own settings in its tenant).
 * `companies` forces row-level security and a non-superuser owner reads none of it, so this reads as
 * the serving role under the one policy that shows every company: `companies_read` for the developer
 * role (no company, no user).
 */
export async function listCompaniesForRollover(db: Db): Promise<Array<{ id: string }>> {
  return withTenant(db, { companyId: '', userId: null, role: 'developer' }, (tx) =>
    tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)),
  );
}

/** Saves the company's leave settings (the company's settings row exists from sign-up). */
export async function updateLeaveSettings(
  tx: Tx,
  companyId: string,
  values: {
    carryOverCapDays: number;
    carryOverExpiryMonths: number | null;
    allowNegativeBalance: boolean;
    allowanceLeaveTypes: string[];
    approvalLeaveTypes: string[];
  },
) {
  const rows = await tx
    .update(companySettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companySettings.companyId, companyId))
    .returning({ companyId: companySettings.companyId });
  return rows.length > 0;
}
