/**
 * The holiday screens' constants (types, statuses, labels, messages, list sizes), without zod: the
 * /holidays page shows them before any form needs validating, and must not load zod to do so
 * (ADR 0130). `holidays.schemas.ts` re-exports them.
 */
export const HOLIDAY_TYPES = [
  'annual',
  'sick',
  'personal',
  'maternity',
  'paternity',
  'study',
  'unpaid',
] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

export const HOLIDAY_TYPE_LABELS: Record<HolidayType, string> = {
  annual: 'Annual Leave',
  sick: 'Sick Leave',
  personal: 'Personal Leave',
  maternity: 'Maternity Leave',
  paternity: 'Paternity Leave',
  study: 'Study Leave',
  unpaid: 'Unpaid Leave',
};

export const HOLIDAY_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type HolidayStatus = (typeof HOLIDAY_STATUSES)[number];

export const HOLIDAY_MESSAGES = {
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endBeforeStart: 'End date must be after or equal to start date',
  startInPast: 'Start date cannot be in the past',
  tooLong: 'A request cannot be longer than one year',
  noWorkingDays: 'The selected dates include no working days',
  employeeRecordNotFound: 'Employee record not found',
  noEmployeeRecord: 'No employee record found',
  submitFailed: 'Failed to submit holiday request',
  submitted: 'Holiday request submitted successfully',
  overlap: 'You already have a pending or approved request that overlaps these dates',
  approved: 'Holiday request approved successfully',
  rejected: 'Holiday request rejected successfully',
  approveFailed: 'Failed to approve holiday request',
  rejectFailed: 'Failed to reject holiday request',
  commentRequired: 'A comment is required to reject a request',
  alreadyDecided: 'This request has already been decided',
  notYourRequest: 'Only the line manager of this employee can decide this request',
  cancelled: 'Holiday request cancelled',
  cancelFailed: 'Failed to cancel holiday request',
  cannotCancel: 'Only pending requests, or approved requests that have not started, can be cancelled',
  loadRequestsFailed: 'Failed to load holiday requests',
  loadBalanceFailed: 'Failed to load holiday balance',
  loadPendingFailed: 'Failed to load pending requests',
  loadCompanyHolidaysFailed: 'Failed to load company holidays',
  noRequests: 'No holiday requests found',
  noPending: 'No pending holiday requests',
  noUpcoming: 'No upcoming team holidays',
  noneThisMonth: 'No approved holidays this month',
  noData: 'No holiday data available',
  unknownEmployee: 'Unknown Employee',
  ownRequest: 'You cannot decide your own request',
  /** An `after` of the approvals that is not a cursor the server handed out (ADR 0155). */
  badCursor: 'The page cursor is not valid: load the list again',
  /** A calendar link whose `?month=` names no month from 1900 to 2999: the calendar shows `shown`. */
  badMonthLink: (shown: string) => `The link's month is not a month from 1900 to 2999, so ${shown} is shown`,
} as const;

/**
 * What colleagues see instead of the type of someone else's absence (ADR 0050): the type is shown only
 * to the person, their approver and the company's super admins.
 */
export const HOLIDAY_AWAY_LABEL = 'Away';

/** Requests in "My Recent Requests" and holidays in "Team Holidays" on the Overview. */
export const MY_RECENT_LIMIT = 5;
export const UPCOMING_LIMIT = 5;

/** Names a calendar cell shows before "+N more". */
export const CALENDAR_CELL_NAMES = 2;
/**
 * Entries per day in the month summary: the names a cell shows plus one, so that a "+1 more"
 * popover lists the day without another request.
 */
export const CALENDAR_DAY_PREVIEW = CALENDAR_CELL_NAMES + 1;
/** Default and largest page of `GET /api/v1/holidays/calendar/day`. */
export const CALENDAR_DAY_PAGE = 100;
export const CALENDAR_DAY_PAGE_MAX = 200;
/** Default and largest page of `GET /api/v1/holidays/approvals` (ADR 0155). */
export const APPROVALS_PAGE = 50;
export const APPROVALS_PAGE_MAX = 200;
