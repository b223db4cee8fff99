/**
 * `POST /api/v1/employees/import` (issue 19, ADR 0097): every row of a CSV file checked on the server
 * (required cells, formats, duplicates in the file and against the company's records, line managers
 * found by email or employee number, in the file or in the company); a dry run answers the preview
 * and writes nothing; the real run checks again inside one transaction and writes every row or none.
 * Rows with invite = yes get an invitation (role operative, for the new record) and its queued email
 * in that same transaction; a row whose email has a login or a pending invitation is skipped with a
 * warning, as is every row when the importer may not invite (User Management below Full).
 */
import { WEEKDAYS } from '@hr/shared/company/company-settings';
import {
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportIssue,
  type ImportResult,
  type ImportRow,
  parseImportDate,
  parseImportDays,
  parseImportFlag,
  parseImportPattern,
} from '@hr/shared/hr/employee-import';
import { EMPLOYEE_MESSAGES, employeeEmailSchema } from '@hr/shared/hr/employees.schemas';
import { isKnownRegion } from '@hr/shared/leave/public-holidays';
import { isoDate } from '@hr/shared/working-days';
import type { Db, Tx } from '../../db/client.ts';
import { isPermissionDenied, isUniqueViolation } from '../../db/errors.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  createInvitationInTx,
  loginBlockedEmails,
  pendingInvitationEmails,
} from '../invitations/invitations.service.ts';
import { defaultAnnualDays, leaveRulesOf, writeImportedLedger } from '../leave/leave.service.ts';
import {
  findCompanyUsersByEmail,
  findRecordsByNumberOrEmail,
  type ImportedEmployee,
  insertEmployees,
  lockImports,
  mirrorLineManagers,
} from './employee-import.repository.ts';
import { EMPLOYEE_NUMBER_KEY, EMPLOYEE_USER_KEY } from './employees.repository.ts';
import { mayInvite } from './employees.service.ts';
import { type CsvRow, decodeImportFile, type ParsedImport, parseImportCsv } from './import-csv.ts';

const LIMITS: Partial<Record<ImportColumn, number>> = {
  employeeNumber: 50,
  fullName: 200,
  email: 254,
  position: 200,
  department: 200,
};

interface CheckedRow {
  row: ImportRow;
  employee: ImportedEmployee | null;
  openingBalance: number | null;
  /** Whether the import sends this row an invitation (asked for, and not skipped). */
  invite: boolean;
}

/** What decides whether a row asking for an invitation gets one. */
interface InviteContext {
  allowed: boolean;
  /** Addresses (lower case) with a login that signs in somewhere. */
  withLogin: Set<string>;
  /** Addresses (lower case) the company has a pending invitation to. */
  pending: Set<string>;
}

/** The (valid, lower-case) emails of the rows asking for an invitation. */
function inviteEmails(rows: readonly CsvRow[]): string[] {
  const emails = new Set<string>();
  for (const { cells } of rows) {
    if (!parseImportFlag(cells.invite ?? '')) continue;
    const email = employeeEmailSchema.safeParse(cells.email ?? '');
    if (email.success) emails.add(email.data);
  }
  return [...emails];
}

/** What the rows are checked against, read in three statements whatever the file's size. */
async function loadContext(
  tx: Tx,
  companyId: string,
  rows: readonly CsvRow[],
  invites: Omit<InviteContext, 'pending'>,
) {
  const numbers = new Set<string>();
  const emails = new Set<string>();
  for (const { cells } of rows) {
    if (cells.employeeNumber) numbers.add(cells.employeeNumber);
    if (cells.email) emails.add(cells.email.toLowerCase());
    if (cells.lineManager) {
      numbers.add(cells.lineManager);
      emails.add(cells.lineManager.toLowerCase());
    }
  }
  const records = await findRecordsByNumberOrEmail(tx, companyId, [...numbers], [...emails]);
  for (const r of records) emails.add(r.email);
  const users = await findCompanyUsersByEmail(tx, companyId, [...emails]);
  return {
    recordByNumber: new Map(records.map((r) => [r.employeeNumber, r])),
    recordByEmail: new Map(records.map((r) => [r.email, r])),
    userByEmail: new Map(users.map((u) => [u.email, u])),
    rules: await leaveRulesOf(tx, companyId),
    invites: {
      ...invites,
      pending: invites.allowed
        ? await pendingInvitationEmails(tx, companyId, inviteEmails(rows))
        : new Set<string>(),
    } satisfies InviteContext,
  };
}

type Context = Awaited<ReturnType<typeof loadContext>>;

/** Checks every row; returns each with its errors and warnings and, when it has none, what to write. */
function checkRows(parsed: ParsedImport, ctx: Context, today: string): CheckedRow[] {
  const firstRowOfNumber = new Map<string, number>();
  const firstRowOfEmail = new Map<string, number>();
  const fileRowByKey = new Map<string, CsvRow>();
  for (const r of parsed.rows) {
    const number = r.cells.employeeNumber;
    const email = r.cells.email?.toLowerCase();
    if (number && !firstRowOfNumber.has(number)) firstRowOfNumber.set(number, r.row);
    if (email && !firstRowOfEmail.has(email)) firstRowOfEmail.set(email, r.row);
    if (number && !fileRowByKey.has(number)) fileRowByKey.set(number, r);
    if (email && !fileRowByKey.has(email)) fileRowByKey.set(email, r);
  }

  return parsed.rows.map((csv): CheckedRow => {
    const issues: ImportIssue[] = [];
    const warnings: ImportIssue[] = [];
    const error = (column: ImportColumn, message: string) => issues.push({ row: csv.row, column, message });
    const warn = (column: ImportColumn, message: string) => warnings.push({ row: csv.row, column, message });
    const cell = (column: ImportColumn) => csv.cells[column] ?? '';
    const values: Record<string, string> = {};
    for (const [column, value] of Object.entries(csv.cells)) values[column] = value;

    for (const column of ['employeeNumber', 'fullName', 'email', 'position', 'department'] as const) {
      const value = cell(column);
      if (!value) error(column, IMPORT_MESSAGES.required);
      else if (value.length > (LIMITS[column] ?? 200))
        error(column, IMPORT_MESSAGES.tooLong(LIMITS[column] ?? 200));
    }

    const number = cell('employeeNumber');
    if (number) {
      const first = firstRowOfNumber.get(number);
      if (first !== undefined && first !== csv.row)
        error('employeeNumber', IMPORT_MESSAGES.duplicateNumberInFile(first));
      else if (ctx.recordByNumber.has(number)) error('employeeNumber', IMPORT_MESSAGES.numberTaken);
    }

    let email = '';
    if (cell('email')) {
      const parsedEmail = employeeEmailSchema.safeParse(cell('email'));
      if (!parsedEmail.success) error('email', IMPORT_MESSAGES.invalidEmail);
      else {
        email = parsedEmail.data;
        values.email = email;
        const first = firstRowOfEmail.get(email);
        if (first !== undefined && first !== csv.row)
          error('email', IMPORT_MESSAGES.duplicateEmailInFile(first));
        else if (ctx.recordByEmail.has(email)) error('email', IMPORT_MESSAGES.emailTaken);
      }
    }
    // A login with the same email, not yet linked to a record, is linked to the new one.
    const ownUser = email ? ctx.userByEmail.get(email) : undefined;
    const userId = ownUser && !ownUser.linked ? ownUser.id : null;

    let startDate = today;
    if (cell('startDate')) {
      const date = parseImportDate(cell('startDate'));
      if (!date) error('startDate', IMPORT_MESSAGES.invalidDate);
      else {
        startDate = date;
        values.startDate = date;
      }
    }

    let region: string | null = null;
    if (cell('region')) {
      const key = cell('region').toLowerCase();
      if (!isKnownRegion(key)) error('region', IMPORT_MESSAGES.unknownRegion);
      else region = key;
    }

    let workingPattern: string[] | null = null;
    if (cell('workingPattern')) {
      const pattern = parseImportPattern(cell('workingPattern'));
      if (!pattern) error('workingPattern', IMPORT_MESSAGES.invalidPattern);
      else {
        // The company's own week is stored as null (it follows the company's setting).
        const same =
          pattern.length === ctx.rules.companyPattern.length &&
          pattern.every((d) => ctx.rules.companyPattern.includes(d));
        workingPattern = same ? null : pattern;
        values.workingPattern = pattern.join(' ');
      }
    }

    let annualHolidayDays = defaultAnnualDays(ctx.rules, { workingPattern }).days;
    if (cell('entitlement')) {
      const days = parseImportDays(cell('entitlement'), 0, 365);
      if (days === null) error('entitlement', IMPORT_MESSAGES.invalidDays);
      else annualHolidayDays = days;
    }

    let openingBalance: number | null = null;
    if (cell('openingBalance')) {
      const days = parseImportDays(cell('openingBalance'), -365, 365);
      if (days === null) error('openingBalance', IMPORT_MESSAGES.invalidBalance);
      else openingBalance = days;
    }

    const asked = parseImportFlag(cell('invite'));
    let invite = false;
    if (asked === null) error('invite', IMPORT_MESSAGES.invalidInvite);
    else if (asked && email) {
      if (!ctx.invites.allowed) warn('invite', IMPORT_MESSAGES.inviteNotAllowed);
      else if (ctx.invites.withLogin.has(email)) warn('invite', IMPORT_MESSAGES.inviteHasLogin);
      else if (ctx.invites.pending.has(email)) warn('invite', IMPORT_MESSAGES.invitePending);
      else invite = true;
    }

    let lineManagerId: string | null = null;
    const managerKey = cell('lineManager');
    if (managerKey) {
      const lower = managerKey.toLowerCase();
      if (managerKey === number || (email && lower === email)) {
        error('lineManager', IMPORT_MESSAGES.ownLineManager);
      } else {
        const inFile = fileRowByKey.get(managerKey) ?? fileRowByKey.get(lower);
        const record = ctx.recordByNumber.get(managerKey) ?? ctx.recordByEmail.get(lower);
        const managerEmail = inFile ? (inFile.cells.email ?? '').toLowerCase() : (record?.email ?? lower);
        const managerUser = record?.userId ?? ctx.userByEmail.get(managerEmail)?.id ?? null;
        if (!inFile && !record && !managerUser) error('lineManager', IMPORT_MESSAGES.unknownLineManager);
        else if (!managerUser) warn('lineManager', IMPORT_MESSAGES.lineManagerWithoutLogin);
        else if (managerUser === userId) error('lineManager', IMPORT_MESSAGES.ownLineManager);
        else lineManagerId = managerUser;
      }
    }

    const row: ImportRow = { row: csv.row, values, errors: issues, warnings };
    if (issues.length) return { row, employee: null, openingBalance, invite: false };
    return {
      row,
      employee: {
        employeeNumber: number,
        fullName: cell('fullName'),
        email,
        position: cell('position'),
        department: cell('department'),
        startDate,
        annualHolidayDays,
        userId,
        lineManagerId,
        region,
        workingPattern: workingPattern ? WEEKDAYS.filter((d) => workingPattern?.includes(d)) : null,
      },
      openingBalance,
      invite,
    };
  });
}

function resultOf(parsed: ParsedImport, checked: CheckedRow[], dryRun: boolean, imported: number) {
  const rowErrors = checked.flatMap((c) => c.row.errors);
  const invalid = checked.filter((c) => c.row.errors.length > 0).length;
  const result: ImportResult = {
    dryRun,
    columns: parsed.columns,
    rows: dryRun ? checked.map((c) => c.row) : [],
    errors: [...parsed.fileErrors, ...rowErrors],
    warnings: [...parsed.fileWarnings, ...checked.flatMap((c) => c.row.warnings)],
    summary: {
      rows: checked.length,
      valid: checked.length - invalid,
      invalid,
      invites: checked.filter((c) => c.invite).length,
    },
    imported,
  };
  return result;
}

/** At most this many errors are named in a refused real run's `fields` (the dry run lists all). */
const FIELDS_SHOWN = 50;

function invalidFile(result: ImportResult): AppError {
  const fields = Object.fromEntries(
    result.errors.slice(0, FIELDS_SHOWN).map((e) => [`row ${e.row}: ${e.column}`, e.message]),
  );
  return new AppError(400, 'IMPORT_INVALID', IMPORT_MESSAGES.invalidFile(result.errors.length), fields);
}

/**
 * Checks (dry run) or imports the file. The real run takes the company's import lock, reads and
 * checks everything again inside its transaction, and refuses the whole file (400, nothing written)
 * when any row has an error.
 */
export async function importEmployees(
  db: Db,
  principal: Principal,
  bytes: Uint8Array,
  dryRun: boolean,
  on: string = isoDate(new Date()),
): Promise<ImportResult> {
  const parsed = parseImportCsv(decodeImportFile(bytes));
  const { companyId } = principal;
  const allowed = mayInvite(principal);
  // Logins are read as the owner (auth tables), before the tenant transaction; accepting an
  // invitation checks again, so a login created in the meantime still cannot take the address.
  const withLogin = allowed ? await loginBlockedEmails(db, inviteEmails(parsed.rows)) : new Set<string>();
  try {
    return await withTenant(db, tenantOf(principal), async (tx) => {
      if (!dryRun) await lockImports(tx, companyId);
      const context = await loadContext(tx, companyId, parsed.rows, { allowed, withLogin });
      const checked = checkRows(parsed, context, on);
      const preview = resultOf(parsed, checked, dryRun, 0);
      if (dryRun) return preview;
      if (preview.errors.length) throw invalidFile(preview);
      const employees = checked.flatMap((c) => (c.employee ? [c.employee] : []));
      const inserted = await insertEmployees(tx, companyId, employees);
      const idOf = new Map(inserted.map((r) => [r.employeeNumber, r.id]));
      await writeImportedLedger(
        tx,
        companyId,
        checked.flatMap((c) => {
          const id = c.employee ? idOf.get(c.employee.employeeNumber) : undefined;
          return c.employee && id
            ? [
                {
                  id,
                  startDate: c.employee.startDate,
                  endDate: null,
                  annualHolidayDays: c.employee.annualHolidayDays,
                  openingBalance: c.openingBalance,
                },
              ]
            : [];
        }),
        principal.user.id,
        IMPORT_MESSAGES.openingBalanceReason,
        on,
      );
      await mirrorLineManagers(
        tx,
        companyId,
        employees.flatMap((e) => (e.userId ? [{ userId: e.userId, lineManagerId: e.lineManagerId }] : [])),
      );
      // The invitations and their emails, in this transaction: a refused file sends none (ADR 0097).
      let invited = 0;
      for (const c of checked) {
        const id = c.employee ? idOf.get(c.employee.employeeNumber) : undefined;
        if (!c.invite || !c.employee || !id) continue;
        await createInvitationInTx(tx, principal, {
          email: c.employee.email,
          role: 'operative',
          employeeRecordId: id,
        });
        invited += 1;
      }
      // One audit row for the file (ADR 0102): which records it created (each invitation has its own).
      await recordAudit(tx, principal, {
        kind: 'employees.imported',
        targetType: 'employee_import',
        targetLabel: `${inserted.length} employees`,
        after: {
          count: inserted.length,
          invitations: invited,
          employees: inserted.map((r) => ({ id: r.id, employeeNumber: r.employeeNumber })),
        },
      });
      return resultOf(parsed, checked, false, inserted.length);
    });
  } catch (err) {
    // A record created in the meantime outside an import (the form) with the same number.
    if (isUniqueViolation(err, EMPLOYEE_NUMBER_KEY)) {
      throw errors.conflict(IMPORT_MESSAGES.numberTaken, { employeeNumber: IMPORT_MESSAGES.numberTaken });
    }
    // A login linked to another record in the meantime (the form): check the file again.
    if (isUniqueViolation(err, EMPLOYEE_USER_KEY)) {
      throw errors.conflict(EMPLOYEE_MESSAGES.userAlreadyLinked, {
        email: EMPLOYEE_MESSAGES.userAlreadyLinked,
      });
    }
    if (isPermissionDenied(err)) throw errors.forbidden();
    throw err;
  }
}
