/** Holiday requests, approvals, balance and calendar: request and response contracts. */
import { z } from 'zod';
import { isoDateSchema, isValidIsoMonth } from '../dates.ts';
import { wholeNumberParam } from '../query-numbers.ts';

// The constants the holiday screens show live in a zod-free module (ADR 0130); re-exported here.
import {
  APPROVALS_PAGE,
  APPROVALS_PAGE_MAX,
  CALENDAR_DAY_PAGE,
  CALENDAR_DAY_PAGE_MAX,
  HOLIDAY_MESSAGES,
  HOLIDAY_STATUSES,
  HOLIDAY_TYPES,
} from './holiday-constants.ts';

export {
  APPROVALS_PAGE,
  APPROVALS_PAGE_MAX,
  CALENDAR_CELL_NAMES,
  CALENDAR_DAY_PAGE,
  CALENDAR_DAY_PAGE_MAX,
  CALENDAR_DAY_PREVIEW,
  HOLIDAY_AWAY_LABEL,
  HOLIDAY_MESSAGES,
  HOLIDAY_STATUSES,
  HOLIDAY_TYPE_LABELS,
  HOLIDAY_TYPES,
  type HolidayStatus,
  type HolidayType,
  MY_RECENT_LIMIT,
  UPCOMING_LIMIT,
} from './holiday-constants.ts';

/** A request's optional reason: trimmed, at most 1,000 characters, empty means none. */
export const optionalReasonSchema = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v ? v : null));

/** The submit form and `POST /api/v1/holidays/requests`. */
export const holidayRequestInputSchema = z
  .object({
    startDate: isoDateSchema(HOLIDAY_MESSAGES.startRequired),
    endDate: isoDateSchema(HOLIDAY_MESSAGES.endRequired),
    holidayType: z.enum(HOLIDAY_TYPES).default('annual'),
    reason: optionalReasonSchema,
    /** The first day starts at midday ("Starts at midday"): half of it is taken. */
    startHalfDay: z.boolean().default(false),
    /** The last day ends at midday ("Ends at midday"): half of it is taken. */
    endHalfDay: z.boolean().default(false),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: HOLIDAY_MESSAGES.endBeforeStart });
export type HolidayRequestInput = z.input<typeof holidayRequestInputSchema>;

export const holidayRequestSchema = z.object({
  id: z.uuid(),
  employeeRecordId: z.uuid(),
  userId: z.uuid().nullable(),
  lineManagerId: z.uuid().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  holidayType: z.enum(HOLIDAY_TYPES),
  reason: z.string().nullable(),
  status: z.enum(HOLIDAY_STATUSES),
  /** Working days charged, stored at booking (0.5 steps); never rewritten later. */
  workingDays: z.number(),
  daysRequested: z.number(),
  startHalfDay: z.boolean(),
  endHalfDay: z.boolean(),
  /** Shared by the rows of one request cut at the holiday year's edge (one row per holiday year). */
  splitGroupId: z.uuid().nullable(),
  submittedAt: z.string(),
  reviewedBy: z.uuid().nullable(),
  reviewedAt: z.string().nullable(),
  reviewerComments: z.string().nullable(),
});
export type HolidayRequest = z.infer<typeof holidayRequestSchema>;

/** `GET /api/v1/holidays/requests?limit=`: the signed-in user's own requests, newest submitted first. */
export const myRequestsQuerySchema = z.object({ limit: wholeNumberParam('Limit', 1, 500).optional() });
export const myRequestsResponseSchema = z.object({ items: z.array(holidayRequestSchema) });
export type MyRequestsResponse = z.infer<typeof myRequestsResponseSchema>;

/**
 * `GET /api/v1/holidays/approvals`: pending requests the signed-in user may decide: those of employees
 * whose current line manager they are and, for a super admin, those of employees without one (ADR 0049).
 * Never the user's own.
 */
export const pendingApprovalSchema = holidayRequestSchema.extend({
  requesterName: z.string(),
  requesterEmail: z.string().nullable(),
  /** The requester's remaining days in the holiday year of the request (null: no balance). */
  remainingDays: z.number().nullable(),
  /** Others of the requester's team with approved leave on those dates (at most 10, by name). */
  othersAway: z.array(z.string()),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

/**
 * `GET /api/v1/holidays/approvals?limit=&after=`: a page of them, most recently submitted first (ADR
 * 0155). `after` is the previous page's `nextCursor`: keyset pages, so a decision on one page neither
 * skips nor repeats a request on the next.
 */
export const approvalsQuerySchema = z.object({
  limit: wholeNumberParam('Limit', 1, APPROVALS_PAGE_MAX).default(APPROVALS_PAGE),
  after: z
    .string()
    .max(200, HOLIDAY_MESSAGES.badCursor)
    .regex(/^[A-Za-z0-9_-]+$/, HOLIDAY_MESSAGES.badCursor)
    .optional(),
});
export type ApprovalsQuery = z.output<typeof approvalsQuerySchema>;
export const approvalsResponseSchema = z.object({
  items: z.array(pendingApprovalSchema),
  /** Every request waiting for the user's decision (all pages). */
  total: z.number().int(),
  /** The `after` of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;

/** `POST /api/v1/holidays/requests/:id/decision`. */
export const holidayDecisionInputSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().max(1000).nullish(),
  })
  .transform((v) => ({ decision: v.decision, comment: v.comment?.trim() ? v.comment.trim() : null }))
  .refine((v) => v.decision === 'approve' || v.comment !== null, {
    path: ['comment'],
    message: HOLIDAY_MESSAGES.commentRequired,
  });
export type HolidayDecisionInput = z.input<typeof holidayDecisionInputSchema>;

/** `GET /api/v1/holidays/balance`. */
export const balanceLineSchema = z.object({
  label: z.string(),
  /** Signed: what the line adds to or takes from the remaining days. */
  days: z.number(),
  detail: z.string().nullable(),
});
export type BalanceLineDto = z.infer<typeof balanceLineSchema>;

/**
 * One holiday year's balance as a ledger (ADR 0090): total = the year's ledger entries, used = approved
 * allowance-using leave starting in the year, and `lines`, every term of the sum ("How is this
 * calculated?").
 */
export const holidayBalanceResponseSchema = z.object({
  total: z.number(),
  used: z.number(),
  remaining: z.number(),
  percentUsed: z.number(),
  /** Working days of the user's pending allowance-using requests (not yet counted as used). */
  pending: z.number(),
  yearStart: z.string(),
  yearEnd: z.string(),
  lines: z.array(balanceLineSchema),
  /** How the year's entitlement was worked out (part time, joiner, leaver). */
  entitlementCalculation: z.array(z.string()),
});
export type HolidayBalanceResponse = z.infer<typeof holidayBalanceResponseSchema>;

/** A query flag: `true` or `false` (absent: false). */
const queryFlag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .optional()
  .transform((v) => v === 'true');

/**
 * `GET /api/v1/holidays/working-days?start=&end=&startHalfDay=&endHalfDay=`: the server's count for the
 * form, for the signed-in employee's region and working pattern.
 */
export const workingDaysQuerySchema = z
  .object({
    start: isoDateSchema(HOLIDAY_MESSAGES.startRequired),
    end: isoDateSchema(HOLIDAY_MESSAGES.endRequired),
    startHalfDay: queryFlag,
    endHalfDay: queryFlag,
  })
  .refine((v) => v.end >= v.start, { path: ['end'], message: HOLIDAY_MESSAGES.endBeforeStart });
export const workingDaysResponseSchema = z.object({
  workingDays: z.number(),
  totalDays: z.number(),
  /** The region's bank holidays inside the dates that are not charged. */
  bankHolidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /** The company's closure days inside the dates. */
  closures: z.array(z.object({ date: z.string(), name: z.string(), countsAsLeave: z.boolean() })),
  /** One part per holiday year; two when the request crosses the year's edge (it is stored as two rows). */
  parts: z.array(
    z.object({ start: z.string(), end: z.string(), holidayYear: z.number(), workingDays: z.number() }),
  ),
});
export type WorkingDaysResponse = z.infer<typeof workingDaysResponseSchema>;

/** An approved holiday of a colleague, for the team calendar and the upcoming list. */
export const teamHolidaySchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  employeeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /**
   * null when the viewer may not see it (ADR 0050): only the person, their approver and the
   * company's super admins see the type of an absence; everyone else reads `HOLIDAY_AWAY_LABEL`.
   */
  holidayType: z.enum(HOLIDAY_TYPES).nullable(),
  workingDays: z.number(),
  /** Away from midday on the first day (the calendar shows "PM" there). */
  startHalfDay: z.boolean(),
  /** Away until midday on the last day ("AM"). */
  endHalfDay: z.boolean(),
});
export type TeamHoliday = z.infer<typeof teamHolidaySchema>;

/**
 * `GET /api/v1/holidays/calendar?month=yyyy-MM`: per day of the month, how many people have an
 * approved holiday that day and the first `CALENDAR_DAY_PREVIEW` of them in name order. At most 31
 * days x 3 entries, whatever the size of the company (ADR 0008).
 */
export const calendarQuerySchema = z.object({
  month: z
    .string({ error: 'Month must look like 2026-11' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11')
    .refine(isValidIsoMonth, 'Month must look like 2026-11'),
});
export const calendarDaySummarySchema = z.object({
  /** yyyy-MM-dd, a day of the month. */
  date: z.string(),
  /** People (employee records) with an approved holiday that day. */
  count: z.number().int(),
  /** The first of them in name order (`CALENDAR_DAY_PREVIEW` at most), one entry per person. */
  entries: z.array(teamHolidaySchema),
});
export type CalendarDaySummary = z.infer<typeof calendarDaySummarySchema>;
export const calendarResponseSchema = z.object({
  month: z.string(),
  /** The days of the month with at least one person away, in date order. */
  days: z.array(calendarDaySummarySchema),
  /** The viewer's region's bank holidays in the month that the company does not work. */
  bankHolidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/**
 * `GET /api/v1/holidays/calendar/day?date=yyyy-MM-dd&offset=&limit=`: everyone with an approved
 * holiday that day, one entry per person, in the month summary's order, one page at a time.
 */
export const calendarDayQuerySchema = z.object({
  date: isoDateSchema('Date is required'),
  offset: wholeNumberParam('Offset', 0, 1_000_000).default(0),
  limit: wholeNumberParam('Limit', 1, CALENDAR_DAY_PAGE_MAX).default(CALENDAR_DAY_PAGE),
});
export type CalendarDayQuery = z.output<typeof calendarDayQuerySchema>;
export const calendarDayResponseSchema = z.object({
  date: z.string(),
  /** Everyone away that day (all pages). */
  total: z.number().int(),
  offset: z.number().int(),
  items: z.array(teamHolidaySchema),
});
export type CalendarDayResponse = z.infer<typeof calendarDayResponseSchema>;

/** `GET /api/v1/holidays/upcoming`: the next 5 approved team holidays that have not ended. */
export const upcomingResponseSchema = z.object({ items: z.array(teamHolidaySchema) });
export type UpcomingResponse = z.infer<typeof upcomingResponseSchema>;
