/**
 * Reports for super admins (issue 19, ADR 0098): the balances of every employee for a holiday year,
 * with the same sums as the balance card (ADR 0090), and every request of a period with its status
 * and decision. One statement per report whatever the company's size; the CSV has the JSON's columns.
 */
import { holidayYearWindow } from '@hr/shared/hr/holiday-rules';
import { roundDays, yearEntitlementDays } from '@hr/shared/leave/allowance';
import {
  BALANCE_REPORT_COLUMNS,
  type BalanceReportRow,
  type BalancesReport,
  type balancesReportQuerySchema,
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  REQUEST_REPORT_COLUMNS,
  type RequestsReport,
  type requestsReportQuerySchema,
} from '@hr/shared/leave/reports.schemas';
import { inclusiveDayCount, isoDate } from '@hr/shared/working-days';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import type { CsvCell } from '../../http/csv.ts';
import { holidayYearOf, leaveRulesOf } from '../leave/leave.service.ts';
import { listBalanceSums, listDepartments, listRequestsBetween } from './reports.repository.ts';

type BalancesQuery = z.output<typeof balancesReportQuerySchema>;
type RequestsQuery = z.output<typeof requestsReportQuerySchema>;

export async function balancesReport(
  db: Db,
  principal: Principal,
  query: BalancesQuery,
  today: string = isoDate(new Date()),
): Promise<BalancesReport> {
  const { companyId } = principal;
  return withTenant(db, tenantOf(principal), async (tx) => {
    const rules = await leaveRulesOf(tx, companyId);
    const year =
      query.year === null
        ? holidayYearOf(rules, today)
        : holidayYearWindow(
            `${query.year}-${String(rules.startMonth).padStart(2, '0')}-01`,
            rules.startMonth,
          );
    const [sums, departments] = await Promise.all([
      listBalanceSums(tx, companyId, year, today, rules.allowanceTypes, query.department),
      listDepartments(tx, companyId),
    ]);
    const items = sums.map((s): BalanceReportRow => {
      // No entitlement entry yet (the rollover not run): the one it will write, as the card shows.
      const entitlement = s.hasEntitlement
        ? s.entitlement
        : (yearEntitlementDays({
            annualDays: s.annualDays,
            year,
            startDate: s.startDate,
            endDate: s.endDate,
          }) ?? 0);
      const total = roundDays(entitlement + s.openingBalance + s.carryOver + s.adjustments);
      const used = roundDays(s.taken + s.booked);
      return {
        employeeRecordId: s.id,
        employeeNumber: s.employeeNumber,
        fullName: s.fullName,
        department: s.department,
        entitlement: roundDays(entitlement),
        openingBalance: roundDays(s.openingBalance),
        carryOver: roundDays(s.carryOver),
        adjustments: roundDays(s.adjustments),
        taken: roundDays(s.taken),
        booked: roundDays(s.booked),
        pending: roundDays(s.pending),
        remaining: roundDays(total - used),
      };
    });
    return { yearStart: year.start, yearEnd: year.end, departments, items };
  });
}

export async function requestsReport(
  db: Db,
  principal: Principal,
  query: RequestsQuery,
  today: string = isoDate(new Date()),
): Promise<RequestsReport> {
  const { companyId } = principal;
  return withTenant(db, tenantOf(principal), async (tx) => {
    const rules = await leaveRulesOf(tx, companyId);
    const current = holidayYearOf(rules, today);
    const from = query.from ?? current.start;
    const to = query.to ?? current.end;
    if (to < from)
      throw errors.validation({ to: REPORT_MESSAGES.toBeforeFrom }, REPORT_MESSAGES.toBeforeFrom);
    if (inclusiveDayCount(from, to) > REPORT_MAX_DAYS) {
      throw errors.validation({ to: REPORT_MESSAGES.periodTooLong }, REPORT_MESSAGES.periodTooLong);
    }
    const [items, departments] = await Promise.all([
      listRequestsBetween(tx, companyId, from, to, { department: query.department, type: query.type }),
      listDepartments(tx, companyId),
    ]);
    return { from, to, departments, items };
  });
}

/** A report's rows as CSV cells under its headers. */
export function reportCsvRows<T extends object>(
  columns: readonly [keyof T, string][],
  items: readonly T[],
): CsvCell[][] {
  return [
    columns.map(([, header]) => header),
    ...items.map((item) => columns.map(([key]) => (item[key] ?? null) as CsvCell)),
  ];
}

export const balanceCsvRows = (report: BalancesReport) => reportCsvRows(BALANCE_REPORT_COLUMNS, report.items);
export const requestCsvRows = (report: RequestsReport) => reportCsvRows(REQUEST_REPORT_COLUMNS, report.items);
