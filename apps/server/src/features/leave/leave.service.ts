/**
 * The leave ledger (ADRs 0090, 0091): balances as sums the employee can read, HR's opening balances
 * and adjustments, the entitlement of each holiday year, the allowance check of a submission, and the
 * holiday-year rollover (carry-over in, expired carry-over). Every number is computed here.
 */
import { COMPANY_SETTINGS_DEFAULTS } from '@hr/shared/company/company-settings';
import { holidayYearWindow } from '@hr/shared/hr/holiday-rules';
import { HOLIDAY_TYPES, type HolidayType } from '@hr/shared/hr/holidays.schemas';
import {
  carryOverDays,
  carryOverExpiryDate,
  daysLeftForBooking,
  daysPerWeekOf,
  defaultEntitlement,
  expiredCarryOver,
  type LedgerLine,
  ledgerBalance,
  notEnoughAllowanceMessage,
  roundDays,
  signedDaysText,
  type YearWindow,
  yearEntitlement,
  yearEntitlementDays,
} from '@hr/shared/leave/allowance';
import {
  type EmployeeLedgerResponse,
  LEAVE_MESSAGES,
  type LeaveBalance,
  type LeaveSettings,
  type ledgerEntryInputSchema,
  type RolloverResponse,
} from '@hr/shared/leave/leave.schemas';
import { addDays, isoDate } from '@hr/shared/working-days';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { readWithTenant } from '../../db/tenant-read.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type BalanceInputs,
  type BalanceSourceRow,
  balanceSourceFrom,
  balanceSourceQuery,
  findEmployeeForLeave,
  findLeaveSettings,
  insertAdjustment,
  insertLedgerEntries,
  insertOnceEntries,
  type LeaveSettingsRow,
  listBalanceInputs,
  listCompaniesForRollover,
  listLedgerEntries,
  listRolloverInputs,
  lockRollover,
  type NewLedgerEntry,
  type PageBalanceColumns,
  pageBalanceSql,
  type TypeSums,
  updateLeaveSettings,
  upsertOnceEntry,
} from './leave.repository.ts';

function today(now: Date = new Date()): string {
  return isoDate(now);
}

export interface LeaveRules {
  startMonth: number;
  companyPattern: readonly string[];
  companyDays: number;
  carryOverCap: number;
  carryOverExpiryMonths: number | null;
  allowNegative: boolean;
  allowanceTypes: HolidayType[];
  approvalTypes: HolidayType[];
}

/** The leave types that use allowance in a company that never saved its leave settings. */
const DEFAULT_ALLOWANCE_TYPES: readonly HolidayType[] = ['annual'];

const asTypes = (values: readonly string[] | null | undefined, fallback: readonly HolidayType[]) =>
  values ? HOLIDAY_TYPES.filter((t) => values.includes(t)) : [...fallback];

/** The company's leave settings, with the defaults of a company that never saved any. */
export async function leaveRulesOf(tx: Tx, companyId: string): Promise<LeaveRules> {
  return leaveRulesFrom(await findLeaveSettings(tx, companyId));
}

/** The leave rules of a settings row already read (null: the company never saved any). */
export function leaveRulesFrom(row: LeaveSettingsRow | null): LeaveRules {
  return {
    startMonth: row?.holidayYearStartMonth ?? COMPANY_SETTINGS_DEFAULTS.holidayYearStartMonth,
    companyPattern: row?.workingDaysPattern?.length
      ? row.workingDaysPattern
      : COMPANY_SETTINGS_DEFAULTS.workingDaysPattern,
    companyDays: row?.annualHolidayDaysEntitlement ?? COMPANY_SETTINGS_DEFAULTS.annualHolidayDaysEntitlement,
    carryOverCap: row?.carryOverCapDays ?? 0,
    carryOverExpiryMonths: row ? row.carryOverExpiryMonths : 3,
    allowNegative: row?.allowNegativeBalance ?? false,
    allowanceTypes: asTypes(row?.allowanceLeaveTypes, DEFAULT_ALLOWANCE_TYPES),
    approvalTypes: asTypes(row?.approvalLeaveTypes, HOLIDAY_TYPES),
  };
}

export function usesAllowance(rules: LeaveRules, type: HolidayType): boolean {
  return rules.allowanceTypes.includes(type);
}

export function needsApproval(rules: LeaveRules, type: HolidayType): boolean {
  return rules.approvalTypes.includes(type);
}

/** The holiday year holding `date`. */
export function holidayYearOf(rules: Pick<LeaveRules, 'startMonth'>, date: string): YearWindow {
  return holidayYearWindow(date, rules.startMonth);
}

/**
 * A new employee's full-year days: the company's entitlement, pro-rated for a part-time week
 * (`daysPerWeekOf`: the employee's own pattern once it exists, else the company's).
 */
export function defaultAnnualDays(
  rules: LeaveRules,
  employee: { workingPattern?: readonly string[] | null } = {},
) {
  return defaultEntitlement({
    companyDays: rules.companyDays,
    daysPerWeek: daysPerWeekOf(employee, rules.companyPattern),
    companyDaysPerWeek: daysPerWeekOf({}, rules.companyPattern),
  });
}

export interface LeaveRecord {
  id: string;
  startDate: string;
  endDate: string | null;
  annualHolidayDays: number;
}

/**
 * The balances of several employee records in one holiday year: one query whatever their number
 * (the ledger entries and the request sums, `listBalanceInputs`). A record without an entitlement entry for the year (the
 * rollover not yet run) shows the entitlement it will get, computed and marked as such.
 */
export async function balancesFor(
  tx: Tx,
  companyId: string,
  records: readonly LeaveRecord[],
  year: YearWindow,
  rules: LeaveRules,
): Promise<Map<string, LeaveBalance>> {
  const ids = records.map((r) => r.id);
  return balancesFrom(records, year, await listBalanceInputs(tx, companyId, ids, year, rules.allowanceTypes));
}

/**
 * `balancesFor`'s arithmetic, on inputs already read (the balance card and the approvals read them in
 * their one statement, ADRs 0121 and 0145).
 */
export function balancesFrom(
  records: readonly LeaveRecord[],
  year: YearWindow,
  { entries, sums }: BalanceInputs,
): Map<string, LeaveBalance> {
  const entriesOf = new Map<string, LedgerLine[]>();
  for (const e of entries) {
    const list = entriesOf.get(e.employeeRecordId) ?? [];
    list.push({ kind: e.kind, days: e.days, reason: e.reason });
    entriesOf.set(e.employeeRecordId, list);
  }
  const sumOf = new Map(sums.map((s) => [s.employeeRecordId, s]));
  return new Map(
    records.map((record) => {
      const lines = entriesOf.get(record.id) ?? [];
      let calculation: string[] = [];
      const entitlement = lines.find((l) => l.kind === 'entitlement');
      if (entitlement) {
        calculation = entitlement.reason.split('\n');
      } else {
        const due = yearEntitlement({
          annualDays: record.annualHolidayDays,
          year,
          startDate: record.startDate,
          endDate: record.endDate,
        });
        if (due) {
          calculation = [...due.lines, 'Not written to the ledger yet: the holiday-year rollover writes it'];
          lines.push({ kind: 'entitlement', days: due.days, reason: calculation.join('\n') });
        }
      }
      const sum = sumOf.get(record.id);
      const balance = ledgerBalance({
        entries: lines,
        approved: { days: sum?.approvedDays ?? 0, count: sum?.approvedCount ?? 0 },
        pending: { days: sum?.pendingDays ?? 0, count: sum?.pendingCount ?? 0 },
      });
      const percentUsed =
        balance.total > 0
          ? Math.min(100, Math.max(0, (balance.used / balance.total) * 100))
          : balance.used > 0
            ? 100
            : 0;
      return [
        record.id,
        {
          total: balance.total,
          used: balance.used,
          remaining: balance.remaining,
          pending: balance.pending,
          percentUsed: roundDays(percentUsed),
          yearStart: year.start,
          yearEnd: year.end,
          // The entitlement's calculation is listed on its own; its line keeps only its sum.
          lines: balance.lines.map((l) => (l.label === 'Entitlement' ? { ...l, detail: null } : l)),
          entitlementCalculation: calculation,
        },
      ];
    }),
  );
}

/** The signed-in employee's balance of the holiday year holding `on` (today by default). */
export async function getMyLeaveBalance(db: Db, principal: Principal, on: string = today()) {
  const tenant = tenantOf(principal);
  // The record, the settings, the year's entries and its sums per type in one statement (ADR 0121),
  // sent with the tenant set-up in one round trip (ADR 0150).
  const [row] = await readWithTenant<BalanceSourceRow>(
    db,
    tenant,
    balanceSourceQuery(
      principal.companyId,
      principal.user.id,
      on,
      COMPANY_SETTINGS_DEFAULTS.holidayYearStartMonth,
    ),
  );
  const found = balanceSourceFrom(row);
  if (!found) return null;
  const { record } = found;
  const rules = leaveRulesFrom(found.settings);
  const year = holidayYearOf(rules, on);
  // The statement works the year out itself; should it ever disagree, the rules' year decides.
  if (year.start !== found.yearStart) {
    return withTenant(
      db,
      tenant,
      async (tx) =>
        (await balancesFor(tx, principal.companyId, [record], year, rules)).get(record.id) ?? null,
    );
  }
  const sums = found.sums.filter((s) => (rules.allowanceTypes as readonly string[]).includes(s.holidayType));
  const total = (pick: (s: TypeSums) => number) => sums.reduce((n, s) => n + pick(s), 0);
  const inputs: BalanceInputs = {
    entries: found.entries,
    sums: sums.length
      ? [
          {
            employeeRecordId: record.id,
            approvedDays: total((s) => s.approvedDays),
            approvedCount: total((s) => s.approvedCount),
            pendingDays: total((s) => s.pendingDays),
            pendingCount: total((s) => s.pendingCount),
          },
        ]
      : [],
  };
  return balancesFrom([record], year, inputs).get(record.id) ?? null;
}

/** This holiday year's balances of a page of employee records (the employee list). */
export async function balancesOfRecords(
  tx: Tx,
  companyId: string,
  records: readonly LeaveRecord[],
  on: string = today(),
) {
  const rules = await leaveRulesOf(tx, companyId);
  return balancesFor(tx, companyId, records, holidayYearOf(rules, on), rules);
}

/**
 * What gives a page of employee records their balance figures inside the page's own statement (ADR
 * 0140): CTEs to add after the `page` CTE (the records, with `id` and `end_day`, the end date), the
 * joins after `from page` and the columns they give. `pageBalances` turns a row's figures into the
 * numbers `balancesOfRecords` and `owedOnLeavingOf` give.
 */
export function pageBalanceSqlOf(companyId: string, on: string = today()) {
  return pageBalanceSql(companyId, on, {
    startMonth: COMPANY_SETTINGS_DEFAULTS.holidayYearStartMonth,
    allowanceTypes: DEFAULT_ALLOWANCE_TYPES,
    knownTypes: HOLIDAY_TYPES,
  });
}

export type { PageBalanceColumns };

/**
 * One year's total, used and remaining days from its ledger sum and approved leave, as
 * `balancesFor` computes them: a year without an entitlement entry (the rollover not yet run) counts
 * the entitlement it will get.
 */
export function yearFigures(
  record: LeaveRecord,
  year: YearWindow,
  ledgerDays: number,
  hasEntitlement: boolean,
  approvedDays: number,
) {
  const due = hasEntitlement
    ? 0
    : (yearEntitlementDays({
        annualDays: record.annualHolidayDays,
        year,
        startDate: record.startDate,
        endDate: record.endDate,
      }) ?? 0);
  const total = roundDays(ledgerDays + due);
  const used = roundDays(approvedDays);
  return { total, used, remaining: roundDays(total - used) };
}

/**
 * A listed record's balance of this holiday year (total, used, remaining) and, for a leaver, what
 * they are owed (+) or over-took (-) at the end of their final year (null without an end date): the
 * numbers `balancesOfRecords` and `owedOnLeavingOf` give, from the figures `pageBalanceSqlOf` read.
 */
export function pageBalances(record: LeaveRecord, figures: PageBalanceColumns) {
  const year = yearFigures(
    record,
    { start: figures.yearStart, end: figures.yearEnd },
    figures.ledgerDays,
    figures.hasEntitlement,
    figures.approvedDays,
  );
  const owedOnLeaving =
    record.endDate !== null && figures.finalYearStart !== null && figures.finalYearEnd !== null
      ? yearFigures(
          record,
          { start: figures.finalYearStart, end: figures.finalYearEnd },
          figures.finalLedgerDays,
          figures.finalHasEntitlement,
          figures.finalApprovedDays,
        ).remaining
      : null;
  // One literal, not `{ ...year, owedOnLeaving }`: a field added after a spread gives each object a
  // V8 layout of its own, and the list builds one per row (docs/performance.md).
  return { total: year.total, used: year.used, remaining: year.remaining, owedOnLeaving };
}

/**
 * What each leaver among `records` is owed (+) or over-took (-) at the end of their final holiday year
 * (the one holding their end date): that year's remaining days, as HR's ledger view shows them. One
 * `balancesFor` per distinct final year; records without an end date are left out.
 */
export async function owedOnLeavingOf(
  tx: Tx,
  companyId: string,
  records: readonly LeaveRecord[],
): Promise<Map<string, number>> {
  const leavers = records.filter((r) => r.endDate !== null);
  const owed = new Map<string, number>();
  if (!leavers.length) return owed;
  const rules = await leaveRulesOf(tx, companyId);
  const byYear = new Map<string, { year: YearWindow; records: LeaveRecord[] }>();
  for (const record of leavers) {
    const year = holidayYearOf(rules, record.endDate as string);
    const group = byYear.get(year.start) ?? { year, records: [] };
    group.records.push(record);
    byYear.set(year.start, group);
  }
  for (const { year, records: group } of byYear.values()) {
    for (const [id, balance] of await balancesFor(tx, companyId, group, year, rules)) {
      owed.set(id, balance.remaining);
    }
  }
  return owed;
}

/**
 * The entitlement a record would get, as the employee form shows it before saving (ADR 0094): the
 * full-year days (the days given, else the company's entitlement pro-rated for the week) and this
 * holiday year's share for the start date (and end date), each with the lines of its calculation.
 */
export async function previewEntitlement(
  db: Db,
  principal: Principal,
  input: {
    startDate: string | null;
    endDate: string | null;
    annualHolidayDays: number | null;
    workingPattern: readonly string[] | null;
  },
  on: string = today(),
) {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const rules = await leaveRulesOf(tx, principal.companyId);
    const fallback = defaultAnnualDays(rules, { workingPattern: input.workingPattern });
    const annual =
      input.annualHolidayDays === null
        ? {
            days: fallback.days,
            lines: [`Company entitlement: ${rules.companyDays} days a full year`, ...fallback.lines],
          }
        : {
            days: input.annualHolidayDays,
            lines: [`Set on the record: ${input.annualHolidayDays} days a full year`],
          };
    const year = holidayYearOf(rules, on);
    const due = input.startDate
      ? yearEntitlement({ annualDays: annual.days, year, startDate: input.startDate, endDate: input.endDate })
      : null;
    return {
      annualDays: annual.days,
      defaulted: input.annualHolidayDays === null,
      annualLines: annual.lines,
      yearStart: year.start,
      yearEnd: year.end,
      yearDays: input.startDate ? (due?.days ?? 0) : null,
      yearLines: input.startDate
        ? (due?.lines ?? [`Not employed in the holiday year ${year.start} to ${year.end}`])
        : [],
    };
  });
}

/**
 * The allowance check of a submission (ADR 0091), inside the transaction that holds the employee
 * row (`FOR UPDATE`), so two parallel submissions cannot both pass: a request of an allowance-using
 * type may not take more than what remains of its holiday year after the pending requests, unless
 * the company allows negative balances.
 */
export async function checkAllowance(
  tx: Tx,
  companyId: string,
  employee: LeaveRecord,
  request: { holidayType: HolidayType; startDate: string; workingDays: number },
  rules: LeaveRules,
): Promise<void> {
  if (!usesAllowance(rules, request.holidayType) || rules.allowNegative) return;
  const year = holidayYearOf(rules, request.startDate);
  const balance = (await balancesFor(tx, companyId, [employee], year, rules)).get(employee.id);
  const left = balance ? daysLeftForBooking(balance) : 0;
  if (request.workingDays > left) {
    const message = notEnoughAllowanceMessage(Math.max(0, left));
    throw errors.validation({ endDate: message }, message);
  }
}

/**
 * Writes (or rewrites) an employee's entitlement for the holiday year holding `on`, from their
 * full-year days and their start and end dates: called when a record is created or those change.
 */
export async function writeYearEntitlement(
  tx: Tx,
  companyId: string,
  record: LeaveRecord,
  createdBy: string | null,
  on: string = today(),
): Promise<void> {
  const rules = await leaveRulesOf(tx, companyId);
  const year = holidayYearOf(rules, on);
  const due = yearEntitlement({
    annualDays: record.annualHolidayDays,
    year,
    startDate: record.startDate,
    endDate: record.endDate,
  });
  await upsertOnceEntry(tx, {
    companyId,
    employeeRecordId: record.id,
    holidayYearStart: year.start,
    kind: 'entitlement',
    days: due?.days ?? 0,
    reason: (due?.lines ?? [`Not employed in the holiday year ${year.start} to ${year.end}`]).join('\n'),
    createdBy,
  });
}

/**
 * The ledger of newly imported records (ADR 0097), in one statement for any number: this holiday
 * year's entitlement of each (pro-rated for a joiner, as `writeYearEntitlement` does) and, where the
 * file gave one, its opening balance.
 */
export async function writeImportedLedger(
  tx: Tx,
  companyId: string,
  records: readonly (LeaveRecord & { openingBalance: number | null })[],
  createdBy: string | null,
  openingReason: string,
  on: string = today(),
): Promise<void> {
  const rules = await leaveRulesOf(tx, companyId);
  const year = holidayYearOf(rules, on);
  const entries: NewLedgerEntry[] = [];
  for (const record of records) {
    const due = yearEntitlement({
      annualDays: record.annualHolidayDays,
      year,
      startDate: record.startDate,
      endDate: record.endDate,
    });
    const base = { companyId, employeeRecordId: record.id, holidayYearStart: year.start, createdBy };
    entries.push({
      ...base,
      kind: 'entitlement',
      days: due?.days ?? 0,
      reason: (due?.lines ?? [`Not employed in the holiday year ${year.start} to ${year.end}`]).join('\n'),
    });
    if (record.openingBalance !== null) {
      entries.push({ ...base, kind: 'opening_balance', days: record.openingBalance, reason: openingReason });
    }
  }
  await insertLedgerEntries(tx, entries);
}

type LedgerEntryInput = z.output<typeof ledgerEntryInputSchema>;

/** HR's view of an employee's ledger: this year's balance, its entries, and for a leaver what is owed. */
export async function getEmployeeLedger(
  db: Db,
  principal: Principal,
  employeeId: string,
  on: string = today(),
): Promise<EmployeeLedgerResponse> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const record = await findEmployeeForLeave(tx, principal.companyId, employeeId);
    if (!record) throw errors.notFound(LEAVE_MESSAGES.employeeNotFound);
    const rules = await leaveRulesOf(tx, principal.companyId);
    // A leaver is shown the holiday year of their last day: what they are owed or over-took.
    const shownOn = record.endDate && record.endDate < on ? record.endDate : on;
    const year = holidayYearOf(rules, shownOn);
    const balance = (await balancesFor(tx, principal.companyId, [record], year, rules)).get(record.id);
    if (!balance) throw errors.notFound(LEAVE_MESSAGES.employeeNotFound);
    const entries = await listLedgerEntries(tx, principal.companyId, record.id, year.start);
    const leavesThisYear = record.endDate !== null && record.endDate <= year.end;
    return {
      balance,
      entries: entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        days: e.days,
        reason: e.reason,
        createdByName: e.createdByName,
        createdAt: e.createdAt.toISOString(),
      })),
      endDate: record.endDate,
      owedOnLeaving: leavesThisYear ? balance.remaining : null,
    };
  });
}

/**
 * HR sets the opening balance of this holiday year (one per year: setting it again replaces it) or
 * adds an adjustment (TOIL granted, bought or sold days). The reason is kept and shown.
 */
export async function addLedgerEntry(
  db: Db,
  principal: Principal,
  employeeId: string,
  input: LedgerEntryInput,
  on: string = today(),
): Promise<EmployeeLedgerResponse> {
  await withTenant(db, tenantOf(principal), async (tx) => {
    const record = await findEmployeeForLeave(tx, principal.companyId, employeeId);
    if (!record) throw errors.notFound(LEAVE_MESSAGES.employeeNotFound);
    const rules = await leaveRulesOf(tx, principal.companyId);
    const year = holidayYearOf(rules, on);
    const entry = {
      companyId: principal.companyId,
      employeeRecordId: record.id,
      holidayYearStart: year.start,
      kind: input.kind,
      days: input.days,
      reason: input.reason,
      createdBy: principal.user.id,
    };
    if (input.kind === 'opening_balance') await upsertOnceEntry(tx, entry);
    else await insertAdjustment(tx, entry);
    await recordAudit(tx, principal, {
      kind: 'ledger.adjusted',
      targetType: 'employee',
      targetId: record.id,
      targetLabel: record.fullName,
      after: { kind: input.kind, days: input.days, reason: input.reason, holidayYearStart: year.start },
    });
  });
  return getEmployeeLedger(db, principal, employeeId, on);
}

/**
 * The rollover of one company into the holiday year holding `on` (ADR 0091), in one transaction
 * under the company's advisory lock, with one read and at most three set-based inserts whatever the
 * number of employees:
 * - the year's entitlement of everyone employed in it (joiners and leavers pro-rated);
 * - carry_over_in: min(last year's remaining, cap), never below 0 (0 is written too: the key that
 *   says the carry-over was decided);
 * - once the expiry date has come, carry_over_expired: what was carried in less the allowance-using
 *   leave started before the expiry date, as a negative entry.
 * Every insert skips what exists (the unique key per employee, year and kind): running it again, or
 * on two instances at once, writes nothing more.
 */
export async function rolloverCompany(db: Db, companyId: string, on: string = today()) {
  return withTenant(db, { companyId, userId: null, role: null }, async (tx): Promise<RolloverResponse> => {
    await lockRollover(tx, companyId);
    const rules = await leaveRulesOf(tx, companyId);
    const year = holidayYearOf(rules, on);
    const previous = holidayYearOf(rules, addDays(year.start, -1));
    const expiry = carryOverExpiryDate(year.start, rules.carryOverExpiryMonths);
    const expired = expiry !== null && on >= expiry;
    const inputs = await listRolloverInputs(
      tx,
      companyId,
      year,
      previous,
      rules.allowanceTypes,
      expiry,
      expired,
    );
    const entitlements: { employeeRecordId: string; days: number; reason: string }[] = [];
    const carried: typeof entitlements = [];
    const expiring: typeof entitlements = [];
    for (const r of inputs) {
      if (!r.hasEntitlement) {
        const due = yearEntitlement({
          annualDays: r.annualDays,
          year,
          startDate: r.startDate,
          endDate: r.endDate,
        });
        if (due) entitlements.push({ employeeRecordId: r.id, days: due.days, reason: due.lines.join('\n') });
      }
      const remaining = roundDays(r.previousLedger - r.previousTaken);
      const carryIn = r.hasCarryIn ? (r.carriedIn ?? 0) : carryOverDays(remaining, rules.carryOverCap);
      if (!r.hasCarryIn) {
        carried.push({
          employeeRecordId: r.id,
          days: carryIn,
          reason: `${previous.start} to ${previous.end}: ${signedDaysText(remaining)} remaining, cap ${rules.carryOverCap}`,
        });
      }
      if (expired && !r.hasExpired && carryIn > 0) {
        const lost = expiredCarryOver(carryIn, r.takenBeforeExpiry);
        expiring.push({
          employeeRecordId: r.id,
          days: -lost,
          reason: `Carried over ${carryIn}, taken before ${expiry} ${roundDays(r.takenBeforeExpiry)}: ${lost} unused expired`,
        });
      }
    }
    return {
      yearStart: year.start,
      entitlements: await insertOnceEntries(tx, companyId, year.start, 'entitlement', entitlements),
      carriedOver: await insertOnceEntries(tx, companyId, year.start, 'carry_over_in', carried),
      expired: await insertOnceEntries(tx, companyId, year.start, 'carry_over_expired', expiring),
    };
  });
}

/** `POST /api/v1/leave/rollover`: a super admin runs their company's rollover now. */
export function rolloverMyCompany(db: Db, principal: Principal, on: string = today()) {
  return rolloverCompany(db, principal.companyId, on);
}

/**
 * Every company's rollover (the timer): idempotent, so a company already rolled over writes nothing.
 * Once `stop` is aborted (the server shutting down) it ends after the company in hand.
 */
export async function runRollovers(
  db: Db,
  logger: Logger,
  on: string = today(),
  stop?: AbortSignal,
): Promise<void> {
  for (const company of await listCompaniesForRollover(db)) {
    if (stop?.aborted) return;
    try {
      const result = await rolloverCompany(db, company.id, on);
      if (result.entitlements || result.carriedOver || result.expired)
        logger.info({ companyId: company.id, ...result }, 'leave rollover');
    } catch (err) {
      logger.error({ err, companyId: company.id }, 'leave rollover failed');
    }
  }
}

/**
 * Runs the rollover at start-up and then every `intervalMs` (an hour): the year turns on its own.
 * Safe with many instances (the advisory lock and the unique key). Returns the stop function, which
 * resolves once a run in progress has ended (after its current company, whose transaction completes),
 * so the database can be closed under nothing.
 */
export function startRolloverTimer(
  db: Db,
  logger: Logger,
  intervalMs = 60 * 60 * 1000,
  firstAfterMs = 5_000,
): () => Promise<void> {
  const stop = new AbortController();
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || stop.signal.aborted) return;
    running = runRollovers(db, logger, today(), stop.signal).finally(() => {
      running = null;
    });
  };
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stop.abort();
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

function toLeaveSettings(rules: LeaveRules): LeaveSettings {
  return {
    carryOverCapDays: rules.carryOverCap,
    carryOverExpiryMonths: rules.carryOverExpiryMonths,
    allowNegativeBalance: rules.allowNegative,
    allowanceLeaveTypes: rules.allowanceTypes,
    approvalLeaveTypes: rules.approvalTypes,
  };
}

/** `GET /api/v1/leave/settings`. */
export async function getLeaveSettings(db: Db, principal: Principal): Promise<LeaveSettings> {
  return withTenant(db, tenantOf(principal), async (tx) =>
    toLeaveSettings(await leaveRulesOf(tx, principal.companyId)),
  );
}

/** `PUT /api/v1/leave/settings`: carry-over, negative balances, which types use allowance or need approval. */
export async function saveLeaveSettings(
  db: Db,
  principal: Principal,
  input: LeaveSettings,
): Promise<LeaveSettings> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const before = toLeaveSettings(await leaveRulesOf(tx, principal.companyId));
    const saved = await updateLeaveSettings(tx, principal.companyId, {
      ...input,
      allowanceLeaveTypes: HOLIDAY_TYPES.filter((t) => input.allowanceLeaveTypes.includes(t)),
      approvalLeaveTypes: HOLIDAY_TYPES.filter((t) => input.approvalLeaveTypes.includes(t)),
    });
    if (!saved) throw errors.notFound();
    const after = toLeaveSettings(await leaveRulesOf(tx, principal.companyId));
    const changed = (Object.keys(after) as (keyof LeaveSettings)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    if (changed.length > 0) {
      await recordAudit(tx, principal, {
        kind: 'settings.changed',
        targetType: 'leave_settings',
        targetId: principal.companyId,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    }
    return after;
  });
}
