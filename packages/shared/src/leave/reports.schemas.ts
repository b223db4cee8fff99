/**
 * Reports for super admins (issue 19, ADR 0098): balances per employee for a holiday year and every
 * request of a period, as JSON for the Reports tab and as CSV downloads with the same columns.
 */
import { z } from 'zod';
import { isValidIsoDate } from '../dates.ts';
import { HOLIDAY_STATUSES, HOLIDAY_TYPES } from '../hr/holidays.schemas.ts';

export const REPORT_MESSAGES = {
  invalidYear: 'Enter a year as YYYY',
  invalidDate: 'Enter a date as YYYY-MM-DD',
  toBeforeFrom: 'The end of the period cannot be before its start',
  periodTooLong: 'A period can be at most two years long',
  loadFailed: 'Failed to load the report',
  noBalances: 'No employees in this holiday year',
  noRequests: 'No requests in this period',
} as const;

/** The longest period the requests report covers, in days. */
export const REPORT_MAX_DAYS = 731;

const department = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : null));

/** `?year=YYYY`: the holiday year starting in that calendar year; absent: the current one. */
export const balancesReportQuerySchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, { error: REPORT_MESSAGES.invalidYear })
    .refine((y) => Number(y) >= 1900 && Number(y) <= 2999, { message: REPORT_MESSAGES.invalidYear })
    .optional()
    .transform((v) => (v ? Number(v) : null)),
  department,
});

const optionalDate = z
  .string()
  .refine(isValidIsoDate, { message: REPORT_MESSAGES.invalidDate })
  .optional()
  .transform((v) => v ?? null);

/** `?from=&to=` (yyyy-MM-dd; absent: the current holiday year), `department`, `type`. */
export const requestsReportQuerySchema = z.object({
  from: optionalDate,
  to: optionalDate,
  department,
  type: z
    .enum(HOLIDAY_TYPES)
    .optional()
    .transform((v) => v ?? null),
});

export const balanceReportRowSchema = z.object({
  employeeRecordId: z.uuid(),
  employeeNumber: z.string(),
  fullName: z.string(),
  department: z.string().nullable(),
  /** The year's entitlement (the rollover's figure when it has not run yet, as the balance card shows). */
  entitlement: z.number(),
  openingBalance: z.number(),
  /** Carried over from last year less what of it expired. */
  carryOver: z.number(),
  adjustments: z.number(),
  /** Approved allowance-using leave that has ended before today. */
  taken: z.number(),
  /** Approved allowance-using leave not yet over (in progress or to come). */
  booked: z.number(),
  /** Pending allowance-using requests (not counted in remaining). */
  pending: z.number(),
  remaining: z.number(),
});
export type BalanceReportRow = z.infer<typeof balanceReportRowSchema>;

export const balancesReportSchema = z.object({
  yearStart: z.string(),
  yearEnd: z.string(),
  /** Every department of the company (the filter's choices). */
  departments: z.array(z.string()),
  items: z.array(balanceReportRowSchema),
});
export type BalancesReport = z.infer<typeof balancesReportSchema>;

export const requestReportRowSchema = z.object({
  id: z.uuid(),
  employeeNumber: z.string(),
  fullName: z.string(),
  department: z.string().nullable(),
  holidayType: z.enum(HOLIDAY_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  startHalfDay: z.boolean(),
  endHalfDay: z.boolean(),
  workingDays: z.number(),
  status: z.enum(HOLIDAY_STATUSES),
  submittedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type RequestReportRow = z.infer<typeof requestReportRowSchema>;

export const requestsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  departments: z.array(z.string()),
  items: z.array(requestReportRowSchema),
});
export type RequestsReport = z.infer<typeof requestsReportSchema>;

/** The CSV columns, in order (the JSON rows' keys and their headers). */
export const BALANCE_REPORT_COLUMNS: readonly [keyof BalanceReportRow, string][] = [
  ['employeeNumber', 'Employee number'],
  ['fullName', 'Full name'],
  ['department', 'Department'],
  ['entitlement', 'Entitlement'],
  ['openingBalance', 'Opening balance'],
  ['carryOver', 'Carry-over'],
  ['adjustments', 'Adjustments'],
  ['taken', 'Taken'],
  ['booked', 'Booked'],
  ['pending', 'Pending'],
  ['remaining', 'Remaining'],
];

export const REQUEST_REPORT_COLUMNS: readonly [keyof RequestReportRow, string][] = [
  ['employeeNumber', 'Employee number'],
  ['fullName', 'Full name'],
  ['department', 'Department'],
  ['holidayType', 'Type'],
  ['startDate', 'Start date'],
  ['endDate', 'End date'],
  ['startHalfDay', 'Starts at midday'],
  ['endHalfDay', 'Ends at midday'],
  ['workingDays', 'Working days'],
  ['status', 'Status'],
  ['submittedAt', 'Submitted at'],
  ['decidedBy', 'Decided by'],
  ['decidedAt', 'Decided at'],
  ['comment', 'Decision comment'],
];
