/** Employee records: the form, the list page and the API contracts. */
import { z } from 'zod';
import { WEEKDAYS } from '../company/company-settings.ts';
import { isoDateSchema } from '../dates.ts';
import { employeeRegionSchema, workingPatternSchema } from '../leave/calendar-days.schemas.ts';
import { wholeNumberParam } from '../query-numbers.ts';
import { searchQuerySchema } from '../search.ts';

export const EMPLOYEE_MESSAGES = {
  fullNameRequired: 'Full name is required',
  invalidEmail: 'Invalid email address',
  positionRequired: 'Position is required',
  employeeNumberRequired: 'Employee number is required',
  /** A field past its length limit, in the form, the API and the import (not "required"). */
  tooLong: (max: number) => `At most ${max} characters`,
  startDateRequired: 'Start date is required',
  holidayDaysNonNegative: 'Holiday days must be non-negative',
  holidayDaysTooMany: 'Cannot exceed 365 days',
  numberInUse: (employeeNumber: string) => `Employee number ${employeeNumber} is already in use`,
  duplicateNumber: 'An employee with this number already exists',
  userAlreadyLinked: 'This user account is already linked to another employee',
  userNotInCompany: 'The selected user account does not belong to your company',
  lineManagerNotInCompany: 'The selected line manager does not belong to your company',
  ownLineManager: 'An employee cannot be their own line manager',
  endBeforeStart: 'The end date cannot be before the start date',
  created: 'Employee created successfully',
  updated: 'Employee updated successfully',
  deleted: 'Employee deleted successfully',
  saveFailed: 'Failed to save employee. Company ID required.',
  deleteFailed: 'Failed to delete employee',
  /** ADR 0049: until leavers are archived, a record with holiday history is never deleted. */
  hasHolidayRequests: 'This employee has holiday requests and cannot be deleted. Their history must be kept.',
  noPermission: 'You do not have permission to create employees. Please contact your administrator.',
  loading: 'Loading employees...',
  empty: 'No employees found',
  noMatch: 'No employees match your search',
  /** A page cursor that is not one this list handed out (ADR 0115). */
  badCursor: 'The page cursor is not valid: load the list again',
  cursorWithPage: 'Use either page or after, not both',
  /** The list's load error when the employee records still lack full_name. */
  fullNameColumnMissing:
    'column "full_name" does not exist: the employee records have not been migrated yet.',
  /** The note shown under that load error. */
  migrationPending:
    'A database migration is pending. Run the employee decoupling script (npm run db:migrate), then reload this page.',
} as const;

/** A load error that says the full_name column does not exist gets the migration note. */
export function isFullNameColumnMissing(message: string): boolean {
  return /full_name\W.*does not exist/i.test(message);
}

export const DEFAULT_ANNUAL_HOLIDAY_DAYS = 28;
export const EMPLOYEE_PAGE_SIZE = 50;

const optionalText = z
  .string()
  .trim()
  .max(200, EMPLOYEE_MESSAGES.tooLong(200))
  .nullish()
  .transform((v) => (v ? v : null));

/** Email is trimmed and lower-cased on blur and again here, on save. */
export const employeeEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: EMPLOYEE_MESSAGES.invalidEmail }).max(254));

/** `POST /api/v1/employees` and `PUT /api/v1/employees/:id`. holiday_days_used is never written by the form. */
export const employeeInputSchema = z.object({
  fullName: z
    .string({ error: EMPLOYEE_MESSAGES.fullNameRequired })
    .trim()
    .min(1, EMPLOYEE_MESSAGES.fullNameRequired)
    .max(200, EMPLOYEE_MESSAGES.tooLong(200)),
  email: employeeEmailSchema,
  position: z
    .string({ error: EMPLOYEE_MESSAGES.positionRequired })
    .trim()
    .min(1, EMPLOYEE_MESSAGES.positionRequired)
    .max(200, EMPLOYEE_MESSAGES.tooLong(200)),
  department: optionalText,
  employeeNumber: z
    .string({ error: EMPLOYEE_MESSAGES.employeeNumberRequired })
    .trim()
    .min(1, EMPLOYEE_MESSAGES.employeeNumberRequired)
    .max(50, EMPLOYEE_MESSAGES.tooLong(50)),
  startDate: isoDateSchema(EMPLOYEE_MESSAGES.startDateRequired),
  /**
   * The full-year entitlement in days. Left out on create: the company's entitlement, pro-rated for a
   * part-time week (ADR 0091); left out on update: unchanged.
   */
  annualHolidayDays: z
    .number({ error: EMPLOYEE_MESSAGES.holidayDaysNonNegative })
    .min(0, EMPLOYEE_MESSAGES.holidayDaysNonNegative)
    .max(365, EMPLOYEE_MESSAGES.holidayDaysTooMany)
    .nullish()
    .transform((v) => v ?? null),
  userId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  lineManagerId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  /** Public holidays: a region key, null for the company's default region (ADR 0085). */
  region: employeeRegionSchema,
  /** Lowercase weekday names the employee works, null for the company's pattern (ADR 0086). */
  workingPattern: workingPatternSchema,
  /**
   * Email the person an invitation to sign in, linked to this record, in the same transaction
   * (ADR 0101). Needs User Management at Full; ignored for a record already linked to a user.
   */
  sendInvitation: z.boolean().optional().default(false),
});
export type EmployeeInput = z.input<typeof employeeInputSchema>;

export const employeeSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  fullName: z.string(),
  email: z.string(),
  position: z.string(),
  department: z.string().nullable(),
  employeeNumber: z.string(),
  startDate: z.string(),
  annualHolidayDays: z.number(),
  /** The leaver's last day (ADR 0092); null while employed. */
  endDate: z.string().nullable(),
  /** A leaver: the days owed (+) or over-taken (-) at the end of their final holiday year; else null. */
  owedOnLeaving: z.number().nullable(),
  /** This holiday year's ledger (ADR 0090): the allowance, approved leave, what remains. */
  allowanceThisYear: z.number(),
  usedThisYear: z.number(),
  remainingThisYear: z.number(),
  lineManagerId: z.uuid().nullable(),
  lineManagerName: z.string().nullable(),
  region: z.string().nullable(),
  workingPattern: z.array(z.enum(WEEKDAYS)).nullable(),
  createdAt: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

/**
 * The list counts its matches up to this many and no further (ADR 0115): past it the total reads
 * "1,000+", so a search's cost stops growing with the company.
 */
export const EMPLOYEE_COUNT_CAP = 1000;

/** The opaque cursor of `after` (base64url of the last row's sort key, ADR 0115). */
const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;

/**
 * `GET /api/v1/employees?search=&after=`: server-side search, keyset pages (ADR 0006, 0115). `after`
 * is the `nextCursor` of the previous page; `page` (offset pages) is kept for API callers and cannot
 * be combined with `after`.
 */
export const employeeListQuerySchema = z
  .object({
    search: searchQuerySchema,
    page: wholeNumberParam('Page', 1, 100_000).optional().default(1),
    pageSize: wholeNumberParam('Page size', 1, 200).optional().default(EMPLOYEE_PAGE_SIZE),
    /** The page after this cursor (the previous answer's `nextCursor`). */
    after: z
      .string()
      .max(1000, EMPLOYEE_MESSAGES.badCursor)
      .regex(CURSOR_TEXT, EMPLOYEE_MESSAGES.badCursor)
      .optional(),
    /** Leavers whose end date has passed are left out unless asked for (ADR 0092). */
    leavers: z.enum(['include', 'exclude']).optional().default('exclude'),
  })
  .refine((q) => q.after === undefined || q.page === 1, {
    path: ['after'],
    message: EMPLOYEE_MESSAGES.cursorWithPage,
  });
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;

export const employeeListResponseSchema = z.object({
  items: z.array(employeeSchema),
  /**
   * Employees matching the search (the count badge), counted up to EMPLOYEE_COUNT_CAP: when
   * `totalCapped` is true, more than `total` match.
   */
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The `after` of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;

const ENTITLEMENT_MESSAGES = {
  badDays: 'Holiday days must be a number from 0 to 365',
  badPattern: 'Working days are lowercase day names separated by commas',
} as const;

/**
 * `GET /api/v1/employees/entitlement?startDate=&endDate=&annualHolidayDays=&workingPattern=monday,tuesday`:
 * the entitlement the employee form shows before saving (ADR 0094). Every parameter is optional.
 */
export const entitlementPreviewQuerySchema = z.object({
  startDate: isoDateSchema(EMPLOYEE_MESSAGES.startDateRequired).optional(),
  endDate: isoDateSchema(EMPLOYEE_MESSAGES.startDateRequired).optional(),
  annualHolidayDays: z
    .string()
    .max(20)
    .optional()
    .refine((v) => v === undefined || v === '' || (/^\d+(\.\d+)?$/.test(v) && Number(v) <= 365), {
      message: ENTITLEMENT_MESSAGES.badDays,
    })
    .transform((v) => (v === undefined || v === '' ? null : Number(v))),
  workingPattern: z
    .string()
    .max(100)
    .optional()
    .refine(
      (v) =>
        v === undefined || v === '' || v.split(',').every((d) => (WEEKDAYS as readonly string[]).includes(d)),
      { message: ENTITLEMENT_MESSAGES.badPattern },
    )
    .transform((v) => (v ? WEEKDAYS.filter((d) => v.split(',').includes(d)) : null)),
});
export type EntitlementPreviewQuery = z.input<typeof entitlementPreviewQuerySchema>;

export const entitlementPreviewResponseSchema = z.object({
  /** The full-year days: those given, or the company's entitlement pro-rated for the week. */
  annualDays: z.number(),
  /** True when no days were given: the server's default. */
  defaulted: z.boolean(),
  annualLines: z.array(z.string()),
  yearStart: z.string(),
  yearEnd: z.string(),
  /** This holiday year's entitlement for the start date (null without a start date). */
  yearDays: z.number().nullable(),
  yearLines: z.array(z.string()),
});
export type EntitlementPreview = z.infer<typeof entitlementPreviewResponseSchema>;

/** `GET /api/v1/employees/user-options`: the company's user accounts, for the user link and line manager. */
export const companyUserOptionSchema = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
});
export type CompanyUserOption = z.infer<typeof companyUserOptionSchema>;
export const userOptionsResponseSchema = z.object({ items: z.array(companyUserOptionSchema) });
export type UserOptionsResponse = z.infer<typeof userOptionsResponseSchema>;

/** 1234 -> "1,234" (the same in every browser locale). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 employee" / "N employees"; a capped count (ADR 0115) reads "1,000+ employees". */
export function employeeCountLabel(count: number, capped = false): string {
  if (capped) return `${groupThousands(count)}+ employees`;
  return `${groupThousands(count)} ${count === 1 ? 'employee' : 'employees'}`;
}
