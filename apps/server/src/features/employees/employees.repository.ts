import { EMPLOYEE_COUNT_CAP } from '@hr/shared/hr/employees.schemas';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notPlatformStaff } from '../../db/company-members.ts';
import { CURSOR_TIMESTAMP_FORMAT } from '../../db/keyset-cursor.ts';
import { profiles } from '../../db/schema/core.ts';
import { employeeRecords } from '../../db/schema/hr.ts';
import { type ReadStatement, statementReader } from '../../db/tenant-read.ts';
import type { EmployeeCursor } from './employee-cursor.ts';

export const EMPLOYEE_NUMBER_KEY = 'employee_records_company_number_key';
export const EMPLOYEE_USER_KEY = 'employee_records_company_user_key';

/** The fields a record is written with and listed with. */
interface EmployeeFields {
  fullName: string;
  email: string;
  position: string;
  department: string | null;
  employeeNumber: string;
  startDate: string;
  annualHolidayDays: number;
  userId: string | null;
  lineManagerId: string | null;
}

export interface EmployeeWrite extends EmployeeFields {
  /** undefined: unchanged (an update that does not name it). */
  region?: string | null;
  workingPattern?: string[] | null;
}

/** Employed today: no end date, or one not yet passed (ADR 0092). */
export function notLeftBy(today: string): SQL {
  return sql`(${employeeRecords.endDate} is null or ${employeeRecords.endDate} >= ${today})`;
}

const lineManagerName = sql<
  string | null
>`(select p.full_name from ${profiles} p where p.id = ${employeeRecords.lineManagerId})`;

const employeeColumns = {
  id: employeeRecords.id,
  userId: employeeRecords.userId,
  fullName: employeeRecords.fullName,
  email: employeeRecords.email,
  position: employeeRecords.position,
  department: employeeRecords.department,
  employeeNumber: employeeRecords.employeeNumber,
  startDate: employeeRecords.startDate,
  annualHolidayDays: employeeRecords.annualHolidayDays,
  endDate: employeeRecords.endDate,
  lineManagerId: employeeRecords.lineManagerId,
  lineManagerName,
  region: employeeRecords.region,
  workingPattern: employeeRecords.workingPattern,
  createdAt: employeeRecords.createdAt,
};

/** `%` and `_` in what the user typed are literal, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The unit separator that joins the fields of `search_text` (ADR 0116). */
const FIELD_SEPARATOR = '\u001f';

function searchFilter(companyId: string, search: string, leaversBefore: string | null): SQL | undefined {
  const scope = leaversBefore
    ? and(eq(employeeRecords.companyId, companyId), notLeftBy(leaversBefore))
    : eq(employeeRecords.companyId, companyId);
  if (!search) return scope;
  const pattern = likePattern(search);
  // No field holds the separator, so a term with one matches nothing (as the five ILIKEs would not).
  if (search.includes(FIELD_SEPARATOR)) return and(scope, sql`false`);
  // `search_text` is the five fields lower-cased: `lower(field) LIKE lower(pattern)` is what ILIKE
  // does in a multi-byte database, so this matches exactly what the five ILIKEs matched (ADR 0116).
  // The pattern is lower-cased once per statement (a sub-select), not once per row.
  return and(scope, sql`${employeeRecords.searchText} like (select lower(${pattern}::text))`);
}

/** `created_at` to the microsecond, as UTC text: the cursor's first key, read back exactly by `::timestamptz`. */
const cursorAt = sql<string>`to_char(${employeeRecords.createdAt} at time zone 'UTC', ${sql.raw(`'${CURSOR_TIMESTAMP_FORMAT}'`)})`;

/** Rows after the cursor in the list's order: one range of `employee_records_company_order_idx`. */
function afterCursor(cursor: EmployeeCursor): SQL {
  return sql`(${employeeRecords.createdAt}, ${employeeRecords.employeeNumber}, ${employeeRecords.id}) > (${cursor.createdAt}::timestamptz, ${cursor.employeeNumber}::text, ${cursor.id}::uuid)`;
}

/**
 * How many rows match, counted up to one past the cap and no further (ADR 0115): the scan stops at
 * the 1,001st match, so its cost no longer grows with the company. Limits are literals (integers
 * from code), so a prepared statement's generic plan knows them.
 */
function cappedCount(where: SQL | undefined) {
  return sql<number>`(select count(*)::int from (select 1 from ${employeeRecords} where ${where} limit ${sql.raw(String(EMPLOYEE_COUNT_CAP + 1))}) capped)`.mapWith(
    Number,
  );
}

export interface EmployeePageQuery {
  search: string;
  pageSize: number;
  /** The rows after this sort key (keyset pages, ADR 0115); null: from the start (or `offset`). */
  after: EmployeeCursor | null;
  /** Rows skipped before the page (`page=` offset pages, kept for API callers); 0 with a cursor. */
  offset: number;
}

/** A listed record as the page statement returns it (dates as text, days as numbers). */
export interface ListedEmployeeRow extends EmployeeFields {
  id: string;
  endDate: string | null;
  lineManagerName: string | null;
  region: string | null;
  workingPattern: string[] | null;
  /** `created_at` to the microsecond, UTC: the cursor's first key. */
  cursorAt: string;
}

/** What another feature adds to each row of the page, inside the page's statement (ADR 0140). */
export interface PageJoins {
  /** CTEs after the CTE `page` (the page's rows: `id`, `end_day` and the listed columns). */
  ctes: SQL;
  /** Joins after `from page`. */
  joins: SQL;
  /** The select-list entries the joins give. */
  columns: SQL;
}

/**
 * One page of the company's employees (oldest first), whether another follows, and how many match
 * up to the cap, in one statement whatever the query (ADR 0140): the page reads pageSize + 1 rows
 * (the extra one only says a next page exists), `extra` joins what each row needs besides (the
 * balances), and the capped count (ADR 0115) is an InitPlan the statement runs only when the page
 * does not tell it: a first page with no next page holds every match, which spares a rare term (or a
 * small company) the count's scan. A page past the end has no row to carry the count; it counts on
 * its own (a second statement, as rare as such a page).
 * Written as SQL text: the page's rows are mapped by hand, not by the query builder (ADR 0121).
 */
export async function listEmployees<Extra extends object>(
  source: Tx | ReadStatement,
  companyId: string,
  query: EmployeePageQuery,
  /** Leave out records whose end date is before this day (null: list everyone). */
  leaversBefore: string | null,
  extra: PageJoins,
) {
  const where = searchFilter(companyId, query.search, leaversBefore);
  const pageWhere = query.after ? and(where, afterCursor(query.after)) : where;
  const fromStart = !query.after && query.offset === 0;
  // The limit is a literal (an integer from code), so the prepared statement's generic plan knows how
  // few rows the page reads; an offset (API callers' `page=`) is a parameter, so that every page
  // number shares one statement text.
  const limit = sql.raw(String(query.pageSize + 1));
  const offset = query.offset > 0 ? sql` offset ${query.offset}::int` : sql``;
  const matching = fromStart
    ? sql`case when (count(*) over ())::int <= ${sql.raw(String(query.pageSize))} then (count(*) over ())::int
        else ${cappedCount(where)} end`
    : cappedCount(where);
  const read = statementReader(source);
  const rows = await read<ListedEmployeeRow & Extra & { matching: number }>(
    sql`
      with page as materialized (
        select id, user_id as "userId", full_name as "fullName", email, position, department,
          employee_number as "employeeNumber", start_date::text as "startDate",
          annual_holiday_days::float8 as "annualHolidayDays", end_date::text as "endDate", end_date as end_day,
          line_manager_id as "lineManagerId",
          (select p.full_name from profiles p where p.id = line_manager_id) as "lineManagerName",
          region, working_pattern as "workingPattern", ${cursorAt} as "cursorAt", created_at, employee_number
        from ${employeeRecords}
        where ${pageWhere}
        order by created_at, employee_number, id
        limit ${limit}${offset}
      ), ${extra.ctes}
      select page.id, page."userId", page."fullName", page.email, page.position, page.department,
        page."employeeNumber", page."startDate", page."annualHolidayDays", page."endDate",
        page."lineManagerId", page."lineManagerName", page.region, page."workingPattern", page."cursorAt",
        ${matching} as matching, ${extra.columns}
      from page ${extra.joins}
      order by page.created_at, page.employee_number, page.id`,
  );
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const hasNext = rows.length > query.pageSize;
  const next =
    hasNext && last ? { createdAt: last.cursorAt, employeeNumber: last.employeeNumber, id: last.id } : null;
  let total: number;
  if (rows[0]) total = Number(rows[0].matching);
  else if (fromStart) total = 0;
  else {
    const counted = await read<{ n: number }>(sql`select ${cappedCount(where)} as n`);
    total = Number(counted[0]?.n ?? 0);
  }
  return {
    rows: page,
    total: Math.min(total, EMPLOYEE_COUNT_CAP),
    totalCapped: total > EMPLOYEE_COUNT_CAP,
    next,
  };
}

export async function findEmployeeById(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(employeeColumns)
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, id)));
  return row ?? null;
}

/** Another record of the company already using this number (the record being edited excluded). */
export async function employeeNumberTaken(
  tx: Tx,
  companyId: string,
  employeeNumber: string,
  exceptId: string | null,
): Promise<boolean> {
  const conditions = [
    eq(employeeRecords.companyId, companyId),
    eq(employeeRecords.employeeNumber, employeeNumber),
  ];
  if (exceptId) conditions.push(ne(employeeRecords.id, exceptId));
  const [row] = await tx
    .select({ id: employeeRecords.id })
    .from(employeeRecords)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertEmployee(tx: Tx, companyId: string, values: EmployeeWrite): Promise<string> {
  const [row] = await tx
    .insert(employeeRecords)
    .values({ ...values, companyId })
    .returning({ id: employeeRecords.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Updates the form's fields (the ledger is written by the leave feature). */
export async function updateEmployee(tx: Tx, companyId: string, id: string, values: EmployeeWrite) {
  const rows = await tx
    .update(employeeRecords)
    .set(values)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, id)))
    .returning({ id: employeeRecords.id });
  return rows.length > 0;
}

/** Sets (or clears) a leaver's end date. */
export async function setEmployeeEndDate(tx: Tx, companyId: string, id: string, endDate: string | null) {
  const rows = await tx
    .update(employeeRecords)
    .set({ endDate })
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, id)))
    .returning({ id: employeeRecords.id });
  return rows.length > 0;
}

export async function deleteEmployee(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.id, id)))
    .returning({ id: employeeRecords.id });
  return rows.length > 0;
}

/**
 * The company's user accounts (id, full name, email) ordered by full name, without leavers whose end
 * date has passed (they are no one's line manager any more, ADR 0092).
 */
export async function listCompanyUsers(tx: Tx, companyId: string, today: string) {
  return tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(
      and(
        eq(profiles.companyId, companyId),
        notPlatformStaff(),
        sql`not exists (select 1 from ${employeeRecords} e where e.company_id = ${companyId}
          and e.user_id = ${profiles.id} and e.end_date < ${today})`,
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}

export async function countCompanyUsers(tx: Tx, companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), inArray(profiles.id, ids), notPlatformStaff()));
  return row?.n ?? 0;
}

/** One truth for a person's line manager: the record's choice is mirrored onto the linked user's profile. */
export async function mirrorLineManagerToProfile(
  tx: Tx,
  companyId: string,
  userId: string,
  lineManagerId: string | null,
): Promise<void> {
  await tx
    .update(profiles)
    .set({ lineManager: lineManagerId })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.id, userId)));
}
