import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notPlatformStaff } from '../../db/company-members.ts';
import { profiles } from '../../db/schema/core.ts';
import { employeeRecords } from '../../db/schema/hr.ts';

export const EMPLOYEE_NUMBER_KEY = 'employee_records_company_number_key';
export const EMPLOYEE_USER_KEY = 'employee_records_company_user_key';

export interface EmployeeWrite {
  fullName: string;
  email: string;
  position: string;
  department: string | null;
  employeeNumber: string;
  startDate: string;
  annualHolidayDays: number;
  userId: string | null;
  lineManagerId: string | null;
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

function searchFilter(companyId: string, search: string, leaversBefore: string | null): SQL | undefined {
  const scope = leaversBefore
    ? and(eq(employeeRecords.companyId, companyId), notLeftBy(leaversBefore))
    : eq(employeeRecords.companyId, companyId);
  if (!search) return scope;
  const pattern = likePattern(search);
  return and(
    scope,
    or(
      ilike(employeeRecords.fullName, pattern),
      ilike(employeeRecords.email, pattern),
      ilike(employeeRecords.employeeNumber, pattern),
      ilike(employeeRecords.position, pattern),
      ilike(employeeRecords.department, pattern),
    ),
  );
}

/**
 * One page of the company's employees (oldest first) and the number that match. Without a search:
 * the page (served in order by `(company_id, created_at)`) and an index count. With one: a single
 * statement whose window count rides on the rows the filter reads anyway, so the five `ILIKE`s run
 * once per employee instead of twice; only a page past the end counts separately.
 */
export async function listEmployees(
  tx: Tx,
  companyId: string,
  query: { search: string; page: number; pageSize: number },
  /** Leave out records whose end date is before this day (null: list everyone). */
  leaversBefore: string | null = null,
) {
  const where = searchFilter(companyId, query.search, leaversBefore);
  const order = [
    asc(employeeRecords.createdAt),
    asc(employeeRecords.employeeNumber),
    asc(employeeRecords.id),
  ];
  const offset = (query.page - 1) * query.pageSize;
  const countAll = async () =>
    (await tx.select({ total: count() }).from(employeeRecords).where(where))[0]?.total ?? 0;
  if (!query.search) {
    const [items, total] = await Promise.all([
      tx
        .select(employeeColumns)
        .from(employeeRecords)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset(offset),
      countAll(),
    ]);
    return { items, total };
  }
  const rows = await tx
    .select({ ...employeeColumns, matching: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(employeeRecords)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset);
  const items = rows.map(({ matching: _, ...item }) => item);
  return { items, total: rows[0]?.matching ?? (offset > 0 ? await countAll() : 0) };
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
