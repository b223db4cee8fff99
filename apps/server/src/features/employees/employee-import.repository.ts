/**
 * The employee import's statements (ADR 0097): a fixed number whatever the file's size. Lists travel
 * as one JSON parameter each (`json_array_elements_text`, `json_to_recordset`), never one parameter
 * per value.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';

/** Imports of one company run one at a time: the second waits, then re-validates against the first's rows. */
export async function lockImports(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`employee-import:${companyId}`}, 0))`);
}

/** Existing employee records whose number is one of `numbers` or whose email (any case) is one of `emails`. */
export async function findRecordsByNumberOrEmail(
  tx: Tx,
  companyId: string,
  numbers: readonly string[],
  emails: readonly string[],
) {
  if (!numbers.length && !emails.length) return [];
  const result = await tx.execute(sql`
    select e.employee_number as "employeeNumber", lower(e.email) as email, e.user_id as "userId"
    from employee_records e
    where e.company_id = ${companyId}
      and (e.employee_number in (select value from json_array_elements_text(${JSON.stringify(numbers)}::json))
        or lower(e.email) in (select value from json_array_elements_text(${JSON.stringify(emails)}::json)))`);
  return rowsOf<{ employeeNumber: string; email: string; userId: string | null }>(result);
}

/**
 * The company's user accounts (platform staff left out) with one of these emails, and whether an
 * employee record is linked to each already.
 */
export async function findCompanyUsersByEmail(tx: Tx, companyId: string, emails: readonly string[]) {
  if (!emails.length) return [];
  const result = await tx.execute(sql`
    select p.id, lower(p.email) as email,
      exists (select 1 from employee_records e where e.company_id = ${companyId} and e.user_id = p.id) as linked
    from profiles p
    where p.company_id = ${companyId}
      and lower(p.email) in (select value from json_array_elements_text(${JSON.stringify(emails)}::json))
      and not exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'developer')`);
  return rowsOf<{ id: string; email: string; linked: boolean }>(result);
}

export interface ImportedEmployee {
  employeeNumber: string;
  fullName: string;
  email: string;
  position: string;
  department: string;
  startDate: string;
  annualHolidayDays: number;
  userId: string | null;
  lineManagerId: string | null;
  region: string | null;
  workingPattern: string[] | null;
}

/** Inserts every record in one statement; returns each new id with its employee number. */
export async function insertEmployees(tx: Tx, companyId: string, rows: readonly ImportedEmployee[]) {
  if (!rows.length) return [];
  const result = await tx.execute(sql`
    insert into employee_records (company_id, employee_number, full_name, email, position, department,
      start_date, annual_holiday_days, user_id, line_manager_id, region, working_pattern)
    select ${companyId}, x.employee_number, x.full_name, x.email, x.position, x.department, x.start_date,
      x.annual_holiday_days, x.user_id, x.line_manager_id, x.region,
      (select array_agg(d) from json_array_elements_text(x.working_pattern) d)
    from json_to_recordset(${JSON.stringify(
      rows.map((r) => ({
        employee_number: r.employeeNumber,
        full_name: r.fullName,
        email: r.email,
        position: r.position,
        department: r.department,
        start_date: r.startDate,
        annual_holiday_days: r.annualHolidayDays,
        user_id: r.userId,
        line_manager_id: r.lineManagerId,
        region: r.region,
        working_pattern: r.workingPattern,
      })),
    )}::json) as x(employee_number text, full_name text, email text, position text, department text,
      start_date date, annual_holiday_days numeric, user_id uuid, line_manager_id uuid, region text,
      working_pattern json)
    returning id, employee_number as "employeeNumber"`);
  return rowsOf<{ id: string; employeeNumber: string }>(result);
}

/** The linked users' profiles name the same line manager as their new records (one truth, ADR 0051). */
export async function mirrorLineManagers(
  tx: Tx,
  companyId: string,
  links: readonly { userId: string; lineManagerId: string | null }[],
): Promise<void> {
  if (!links.length) return;
  await tx.execute(sql`
    update profiles p set line_manager = x.line_manager_id
    from json_to_recordset(${JSON.stringify(
      links.map((l) => ({ user_id: l.userId, line_manager_id: l.lineManagerId })),
    )}::json) as x(user_id uuid, line_manager_id uuid)
    where p.id = x.user_id and p.company_id = ${companyId}`);
}
