/** Employee records: list, create, update, delete, with the company's rules checked here, not in the browser. */
import type { Weekday } from '@hr/shared/company/company-settings';
import {
  EMPLOYEE_MESSAGES,
  type Employee,
  type EmployeeListResponse,
  type employeeInputSchema,
  type employeeListQuerySchema,
  type UserOptionsResponse,
} from '@hr/shared/hr/employees.schemas';
import { LEAVE_MESSAGES } from '@hr/shared/leave/calendar-days.schemas';
import { isKnownRegion } from '@hr/shared/leave/public-holidays';
import { effectiveAccessLevel, hasAccessLevel } from '@hr/shared/permissions';
import { isoDate } from '@hr/shared/working-days';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  isForeignKeyViolation,
  isPermissionDenied,
  isUndefinedColumn,
  isUniqueViolation,
} from '../../db/errors.ts';
import { withTenant } from '../../db/tenant.ts';
import { tenantReader } from '../../db/tenant-read.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { employeeHasRequests, movePendingRequestsToCurrentApprovers } from '../holidays/holidays.service.ts';
import {
  assertInvitable,
  cancelInvitationsOfDeletedEmployee,
  createInvitationInTx,
} from '../invitations/invitations.service.ts';
import {
  balancesOfRecords,
  defaultAnnualDays,
  holidayYearOf,
  leaveRulesOf,
  owedOnLeavingOf,
  type PageBalanceColumns,
  pageBalanceSqlOf,
  pageBalances,
  writeYearEntitlement,
} from '../leave/leave.service.ts';
import { decodeEmployeeCursor, encodeEmployeeCursor } from './employee-cursor.ts';
import {
  countCompanyUsers,
  deleteEmployee,
  EMPLOYEE_NUMBER_KEY,
  EMPLOYEE_USER_KEY,
  type EmployeeWrite,
  employeeNumberTaken,
  findEmployeeById,
  insertEmployee,
  type ListedEmployeeRow,
  listCompanyUsers,
  listEmployees,
  mirrorLineManagerToProfile,
  setEmployeeEndDate,
  updateEmployee,
} from './employees.repository.ts';

type EmployeeInput = z.output<typeof employeeInputSchema>;
type ListQuery = z.output<typeof employeeListQuerySchema>;
type EmployeeRow = NonNullable<Awaited<ReturnType<typeof findEmployeeById>>>;

type Balances = Awaited<ReturnType<typeof balancesOfRecords>> & {
  /** Leavers only: owed (+) or over-taken (-) at the end of their final holiday year. */
  owed?: Map<string, number>;
};

function toEmployee(row: EmployeeRow, balances: Balances): Employee {
  const balance = balances.get(row.id);
  return {
    ...row,
    owedOnLeaving: balances.owed?.get(row.id) ?? null,
    workingPattern: (row.workingPattern as Weekday[] | null) ?? null,
    allowanceThisYear: balance?.total ?? 0,
    usedThisYear: balance?.used ?? 0,
    remainingThisYear: balance?.remaining ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

function today(): string {
  return isoDate(new Date());
}

/** Rows with this year's balances, computed in the same transaction (two queries for any number of rows). */
async function withBalances(tx: Tx, companyId: string, rows: EmployeeRow[]) {
  return { rows, balances: await balancesWithOwed(tx, companyId, rows) };
}

/** This year's balances, and for the leavers among the rows what they are owed or over-took. */
async function balancesWithOwed(tx: Tx, companyId: string, rows: EmployeeRow[]): Promise<Balances> {
  const balances: Balances = await balancesOfRecords(tx, companyId, rows);
  balances.owed = await owedOnLeavingOf(tx, companyId, rows);
  return balances;
}

/**
 * The planner cannot judge a search term (a prepared statement's generic plan never sees it), and
 * with its guesses it read every match (or the whole table) to sort them even for "smith" at 50,000
 * employees. Walking `employee_records_company_order_idx` in order and stopping at the page is never
 * much worse and usually far better, so the alternatives get cost penalties (ADR 0116): a sort (the
 * walk needs none) and a sequential scan. Bitmap scans stay allowed: they cannot give the order, so
 * the page never takes one, and the capped count reads the company's rows fastest so (ADR 0140).
 * JIT is off: the page's statement always sorts its few rows at the end, so with the penalty its
 * estimate passes `jit_above_cost` and PostgreSQL would compile it on every run (ADR 0140).
 */
const SEARCH_PLAN = { enable_seqscan: 'off', enable_sort: 'off', jit: 'off' } as const;

/**
 * A listed record as `toEmployee` would answer it, from the page statement's row and its balance
 * figures (ADR 0140): the same fields in the same order, so the JSON is the same.
 */
function toListedEmployee(row: ListedEmployeeRow & PageBalanceColumns): Employee {
  const balance = pageBalances(row, row);
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    position: row.position,
    department: row.department,
    employeeNumber: row.employeeNumber,
    startDate: row.startDate,
    annualHolidayDays: row.annualHolidayDays,
    endDate: row.endDate,
    lineManagerId: row.lineManagerId,
    lineManagerName: row.lineManagerName,
    region: row.region,
    workingPattern: (row.workingPattern as Weekday[] | null) ?? null,
    // `toISOString()` of the timestamp as the driver reads it: the millisecond, cut (not rounded).
    createdAt: `${row.cursorAt.slice(0, 23)}Z`,
    owedOnLeaving: balance.owedOnLeaving,
    allowanceThisYear: balance.total,
    usedThisYear: balance.used,
    remainingThisYear: balance.remaining,
  };
}

export async function listCompanyEmployees(
  db: Db,
  principal: Principal,
  query: ListQuery,
): Promise<EmployeeListResponse> {
  const after = query.after === undefined ? null : decodeEmployeeCursor(query.after);
  if (query.after !== undefined && !after) {
    throw errors.validation({ after: EMPLOYEE_MESSAGES.badCursor }, EMPLOYEE_MESSAGES.badCursor);
  }
  const on = today();
  // The page, its capped count and each row's balances in one statement (ADR 0140), sent with the
  // tenant set-up in one round trip (ADR 0150). A search walks the list's order index and stops at
  // the page, whatever the term (ADR 0116).
  const { rows, total, totalCapped, next } = await listEmployees<PageBalanceColumns>(
    tenantReader(db, tenantOf(principal), query.search ? SEARCH_PLAN : undefined),
    principal.companyId,
    {
      search: query.search,
      pageSize: query.pageSize,
      after,
      offset: after ? 0 : (query.page - 1) * query.pageSize,
    },
    query.leavers === 'include' ? null : on,
    pageBalanceSqlOf(principal.companyId, on),
  ).catch((err: unknown) => {
    // Spec section 8: a database whose employee records still lack full_name (a migration not run)
    // answers a clear 503 the list screen recognises, not an anonymous 500.
    if (isUndefinedColumn(err, 'full_name'))
      throw new AppError(503, 'MIGRATION_PENDING', EMPLOYEE_MESSAGES.fullNameColumnMissing);
    throw err;
  });
  return {
    items: rows.map(toListedEmployee),
    total,
    totalCapped,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: next ? encodeEmployeeCursor(next) : null,
  };
}

export async function getEmployee(db: Db, principal: Principal, id: string): Promise<Employee> {
  const found = await withTenant(db, tenantOf(principal), async (tx) => {
    const row = await findEmployeeById(tx, principal.companyId, id);
    return row ? withBalances(tx, principal.companyId, [row]) : null;
  });
  const row = found?.rows[0];
  if (!found || !row) throw errors.notFound();
  return toEmployee(row, found.balances);
}

export async function listUserOptions(db: Db, principal: Principal): Promise<UserOptionsResponse> {
  const items = await withTenant(db, tenantOf(principal), (tx) =>
    listCompanyUsers(tx, principal.companyId, today()),
  );
  return { items };
}

/** The linked account and the line manager must be users of this company; nobody manages themselves. */
async function checkPeople(tx: Tx, companyId: string, input: EmployeeInput): Promise<void> {
  if (input.region && !isKnownRegion(input.region)) {
    throw errors.validation({ region: LEAVE_MESSAGES.unknownRegion }, LEAVE_MESSAGES.unknownRegion);
  }
  if (input.userId && input.userId === input.lineManagerId) {
    throw errors.validation(
      { lineManagerId: EMPLOYEE_MESSAGES.ownLineManager },
      EMPLOYEE_MESSAGES.ownLineManager,
    );
  }
  if (input.userId && (await countCompanyUsers(tx, companyId, [input.userId])) === 0) {
    throw errors.validation(
      { userId: EMPLOYEE_MESSAGES.userNotInCompany },
      EMPLOYEE_MESSAGES.userNotInCompany,
    );
  }
  if (input.lineManagerId && (await countCompanyUsers(tx, companyId, [input.lineManagerId])) === 0) {
    throw errors.validation(
      { lineManagerId: EMPLOYEE_MESSAGES.lineManagerNotInCompany },
      EMPLOYEE_MESSAGES.lineManagerNotInCompany,
    );
  }
}

function toWrite(input: EmployeeInput, annualHolidayDays: number): EmployeeWrite {
  return {
    fullName: input.fullName,
    email: input.email,
    position: input.position,
    department: input.department,
    employeeNumber: input.employeeNumber,
    startDate: input.startDate,
    annualHolidayDays,
    userId: input.userId,
    lineManagerId: input.lineManagerId,
    ...(input.region !== undefined ? { region: input.region } : {}),
    ...(input.workingPattern !== undefined ? { workingPattern: input.workingPattern } : {}),
  };
}

/** Maps what the database refused into the spec's messages; anything else is re-thrown. */
function saveError(err: unknown): never {
  if (isUniqueViolation(err, EMPLOYEE_NUMBER_KEY)) {
    throw errors.conflict(EMPLOYEE_MESSAGES.duplicateNumber, {
      employeeNumber: EMPLOYEE_MESSAGES.duplicateNumber,
    });
  }
  if (isUniqueViolation(err, EMPLOYEE_USER_KEY)) {
    throw errors.conflict(EMPLOYEE_MESSAGES.userAlreadyLinked, {
      userId: EMPLOYEE_MESSAGES.userAlreadyLinked,
    });
  }
  if (isPermissionDenied(err)) throw errors.forbidden(EMPLOYEE_MESSAGES.noPermission);
  throw err;
}

/** Who may invite (the employee form, the import): whoever may create users (User Management at Full). */
export function mayInvite(principal: Principal): boolean {
  const level = effectiveAccessLevel(principal.role, 'user-management', principal.levels['user-management']);
  return hasAccessLevel(level, 'full');
}

function assertMayInvite(principal: Principal): void {
  if (!mayInvite(principal)) throw errors.forbidden();
}

/** What the employee form needs (the invitation's email is queued in its transaction, ADR 0095). */
export interface EmployeeDeps {
  db: Db;
  /**
   * After the commit, for each pending request a new line manager took over: the Slack message to
   * them (ADR 0100). Must not throw nor be awaited.
   */
  onPendingRequest?: (companyId: string, requestId: string) => void;
}

async function save(
  deps: EmployeeDeps,
  principal: Principal,
  id: string | null,
  input: EmployeeInput,
): Promise<Employee> {
  const { db } = deps;
  const { companyId } = principal;
  if (input.sendInvitation) {
    assertMayInvite(principal);
    await assertInvitable(db, input.email);
  }
  try {
    let moved: string[] = [];
    const row = await withTenant(db, tenantOf(principal), async (tx) => {
      const before = id ? await findEmployeeById(tx, companyId, id) : null;
      if (id && !before) throw errors.notFound();
      if (await employeeNumberTaken(tx, companyId, input.employeeNumber, id)) {
        const message = EMPLOYEE_MESSAGES.numberInUse(input.employeeNumber);
        throw errors.conflict(message, { employeeNumber: message });
      }
      await checkPeople(tx, companyId, input);
      // A new employee without days gets the company's entitlement, pro-rated for a part-time week.
      const annualDays =
        input.annualHolidayDays ??
        before?.annualHolidayDays ??
        defaultAnnualDays(await leaveRulesOf(tx, companyId), { workingPattern: input.workingPattern }).days;
      const values = toWrite(input, annualDays);
      let savedId = id;
      if (savedId) {
        if (!(await updateEmployee(tx, companyId, savedId, values))) throw errors.notFound();
      } else {
        savedId = await insertEmployee(tx, companyId, values);
      }
      // This holiday year's entitlement follows the days and dates it is worked out from (ADR 0090).
      if (!before || before.annualHolidayDays !== annualDays || before.startDate !== input.startDate) {
        await writeYearEntitlement(
          tx,
          companyId,
          {
            id: savedId,
            startDate: input.startDate,
            endDate: before?.endDate ?? null,
            annualHolidayDays: annualDays,
          },
          principal.user.id,
        );
      }
      if (input.userId) await mirrorLineManagerToProfile(tx, companyId, input.userId, input.lineManagerId);
      // A new line manager (or none) takes over the pending requests (ADR 0049).
      if (id) moved = await movePendingRequestsToCurrentApprovers(tx, companyId, [savedId]);
      const saved = await findEmployeeById(tx, companyId, savedId);
      if (!saved) return null;
      await recordAudit(tx, principal, {
        kind: id ? 'employee.updated' : 'employee.created',
        targetType: 'employee',
        targetId: savedId,
        targetLabel: saved.fullName,
        before,
        after: saved,
      });
      // The invitation is written with the record, so neither exists without the other (ADR 0101).
      if (input.sendInvitation && !saved.userId) {
        await createInvitationInTx(tx, principal, {
          email: saved.email,
          role: 'operative',
          employeeRecordId: savedId,
        });
      }
      return withBalances(tx, companyId, [saved]);
    });
    const saved = row?.rows[0];
    if (!row || !saved) throw errors.notFound();
    for (const requestId of moved) deps.onPendingRequest?.(companyId, requestId);
    return toEmployee(saved, row.balances);
  } catch (err) {
    saveError(err);
  }
}

export function createEmployee(
  deps: EmployeeDeps,
  principal: Principal,
  input: EmployeeInput,
): Promise<Employee> {
  return save(deps, principal, null, input);
}

export function updateEmployeeRecord(
  deps: EmployeeDeps,
  principal: Principal,
  id: string,
  input: EmployeeInput,
): Promise<Employee> {
  return save(deps, principal, id, input);
}

/**
 * Archives a leaver (ADR 0092): their end date is set (or cleared), their history, ledger and requests
 * stay, and their final holiday year's entitlement is pro-rated to the end date. From the end date
 * their login is refused (the session function) and after it they leave lists, calendars and
 * approver choices.
 */
export async function setEndDate(
  db: Db,
  principal: Principal,
  id: string,
  endDate: string | null,
): Promise<Employee> {
  const { companyId } = principal;
  const found = await withTenant(db, tenantOf(principal), async (tx) => {
    const before = await findEmployeeById(tx, companyId, id);
    if (!before) throw errors.notFound();
    if (endDate && endDate < before.startDate) {
      throw errors.validation(
        { endDate: EMPLOYEE_MESSAGES.endBeforeStart },
        EMPLOYEE_MESSAGES.endBeforeStart,
      );
    }
    await setEmployeeEndDate(tx, companyId, id, endDate);
    await recordAudit(tx, principal, {
      kind: 'employee.end_date_set',
      targetType: 'employee',
      targetId: id,
      targetLabel: before.fullName,
      before: { endDate: before.endDate },
      after: { endDate },
    });
    // The final year is the one holding the end date; clearing it restores this year's full entitlement.
    await writeYearEntitlement(
      tx,
      companyId,
      { id, startDate: before.startDate, endDate, annualHolidayDays: before.annualHolidayDays },
      principal.user.id,
      endDate && endDate < today() ? endDate : today(),
    );
    const saved = await findEmployeeById(tx, companyId, id);
    return saved ? withBalances(tx, companyId, [saved]) : null;
  });
  const row = found?.rows[0];
  if (!found || !row) throw errors.notFound();
  return toEmployee(row, found.balances);
}

/**
 * Deletes an employee record without holiday history. A record with any holiday request (whatever
 * its status) is refused with 409 and kept whole (ADR 0049): a leaver is archived with an end date
 * instead (ADR 0092); the foreign key refuses it too (migration 0016). An invitation sent with the
 * record and not yet accepted is cancelled with it (ADR 0101).
 */
export async function removeEmployee(db: Db, principal: Principal, id: string): Promise<void> {
  const deleted = await withTenant(db, tenantOf(principal), async (tx) => {
    if (await employeeHasRequests(tx, principal.companyId, id)) {
      throw errors.conflict(EMPLOYEE_MESSAGES.hasHolidayRequests);
    }
    const before = await findEmployeeById(tx, principal.companyId, id);
    if (!before) return false;
    try {
      // The delete before the audit event: of parallel deletions of one record, only the one whose
      // delete removed the row records it; the others wait for it to commit, delete nothing and
      // answer 404 with nothing written.
      if (!(await deleteEmployee(tx, principal.companyId, id))) return false;
    } catch (err) {
      // A request submitted between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(err)) throw errors.conflict(EMPLOYEE_MESSAGES.hasHolidayRequests);
      throw err;
    }
    await recordAudit(tx, principal, {
      kind: 'employee.deleted',
      targetType: 'employee',
      targetId: id,
      targetLabel: before.fullName,
      before,
    });
    await cancelInvitationsOfDeletedEmployee(tx, principal, id);
    return true;
  });
  if (!deleted) throw errors.notFound();
}

/**
 * A new company's founder gets their own employee record at sign-up, in the sign-up's transaction
 * (issue 19): employee number 1, from the first day of the current holiday year (so the year's full
 * entitlement, the company's default), linked to their login. HR edits it like any other record.
 */
export async function createFounderEmployeeRecord(
  tx: Tx,
  founder: { companyId: string; userId: string; fullName: string; email: string },
): Promise<void> {
  const rules = await leaveRulesOf(tx, founder.companyId);
  const startDate = holidayYearOf(rules, today()).start;
  const annualHolidayDays = defaultAnnualDays(rules, { workingPattern: null }).days;
  const id = await insertEmployee(tx, founder.companyId, {
    fullName: founder.fullName,
    email: founder.email.toLowerCase(),
    position: 'Founder',
    department: null,
    employeeNumber: '1',
    startDate,
    annualHolidayDays,
    userId: founder.userId,
    lineManagerId: null,
  });
  await writeYearEntitlement(
    tx,
    founder.companyId,
    { id, startDate, endDate: null, annualHolidayDays },
    founder.userId,
  );
}
