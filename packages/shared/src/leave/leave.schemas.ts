/** Leave ledger, balance, rollover, sickness and leavers: request and response contracts. */
import { z } from 'zod';
import { isoDateSchema } from '../dates.ts';
import { HOLIDAY_TYPES, holidayBalanceResponseSchema, optionalReasonSchema } from '../hr/holidays.schemas.ts';
import { searchQuerySchema } from '../search.ts';
import { LEDGER_KINDS, MANUAL_LEDGER_KINDS } from './allowance.ts';

export const LEAVE_MESSAGES = {
  reasonRequired: 'A reason is required',
  daysRequired: 'Enter a number of days',
  daysStep: 'Days must be in steps of 0.5',
  daysRange: 'Days must be between -365 and 365',
  adjustmentZero: 'An adjustment cannot be 0 days',
  employeeNotFound: 'Employee not found',
  endBeforeStart: 'The end date cannot be before the start date',
  sicknessTooFarBack: 'You can record your own sickness up to 14 days back',
  sicknessFuture: 'Sickness can only be recorded for days that have started',
  sicknessNotAllowed: "Only the employee's line manager or a super admin can record this sickness",
  leaverEnded: 'This employee has left',
  sicknessAfterLeaving: 'Sickness cannot be recorded after the employee’s end date',
  sicknessRecorded: 'Sickness recorded',
  rolloverDone: 'Holiday-year rollover complete',
} as const;

/**
 * Sign-in of a leaver from their end date on (ADR 0093): refused with this, not a session that every
 * request then answers 401. The date stays yyyy-MM-dd (no time zone can shift it).
 */
export function leaverSignInMessage(endDate: string): string {
  return `Your login was disabled on ${endDate}, your end date at this company. Ask your HR administrator if you need access again.`;
}

const days = z
  .number({ error: LEAVE_MESSAGES.daysRequired })
  .min(-365, LEAVE_MESSAGES.daysRange)
  .max(365, LEAVE_MESSAGES.daysRange)
  .multipleOf(0.5, LEAVE_MESSAGES.daysStep);

/** `POST /api/v1/employees/:id/ledger`: HR sets the opening balance or adds an adjustment. */
export const ledgerEntryInputSchema = z
  .strictObject({
    kind: z.enum(MANUAL_LEDGER_KINDS),
    days,
    reason: z
      .string({ error: LEAVE_MESSAGES.reasonRequired })
      .trim()
      .min(1, LEAVE_MESSAGES.reasonRequired)
      .max(500),
  })
  .refine((v) => v.kind !== 'adjustment' || v.days !== 0, {
    path: ['days'],
    message: LEAVE_MESSAGES.adjustmentZero,
  });
export type LedgerEntryInput = z.input<typeof ledgerEntryInputSchema>;

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  days: z.number(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** One holiday year's balance with every term: the balance card's contract. */
export type LeaveBalance = z.infer<typeof holidayBalanceResponseSchema>;

/** `GET /api/v1/employees/:id/ledger`: the employee's balance and ledger entries of this holiday year. */
export const employeeLedgerResponseSchema = z.object({
  balance: holidayBalanceResponseSchema,
  entries: z.array(ledgerEntrySchema),
  /** A leaver: the end date, and the days owed (+) or over-taken (-) at the end of the final year. */
  endDate: z.string().nullable(),
  owedOnLeaving: z.number().nullable(),
});
export type EmployeeLedgerResponse = z.infer<typeof employeeLedgerResponseSchema>;

/** `POST /api/v1/leave/rollover`: what the company's rollover wrote (0s when run again). */
export const rolloverResponseSchema = z.object({
  yearStart: z.string(),
  entitlements: z.number().int(),
  carriedOver: z.number().int(),
  expired: z.number().int(),
});
export type RolloverResponse = z.infer<typeof rolloverResponseSchema>;

/** `POST /api/v1/holidays/sickness`: a line manager or super admin (or the employee, 14 days back) records sickness. */
export const sicknessInputSchema = z
  .strictObject({
    employeeRecordId: z.uuid(),
    startDate: isoDateSchema('Start date is required'),
    endDate: isoDateSchema('End date is required'),
    reason: optionalReasonSchema,
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: LEAVE_MESSAGES.endBeforeStart });
export type SicknessInput = z.input<typeof sicknessInputSchema>;

/** How many employees the sickness picker lists per search. */
export const SICKNESS_EMPLOYEES_LIMIT = 50;

/** `GET /api/v1/holidays/sickness/employees?search=`: whom the caller may record sickness for. */
export const sicknessEmployeesQuerySchema = z.object({
  search: searchQuerySchema,
});
export const sicknessEmployeesResponseSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), fullName: z.string(), employeeNumber: z.string() })),
  /** True when more employees match than the list holds (refine the search). */
  more: z.boolean(),
});
export type SicknessEmployeesResponse = z.infer<typeof sicknessEmployeesResponseSchema>;

/** `GET /api/v1/holidays/sickness-totals`: per employee, sickness in the last 52 weeks (super admins). */
export const sicknessTotalsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      employeeRecordId: z.uuid(),
      employeeName: z.string(),
      spells: z.number().int(),
      days: z.number(),
    }),
  ),
});
export type SicknessTotalsResponse = z.infer<typeof sicknessTotalsResponseSchema>;

/** `PUT /api/v1/employees/:id/end-date`: archive a leaver (null: they stay). */
export const employeeEndDateInputSchema = z.strictObject({
  endDate: isoDateSchema('End date is required').nullable(),
});

/** The leave settings of Company Settings (ADR 0091). */
export const leaveSettingsSchema = z.strictObject({
  carryOverCapDays: z
    .number({ error: 'Enter a number of days' })
    .min(0, 'Cannot be negative')
    .max(365, 'Cannot exceed 365 days')
    .multipleOf(0.5, LEAVE_MESSAGES.daysStep),
  carryOverExpiryMonths: z
    .number({ error: 'Invalid month' })
    .int('Invalid month')
    .min(1, 'Invalid month')
    .max(12, 'Invalid month')
    .nullable(),
  allowNegativeBalance: z.boolean(),
  allowanceLeaveTypes: z.array(z.enum(HOLIDAY_TYPES)).max(7),
  approvalLeaveTypes: z.array(z.enum(HOLIDAY_TYPES)).max(7),
});
export type LeaveSettings = z.infer<typeof leaveSettingsSchema>;

export const LEAVE_SETTINGS_MESSAGES = {
  saved: 'Leave rules saved',
  loadFailed: 'Failed to load leave rules',
  saveFailed: 'Failed to save leave rules',
} as const;

export const LEAVE_SETTINGS_DEFAULTS: LeaveSettings = {
  carryOverCapDays: 0,
  carryOverExpiryMonths: 3,
  allowNegativeBalance: false,
  allowanceLeaveTypes: ['annual'],
  approvalLeaveTypes: [...HOLIDAY_TYPES],
};
