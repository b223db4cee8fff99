/**
 * The reports' statements (ADR 0098): each report is one statement for the whole company, grouped in
 * the database (no query per employee), plus the list of departments for the filters.
 */
import type { HolidayStatus, HolidayType } from '@hr/shared/hr/holidays.schemas';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    (values.length ? values : ['']).map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface BalanceSums {
  id: string;
  employeeNumber: string;
  fullName: string;
  department: string | null;
  startDate: string;
  endDate: string | null;
  annualDays: number;
  hasEntitlement: boolean;
  entitlement: number;
  openingBalance: number;
  carryOver: number;
  adjustments: number;
  taken: number;
  booked: number;
  pending: number;
}

/**
 * Everyone employed in the holiday year (leavers of the year included) with the year's ledger sums
 * by kind and the allowance-using requests started in the year: approved and ended before `today`
 * (taken), approved and not yet over (booked), pending. The sums the balance card adds (ADR 0090).
 */
export async function listBalanceSums(
  tx: Tx,
  companyId: string,
  year: { start: string; end: string },
  today: string,
  allowanceTypes: readonly HolidayType[],
  department: string | null,
): Promise<BalanceSums[]> {
  const result = await tx.execute(sql`
    with staff as (
      select id, employee_number, full_name, department, start_date, end_date, annual_holiday_days
      from employee_records
      where company_id = ${companyId} and start_date <= ${year.end}::date
        and (end_date is null or end_date >= ${year.start}::date)
        and (${department}::text is null or department = ${department}::text)
    ),
    ledger as (
      select employee_record_id,
        bool_or(kind = 'entitlement') as has_entitlement,
        sum(days) filter (where kind = 'entitlement') as entitlement,
        sum(days) filter (where kind = 'opening_balance') as opening_balance,
        sum(days) filter (where kind in ('carry_over_in', 'carry_over_expired')) as carry_over,
        sum(days) filter (where kind = 'adjustment') as adjustments
      from leave_ledger_entries
      where company_id = ${companyId} and holiday_year_start = ${year.start}::date
      group by employee_record_id
    ),
    requests as (
      select employee_record_id,
        sum(working_days) filter (where status = 'approved' and end_date < ${today}::date) as taken,
        sum(working_days) filter (where status = 'approved' and end_date >= ${today}::date) as booked,
        sum(working_days) filter (where status = 'pending') as pending
      from holiday_requests
      where company_id = ${companyId} and status in ('approved', 'pending')
        and holiday_type = any(${textArray(allowanceTypes)})
        and start_date between ${year.start}::date and ${year.end}::date
      group by employee_record_id
    )
    select s.id, s.employee_number as "employeeNumber", s.full_name as "fullName", s.department,
      to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate",
      s.annual_holiday_days::float8 as "annualDays",
      coalesce(l.has_entitlement, false) as "hasEntitlement",
      coalesce(l.entitlement, 0)::float8 as entitlement,
      coalesce(l.opening_balance, 0)::float8 as "openingBalance",
      coalesce(l.carry_over, 0)::float8 as "carryOver",
      coalesce(l.adjustments, 0)::float8 as adjustments,
      coalesce(r.taken, 0)::float8 as taken,
      coalesce(r.booked, 0)::float8 as booked,
      coalesce(r.pending, 0)::float8 as pending
    from staff s
    left join ledger l on l.employee_record_id = s.id
    left join requests r on r.employee_record_id = s.id
    order by s.full_name, s.employee_number`);
  return rowsOf<BalanceSums>(result);
}

export interface RequestReportSqlRow {
  id: string;
  employeeNumber: string;
  fullName: string;
  department: string | null;
  holidayType: HolidayType;
  startDate: string;
  endDate: string;
  startHalfDay: boolean;
  endHalfDay: boolean;
  workingDays: number;
  status: HolidayStatus;
  submittedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  comment: string | null;
}

const utc = (column: ReturnType<typeof sql.raw>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Every request touching [from, to] (whatever its status), oldest first, with who decided it. */
export async function listRequestsBetween(
  tx: Tx,
  companyId: string,
  from: string,
  to: string,
  filters: { department: string | null; type: HolidayType | null },
): Promise<RequestReportSqlRow[]> {
  const result = await tx.execute(sql`
    select r.id, e.employee_number as "employeeNumber", e.full_name as "fullName", e.department,
      r.holiday_type as "holidayType",
      to_char(r.start_date, 'YYYY-MM-DD') as "startDate", to_char(r.end_date, 'YYYY-MM-DD') as "endDate",
      r.start_half_day as "startHalfDay", r.end_half_day as "endHalfDay",
      r.working_days::float8 as "workingDays", r.status,
      ${utc(sql.raw('r.submitted_at'))} as "submittedAt",
      (select p.full_name from profiles p where p.id = r.reviewed_by) as "decidedBy",
      ${utc(sql.raw('r.reviewed_at'))} as "decidedAt",
      r.reviewer_comments as comment
    from holiday_requests r
    join employee_records e on e.id = r.employee_record_id and e.company_id = r.company_id
    where r.company_id = ${companyId}
      and r.start_date <= ${to}::date and r.end_date >= ${from}::date
      and (${filters.department}::text is null or e.department = ${filters.department}::text)
      and (${filters.type}::text is null or r.holiday_type = ${filters.type}::text)
    order by r.start_date, e.full_name, r.id`);
  return rowsOf<RequestReportSqlRow>(result);
}

/** The company's departments (the filters' choices), in order. */
export async function listDepartments(tx: Tx, companyId: string): Promise<string[]> {
  const result = await tx.execute(sql`
    select distinct department from employee_records
    where company_id = ${companyId} and department is not null and department <> ''
    order by department`);
  return rowsOf<{ department: string }>(result).map((r) => r.department);
}
