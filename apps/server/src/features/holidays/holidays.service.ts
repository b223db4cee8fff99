/** Holiday requests: submission, decisions, cancellation, balance, team calendar. The server decides every rule. */

import { randomUUID } from 'node:crypto';
import { COMPANY_SETTINGS_DEFAULTS, type Weekday } from '@hr/shared/company/company-settings';
import { type DateRange, earlierDate, laterDate, monthRange } from '@hr/shared/hr/holiday-rules';
import {
  type ApprovalsQuery,
  type ApprovalsResponse,
  CALENDAR_DAY_PREVIEW,
  type CalendarDayQuery,
  type CalendarDayResponse,
  type CalendarDaySummary,
  type CalendarResponse,
  HOLIDAY_MESSAGES,
  HOLIDAY_TYPE_LABELS,
  type HolidayBalanceResponse,
  type HolidayRequest,
  type HolidayType,
  type holidayDecisionInputSchema,
  type holidayRequestInputSchema,
  type MyRequestsResponse,
  type TeamHoliday,
  UPCOMING_LIMIT,
  type UpcomingResponse,
  type WorkingDaysResponse,
} from '@hr/shared/hr/holidays.schemas';
import type { CalendarDayKind, PublicHolidaysResponse } from '@hr/shared/leave/calendar-days.schemas';
import {
  LEAVE_MESSAGES,
  SICKNESS_EMPLOYEES_LIMIT,
  type SicknessEmployeesResponse,
  type SicknessTotalsResponse,
  type sicknessInputSchema,
} from '@hr/shared/leave/leave.schemas';
import {
  bankHolidaysOff,
  countLeaveDays,
  type LeaveCalendar,
  type LeaveSpan,
  splitByHolidayYear,
} from '@hr/shared/leave/leave-days';
import { DEFAULT_REGION } from '@hr/shared/leave/public-holidays';
import { leaveCostPhrase, workingDaysPhrase } from '@hr/shared/notifications/notification-text';
import { addDays, inclusiveDayCount, isoDate } from '@hr/shared/working-days';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { decodeKeyset, encodeKeyset, isExactTimestamp, UUID_TEXT } from '../../db/keyset-cursor.ts';
import { type TransactionSettings, withTenant } from '../../db/tenant.ts';
import { type ReadStatement, tenantReader } from '../../db/tenant-read.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueForUsers } from '../email/email.service.ts';
import {
  balancesFor,
  checkAllowance,
  getMyLeaveBalance,
  holidayYearOf,
  type LeaveRecord,
  type LeaveRules,
  leaveRulesFrom,
  leaveRulesOf,
  needsApproval,
  yearFigures,
} from '../leave/leave.service.ts';
import { insertNotification } from '../notifications/notifications.service.ts';
import {
  type ApprovalsCursor,
  cancelAnyRequest,
  cancelOwnRequest,
  decideRequest,
  decideSplitSiblings,
  findApprovalsSource,
  findEmployeeOfUser,
  findEmployeeRecord,
  findLeaveCalendarSource,
  findOverlappingRequest,
  findRequest,
  findRequestForDecision,
  findViewerHolidaySource,
  type HolidayRequestRow,
  insertHolidayRequests,
  listCalendarDay,
  listCalendarMonth,
  listOthersAway,
  listRequestsOfUser,
  listSicknessEmployees,
  listSicknessTotals,
  listSuperAdminIds,
  listUpcomingApproved,
  lockRequestGroup,
  type MovedRequest,
  movePendingToCurrentApprover,
  type TeamHolidayRow,
} from './holidays.repository.ts';

type SubmitInput = z.output<typeof holidayRequestInputSchema>;
type SicknessInput = z.output<typeof sicknessInputSchema>;

/** How far back an employee may record their own sickness (issue 18). */
export const OWN_SICKNESS_DAYS_BACK = 14;

/**
 * The earliest start of an employee's own sickness: 14 days back, plus the day of grace every date
 * check gives a user whose own day is behind the server's (UTC).
 */
export function earliestOwnSickness(today: string): string {
  return addDays(today, -OWN_SICKNESS_DAYS_BACK - 1);
}
type DecisionInput = z.output<typeof holidayDecisionInputSchema>;

/** Today's calendar date on the server (UTC). */
export function serverToday(now: Date = new Date()): string {
  return isoDate(now);
}

function patternOf(stored: readonly string[] | null | undefined): Weekday[] {
  return stored?.length ? (stored as Weekday[]) : [...COMPANY_SETTINGS_DEFAULTS.workingDaysPattern];
}

function toRequest(row: HolidayRequestRow): HolidayRequest {
  return {
    id: row.id,
    employeeRecordId: row.employeeRecordId,
    userId: row.userId,
    lineManagerId: row.lineManagerId,
    startDate: row.startDate,
    endDate: row.endDate,
    holidayType: row.holidayType,
    reason: row.reason,
    status: row.status,
    workingDays: row.workingDays,
    daysRequested: row.daysRequested,
    startHalfDay: row.startHalfDay,
    endHalfDay: row.endHalfDay,
    splitGroupId: row.splitGroupId,
    submittedAt: row.submittedAt.toISOString(),
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewerComments: row.reviewerComments,
  };
}

/** "Annual Leave, 2026-12-30 to 2027-01-05": dates stay yyyy-MM-dd, the browser shows them in the user's format. */
function describe(row: {
  holidayType: keyof typeof HOLIDAY_TYPE_LABELS;
  startDate: string;
  endDate: string;
}) {
  const dates = row.startDate === row.endDate ? row.startDate : `${row.startDate} to ${row.endDate}`;
  return `${HOLIDAY_TYPE_LABELS[row.holidayType]}, ${dates}`;
}

type EmployeeCalendarSource = { region: string | null; workingPattern: string[] | null };

/**
 * The calendar a count for this employee uses over from..to: their pattern (else the company's), their
 * region (else the company's default) and the company's closures and worked holidays. One statement
 * (`findLeaveCalendarSource`); given a user rather than their record, it reads the record too.
 */
async function leaveCalendarOf(
  tx: Tx | ReadStatement,
  companyId: string,
  who: { employee: EmployeeCalendarSource | null } | { userId: string },
  range: DateRange,
): Promise<{ calendar: LeaveCalendar; holidayYearStartMonth: number }> {
  const source = await findLeaveCalendarSource(tx, companyId, range, 'userId' in who ? who.userId : null);
  const employee = 'userId' in who ? source.employee : who.employee;
  const { settings, companyDays } = source;
  return {
    calendar: {
      pattern: employee?.workingPattern?.length
        ? (employee.workingPattern as Weekday[])
        : patternOf(settings?.workingDaysPattern),
      region: employee?.region ?? settings?.defaultRegion ?? DEFAULT_REGION,
      companyDays: companyDays.map((d) => ({ ...d, kind: d.kind as CalendarDayKind })),
    },
    holidayYearStartMonth: settings?.holidayYearStartMonth ?? COMPANY_SETTINGS_DEFAULTS.holidayYearStartMonth,
  };
}

/**
 * The cost of a span for one employee (ADR 0086): one part per holiday year it touches (ADR 0087), each
 * with its working days, the bank holidays that are not charged and the company's closures in it.
 */
async function costOf(
  tx: Tx | ReadStatement,
  companyId: string,
  who: { employee: EmployeeCalendarSource | null } | { userId: string },
  span: LeaveSpan,
) {
  const range = { start: span.start, end: span.end };
  const { calendar, holidayYearStartMonth } = await leaveCalendarOf(tx, companyId, who, range);
  const parts = splitByHolidayYear(span, holidayYearStartMonth).map((part) => ({
    ...part,
    workingDays: countLeaveDays(part, calendar),
  }));
  const workingDays = parts.reduce((sum, p) => sum + p.workingDays, 0);
  return {
    workingDays,
    totalDays: inclusiveDayCount(span.start, span.end),
    bankHolidays: bankHolidaysOff(calendar, span.start, span.end),
    closures: calendar.companyDays
      .filter((d) => d.kind === 'closure')
      .map(({ date, name, countsAsLeave }) => ({ date, name, countsAsLeave })),
    parts,
  };
}

/**
 * The checks every booking passes once its employee row is locked: no overlap with their pending or
 * approved requests, at least one working day, and the allowance (ADR 0091). Returns the counts and
 * the company's leave rules.
 */
async function checkBooking(
  tx: Tx,
  companyId: string,
  employee: EmployeeCalendarSource & {
    id: string;
    startDate: string;
    endDate: string | null;
    annualHolidayDays: number;
  },
  holidayType: HolidayType,
  span: LeaveSpan,
) {
  if (await findOverlappingRequest(tx, employee.id, span.start, span.end)) {
    throw errors.conflict(HOLIDAY_MESSAGES.overlap);
  }
  const cost = await costOf(tx, companyId, { employee }, span);
  if (cost.workingDays === 0) {
    throw errors.validation({ endDate: HOLIDAY_MESSAGES.noWorkingDays }, HOLIDAY_MESSAGES.noWorkingDays);
  }
  // One row per holiday year (ADR 0087); a year's part that costs nothing (say 1 January alone) is
  // left out rather than stored as a 0-day request. Each part is checked against its own year.
  const charged = cost.parts.filter((p) => p.workingDays > 0);
  const rules = await leaveRulesOf(tx, companyId);
  for (const part of charged) {
    await checkAllowance(
      tx,
      companyId,
      employee,
      { holidayType, startDate: part.start, workingDays: part.workingDays },
      rules,
    );
  }
  return { workingDays: cost.workingDays, charged, rules };
}

export async function workingDaysBetween(
  db: Db,
  principal: Principal,
  span: LeaveSpan,
): Promise<WorkingDaysResponse> {
  if (inclusiveDayCount(span.start, span.end) > 366)
    throw errors.validation({ end: HOLIDAY_MESSAGES.tooLong }, HOLIDAY_MESSAGES.tooLong);
  // One statement: the tenant set-up and the read in one round trip (ADR 0150).
  const cost = await costOf(
    tenantReader(db, tenantOf(principal)),
    principal.companyId,
    { userId: principal.user.id },
    span,
  );
  return {
    ...cost,
    parts: cost.parts.map(({ start, end, holidayYear, workingDays }) => ({
      start,
      end,
      holidayYear,
      workingDays,
    })),
  };
}

/**
 * The signed-in employee's bank holidays of a calendar year (their region, else the company's; less the
 * holidays the company works) and the company's closures and worked holidays, for the form and calendar.
 */
export async function myPublicHolidays(
  db: Db,
  principal: Principal,
  year: number,
): Promise<PublicHolidaysResponse> {
  const range = { start: `${year}-01-01`, end: `${year}-12-31` };
  const { calendar } = await leaveCalendarOf(
    tenantReader(db, tenantOf(principal)),
    principal.companyId,
    { userId: principal.user.id },
    range,
  );
  return {
    region: calendar.region,
    holidays: bankHolidaysOff(calendar, range.start, range.end),
    companyDays: [...calendar.companyDays],
  };
}

/**
 * Tells the approvers of a pending request about it: its line manager, or when it has none every
 * super admin of the company but the requester (ADR 0049).
 */
async function notifyApprovers(
  tx: Tx,
  companyId: string,
  request: { userId: string | null; lineManagerId: string | null },
  title: string,
  message: string,
): Promise<string[]> {
  const recipients = request.lineManagerId
    ? [request.lineManagerId]
    : (await listSuperAdminIds(tx, companyId)).filter((id) => id !== request.userId);
  for (const userId of recipients) {
    await insertNotification(tx, { companyId, userId, type: 'holiday_request', title, message });
  }
  return recipients;
}

/**
 * Submits a request (ADR 0049). Pending for the employee's line manager when they have one (who is
 * notified). Without one, approved at once (reviewed by the requester) only when the requester is a
 * super admin; anyone else's goes pending to the company's super admins, who are all notified. A
 * request overlapping a pending or approved one is refused.
 */
export async function submitHolidayRequest(
  db: Db,
  principal: Principal,
  input: SubmitInput,
  today: string = serverToday(),
): Promise<HolidayRequest> {
  // One day of grace: a user ahead of UTC may still be on "yesterday" for the server. Sickness may be
  // recorded by the employee up to 14 days back.
  if (input.holidayType === 'sick') {
    if (input.startDate < earliestOwnSickness(today)) {
      throw errors.validation(
        { startDate: LEAVE_MESSAGES.sicknessTooFarBack },
        LEAVE_MESSAGES.sicknessTooFarBack,
      );
    }
  } else if (input.startDate < addDays(today, -1)) {
    throw errors.validation({ startDate: HOLIDAY_MESSAGES.startInPast }, HOLIDAY_MESSAGES.startInPast);
  }
  if (inclusiveDayCount(input.startDate, input.endDate) > 366) {
    throw errors.validation({ endDate: HOLIDAY_MESSAGES.tooLong }, HOLIDAY_MESSAGES.tooLong);
  }
  const userId = principal.user.id;
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    const employee = await findEmployeeOfUser(tx, principal.companyId, userId, true);
    if (!employee) throw errors.notFound(HOLIDAY_MESSAGES.employeeRecordNotFound);
    const span = {
      start: input.startDate,
      end: input.endDate,
      startHalfDay: input.startHalfDay,
      endHalfDay: input.endHalfDay,
    };
    const { workingDays, charged, rules } = await checkBooking(
      tx,
      principal.companyId,
      employee,
      input.holidayType,
      span,
    );
    const splitGroupId = charged.length > 1 ? randomUUID() : null;
    const manager =
      employee.lineManagerId && employee.lineManagerId !== userId ? employee.lineManagerId : null;
    // A type the company's settings say needs no approval is approved at once (ADR 0091).
    const autoApproved =
      !needsApproval(rules, input.holidayType) || (!manager && principal.role === 'super_admin');
    const rows = await insertHolidayRequests(
      tx,
      charged.map((part) => ({
        companyId: principal.companyId,
        employeeRecordId: employee.id,
        userId,
        lineManagerId: manager,
        startDate: part.start,
        endDate: part.end,
        holidayType: input.holidayType,
        reason: input.reason,
        status: autoApproved ? 'approved' : 'pending',
        workingDays: part.workingDays,
        daysRequested: inclusiveDayCount(part.start, part.end),
        startHalfDay: part.startHalfDay,
        endHalfDay: part.endHalfDay,
        splitGroupId,
        reviewedBy: autoApproved ? userId : null,
        reviewedAt: autoApproved ? new Date() : null,
      })),
    );
    const first = rows[0] as HolidayRequestRow;
    const last = rows.at(-1) as HolidayRequestRow;
    if (!autoApproved) {
      const whole = {
        holidayType: first.holidayType,
        startDate: first.startDate,
        endDate: last.endDate,
        workingDays,
        startHalfDay: first.startHalfDay,
        endHalfDay: last.endHalfDay,
      };
      const approvers = await notifyApprovers(
        tx,
        principal.companyId,
        first,
        'New holiday request',
        `${employee.fullName} requested ${describe(whole)} (${leaveCostPhrase(whole)}).`,
      );
      await emailApprovers(tx, principal.companyId, approvers, employee, rules, {
        ...whole,
        ids: rows.map((r) => r.id),
        reason: input.reason ?? null,
      });
    }
    await recordAudit(tx, principal, {
      kind: 'leave.booked',
      targetType: 'holiday_request',
      targetId: first.id,
      targetLabel: employee.fullName,
      after: {
        holidayType: input.holidayType,
        startDate: first.startDate,
        endDate: last.endDate,
        workingDays,
        status: first.status,
        parts: rows.map((r) => r.id),
      },
    });
    return first;
  });
  return toRequest(row);
}

/**
 * In the transaction that changed line managers: the given employee records' pending requests move to
 * their current approver (the new line manager, or the super admins when there is none), who are told
 * about each one. The former manager can decide none of them any more (ADR 0049). Returns one id per
 * moved request (a part of a split one stands for it), for what must wait for the commit: the Slack
 * message to the new approver (ADR 0100).
 */
export async function movePendingRequestsToCurrentApprovers(
  tx: Tx,
  companyId: string,
  employeeRecordIds: string[],
): Promise<string[]> {
  const moved = await movePendingToCurrentApprover(tx, companyId, employeeRecordIds);
  if (!moved.length) return [];
  // A request cut at the holiday year's edge moved as its parts: one message and one email for it.
  const requests = new Map<string, MovedRequest[]>();
  for (const part of moved) {
    const key = part.splitGroupId ?? part.id;
    requests.set(key, [...(requests.get(key) ?? []), part]);
  }
  const rules = await leaveRulesOf(tx, companyId);
  for (const parts of requests.values()) {
    parts.sort((a, b) => a.startDate.localeCompare(b.startDate));
    const first = parts[0] as MovedRequest;
    const last = parts.at(-1) as MovedRequest;
    const whole = {
      holidayType: first.holidayType,
      startDate: first.startDate,
      endDate: last.endDate,
      workingDays: parts.reduce((sum, p) => sum + p.workingDays, 0),
      startHalfDay: first.startHalfDay,
      endHalfDay: last.endHalfDay,
    };
    const approvers = await notifyApprovers(
      tx,
      companyId,
      first,
      'Holiday request to decide',
      `${first.employeeName} requested ${describe(whole)} (${leaveCostPhrase(whole)}). It now waits for your decision.`,
    );
    const employee = await findEmployeeRecord(tx, companyId, first.employeeRecordId);
    if (!employee) continue;
    await emailApprovers(tx, companyId, approvers, employee, rules, {
      ...whole,
      ids: parts.map((p) => p.id),
      reason: first.reason,
    });
  }
  return [...requests.values()].map((parts) => (parts[0] as MovedRequest).id);
}

/**
 * The approvers' email of a pending request (issue 19), queued in the transaction that made it theirs
 * (a submission, or a change of line manager that moved it): the requester's remaining days and who
 * else is away, as the Approvals tab shows them.
 */
async function emailApprovers(
  tx: Tx,
  companyId: string,
  approvers: string[],
  employee: LeaveRecord & { fullName: string },
  rules: LeaveRules,
  request: Parameters<typeof leaveCostPhrase>[0] & {
    holidayType: HolidayType;
    ids: string[];
    reason: string | null;
  },
): Promise<void> {
  if (!approvers.length) return;
  const year = holidayYearOf(rules, request.startDate);
  const balance = rules.allowanceTypes.includes(request.holidayType)
    ? (await balancesFor(tx, companyId, [employee], year, rules)).get(employee.id)
    : undefined;
  const away = await listOthersAway(tx, companyId, request.ids);
  await enqueueForUsers(tx, companyId, 'new_request', approvers, {
    requesterName: employee.fullName,
    typeLabel: HOLIDAY_TYPE_LABELS[request.holidayType],
    startDate: request.startDate,
    endDate: request.endDate,
    cost: leaveCostPhrase(request),
    workingDays: request.workingDays,
    remainingDays: balance ? balance.remaining : null,
    othersAway: [...new Set(away.map((a) => a.employeeName))],
    reason: request.reason,
  });
}
export async function listMyRequests(
  db: Db,
  principal: Principal,
  limit?: number,
): Promise<MyRequestsResponse> {
  const rows = await withTenant(db, tenantOf(principal), (tx) =>
    listRequestsOfUser(tx, principal.companyId, principal.user.id, limit),
  );
  return { items: rows.map(toRequest) };
}

/** Who the principal is as an approver: their id, and whether they decide requests without a line manager. */
function approverOf(principal: Principal) {
  return { userId: principal.user.id, isSuperAdmin: principal.role === 'super_admin' };
}

/**
 * The approver's pending requests, each with the requester's remaining days in the holiday year of the
 * request (after their other pending requests) and who else in their team (same department, or the
 * same line manager without one) is away on those dates (issue 18). A fixed number of queries.
 */
export async function listMyApprovals(
  db: Db,
  principal: Principal,
  query: ApprovalsQuery,
): Promise<ApprovalsResponse> {
  const after = query.after === undefined ? null : decodeApprovalsCursor(query.after);
  if (query.after !== undefined && !after) {
    throw errors.validation({ after: HOLIDAY_MESSAGES.badCursor }, HOLIDAY_MESSAGES.badCursor);
  }
  const tenant = tenantOf(principal);
  // The page of pending requests, the count of them all, the settings, the page's requesters' ledger
  // and sums of each request's holiday year, and who else is away, in one statement (ADRs 0145,
  // 0155), sent with the tenant set-up in one round trip (ADR 0150).
  const source = await findApprovalsSource(
    tenantReader(db, tenant),
    principal.companyId,
    approverOf(principal),
    COMPANY_SETTINGS_DEFAULTS.holidayYearStartMonth,
    { limit: query.limit, after },
  );
  return {
    items: await pendingWithBalances(db, principal, source),
    total: source.total,
    nextCursor: source.next ? encodeKeyset([source.next.submittedAt, source.next.id]) : null,
  };
}

/** An approvals page cursor (ADR 0155), or null when the text is not one the server hands out. */
function decodeApprovalsCursor(text: string): ApprovalsCursor | null {
  const values = decodeKeyset(text, 2);
  if (!values) return null;
  const [submittedAt, id] = values as [string, string];
  return isExactTimestamp(submittedAt) && UUID_TEXT.test(id) ? { submittedAt, id } : null;
}

async function pendingWithBalances(
  db: Db,
  principal: Principal,
  source: Awaited<ReturnType<typeof findApprovalsSource>>,
) {
  const tenant = tenantOf(principal);
  const rows = source.pending;
  if (!rows.length) return [];
  const rules = leaveRulesFrom(source.settings);
  const allowance = new Set<string>(rules.allowanceTypes);
  // Per requester and holiday year ("record id year start"): the ledger's sum, approved days of the
  // allowance-using types. The statement sums the ledger; the remaining days are what
  // `balancesFor` gives from the same figures (`yearFigures`).
  const ledgerOf = new Map(source.ledger.map((l) => [`${l.employeeRecordId} ${l.yearStart}`, l]));
  const approvedOf = new Map<string, number>();
  for (const t of source.sums) {
    if (!allowance.has(t.holidayType)) continue;
    const key = `${t.employeeRecordId} ${t.yearStart}`;
    approvedOf.set(key, (approvedOf.get(key) ?? 0) + t.approvedDays);
  }
  const awayOf = new Map<string, string[]>();
  for (const a of source.away) {
    const names = awayOf.get(a.requestId);
    if (names) names.push(a.employeeName);
    else awayOf.set(a.requestId, [a.employeeName]);
  }
  const remainingOf = new Map<string, number | null>();
  const result = [];
  for (const r of rows) {
    const year = holidayYearOf(rules, r.request.startDate);
    const key = `${r.record.id} ${year.start}`;
    let remaining = remainingOf.get(key);
    if (remaining === undefined) {
      // The statement works each year out itself; should it ever disagree, the rules' year decides.
      if (year.start === r.yearStart) {
        const ledger = ledgerOf.get(key);
        remaining = yearFigures(
          r.record,
          year,
          ledger?.days ?? 0,
          ledger?.hasEntitlement ?? false,
          approvedOf.get(key) ?? 0,
        ).remaining;
      } else {
        const balance = (
          await withTenant(db, tenant, (tx) => balancesFor(tx, principal.companyId, [r.record], year, rules))
        ).get(r.record.id);
        remaining = balance ? balance.remaining : null;
      }
      remainingOf.set(key, remaining);
    }
    // The added fields before the spread, not after: V8 gives each object that gains properties after
    // a spread a layout (map) of its own, and a page of 50 such items cost 0.4-0.6 ms more server CPU
    // to build and serialise (docs/performance.md). The keys do not overlap.
    result.push({
      requesterName: r.requesterName ?? HOLIDAY_MESSAGES.unknownEmployee,
      requesterEmail: r.requesterEmail,
      remainingDays: remaining,
      othersAway: awayOf.get(r.request.id) ?? [],
      ...toRequest(r.request),
    });
  }
  return result;
}

/**
 * Approve or reject, only while pending (409 once decided): only the request's current approver (the
 * employee's line manager now, or a super admin when there is none), never the requester (ADR 0049).
 */
export async function decideHolidayRequest(
  db: Db,
  principal: Principal,
  id: string,
  input: DecisionInput,
): Promise<HolidayRequest> {
  const approver = approverOf(principal);
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    // The request's split group, locked in id order first: a decision of another of its parts waits.
    await lockRequestGroup(tx, principal.companyId, id);
    const decided = await decideRequest(tx, principal.companyId, id, approver, {
      status,
      comment: input.comment,
    });
    if (!decided) {
      const existing = await findRequestForDecision(tx, principal.companyId, id);
      if (!existing) throw errors.notFound();
      const me = approver.userId;
      if (existing.userId === me || existing.employeeUserId === me) {
        throw errors.forbidden(HOLIDAY_MESSAGES.ownRequest);
      }
      const mayDecide = existing.approverId === me || (existing.approverId === null && approver.isSuperAdmin);
      if (!mayDecide) throw errors.forbidden(HOLIDAY_MESSAGES.notYourRequest);
      throw errors.conflict(HOLIDAY_MESSAGES.alreadyDecided);
    }
    const siblings = await decideSplitSiblings(tx, principal.companyId, decided, {
      status,
      reviewedBy: approver.userId,
      comment: input.comment,
    });
    const whole = {
      ...decided,
      startDate: [decided, ...siblings].map((r) => r.startDate).reduce(earlierDate),
      endDate: [decided, ...siblings].map((r) => r.endDate).reduce(laterDate),
    };
    await recordAudit(tx, principal, {
      kind: 'leave.decided',
      targetType: 'holiday_request',
      targetId: decided.id,
      before: { status: 'pending' },
      after: {
        status,
        comment: input.comment ?? null,
        startDate: whole.startDate,
        endDate: whole.endDate,
        parts: [decided, ...siblings].map((r) => r.id),
      },
    });
    if (decided.userId) {
      await insertNotification(tx, {
        companyId: principal.companyId,
        userId: decided.userId,
        type: 'holiday_decision',
        title: status === 'approved' ? 'Holiday request approved' : 'Holiday request rejected',
        message: `Your request for ${describe(whole)} was ${status}${input.comment ? `: ${input.comment}` : '.'}`,
      });
      const workingDays = [decided, ...siblings].reduce((sum, r) => sum + r.workingDays, 0);
      await enqueueForUsers(tx, principal.companyId, 'decision', [decided.userId], {
        status,
        approverName: principal.user.name || principal.user.email,
        typeLabel: HOLIDAY_TYPE_LABELS[decided.holidayType],
        startDate: whole.startDate,
        endDate: whole.endDate,
        cost: leaveCostPhrase({ ...whole, workingDays }),
        comment: input.comment ?? null,
      });
    }
    return decided;
  });
  return toRequest(row);
}

/**
 * Cancels a request (issue 18): the requester, while it is pending or approved and not started; a
 * super admin, any pending or approved request of the company at any time. Cancelled leave falls out
 * of the balance's sum; when approved leave is cancelled its approver is told (and the employee, when
 * someone else cancelled it).
 */
export async function cancelMyRequest(
  db: Db,
  principal: Principal,
  id: string,
  today: string = serverToday(),
): Promise<HolidayRequest> {
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    // As for a decision: the whole split group, locked in id order before it is read and written.
    await lockRequestGroup(tx, principal.companyId, id);
    const existing = await findRequest(tx, principal.companyId, id);
    if (!existing) throw errors.notFound();
    const own = existing.userId === principal.user.id;
    const superAdmin = principal.role === 'super_admin';
    if (!own && !superAdmin) throw errors.notFound();
    const cancelled = own
      ? await cancelOwnRequest(tx, principal.companyId, id, principal.user.id, today)
      : await cancelAnyRequest(tx, principal.companyId, id);
    // A super admin cancelling their own started leave is a super admin cancelling leave.
    const done =
      cancelled ?? (own && superAdmin ? await cancelAnyRequest(tx, principal.companyId, id) : null);
    if (!done) throw errors.conflict(HOLIDAY_MESSAGES.cannotCancel);
    await recordAudit(tx, principal, {
      kind: 'leave.cancelled',
      targetType: 'holiday_request',
      targetId: id,
      before: { status: existing.status },
      after: { status: done.status, startDate: done.startDate, endDate: done.endDate },
    });
    if (existing.status === 'approved') {
      const who = own ? 'the employee' : 'a super admin';
      const recipients = new Set<string>();
      if (existing.reviewedBy && existing.reviewedBy !== principal.user.id)
        recipients.add(existing.reviewedBy);
      if (!own && existing.userId && existing.userId !== principal.user.id) recipients.add(existing.userId);
      for (const userId of recipients) {
        await insertNotification(tx, {
          companyId: principal.companyId,
          userId,
          type: 'holiday_decision',
          title: 'Approved leave cancelled',
          message: `${describe(done)} (${workingDaysPhrase(done.workingDays)}) was cancelled by ${who}. The days are back in the balance.`,
        });
      }
      // The approver's email (issue 19): the one who approved it, unless they cancelled it themselves.
      if (existing.reviewedBy && existing.reviewedBy !== principal.user.id) {
        const record = await findEmployeeRecord(tx, principal.companyId, existing.employeeRecordId);
        await enqueueForUsers(tx, principal.companyId, 'cancellation', [existing.reviewedBy], {
          requesterName: record?.fullName ?? HOLIDAY_MESSAGES.unknownEmployee,
          cancelledBy: who,
          typeLabel: HOLIDAY_TYPE_LABELS[done.holidayType],
          startDate: done.startDate,
          endDate: done.endDate,
          workingDays: done.workingDays,
        });
      }
    }
    return done;
  });
  return toRequest(row);
}

/** The signed-in employee's balance of this holiday year, with every term of the sum (ADR 0090). */
export async function getMyBalance(
  db: Db,
  principal: Principal,
  today: string = serverToday(),
): Promise<HolidayBalanceResponse> {
  const balance = await getMyLeaveBalance(db, principal, today);
  if (!balance) throw errors.notFound(HOLIDAY_MESSAGES.noEmployeeRecord);
  return balance;
}

/**
 * Records sickness for an employee (issue 18), approved at once: by their current line manager or a
 * super admin for any started dates; by the employee themselves up to 14 days back. Sickness uses no
 * allowance unless the company's settings say it does.
 */
export async function recordSickness(
  db: Db,
  principal: Principal,
  input: SicknessInput,
  today: string = serverToday(),
): Promise<HolidayRequest> {
  if (input.startDate > addDays(today, 1)) {
    throw errors.validation({ startDate: LEAVE_MESSAGES.sicknessFuture }, LEAVE_MESSAGES.sicknessFuture);
  }
  if (inclusiveDayCount(input.startDate, input.endDate) > 366) {
    throw errors.validation({ endDate: HOLIDAY_MESSAGES.tooLong }, HOLIDAY_MESSAGES.tooLong);
  }
  const me = principal.user.id;
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    const employee = await findEmployeeRecord(tx, principal.companyId, input.employeeRecordId, true);
    if (!employee) throw errors.notFound(LEAVE_MESSAGES.employeeNotFound);
    const self = employee.userId === me;
    const manager = employee.lineManagerId === me && !self;
    if (!self && !manager && principal.role !== 'super_admin') {
      throw errors.forbidden(LEAVE_MESSAGES.sicknessNotAllowed);
    }
    if (self && principal.role !== 'super_admin' && input.startDate < earliestOwnSickness(today)) {
      throw errors.validation(
        { startDate: LEAVE_MESSAGES.sicknessTooFarBack },
        LEAVE_MESSAGES.sicknessTooFarBack,
      );
    }
    // A leaver's history may be completed up to their last day, not after it.
    if (employee.endDate && input.endDate > employee.endDate) {
      throw errors.validation(
        { endDate: LEAVE_MESSAGES.sicknessAfterLeaving },
        LEAVE_MESSAGES.sicknessAfterLeaving,
      );
    }
    const span = { start: input.startDate, end: input.endDate, startHalfDay: false, endHalfDay: false };
    const { workingDays, charged } = await checkBooking(tx, principal.companyId, employee, 'sick', span);
    const splitGroupId = charged.length > 1 ? randomUUID() : null;
    const rows = await insertHolidayRequests(
      tx,
      charged.map((part) => ({
        companyId: principal.companyId,
        employeeRecordId: employee.id,
        userId: employee.userId,
        lineManagerId: employee.lineManagerId,
        startDate: part.start,
        endDate: part.end,
        holidayType: 'sick' as const,
        reason: input.reason,
        status: 'approved' as const,
        workingDays: part.workingDays,
        daysRequested: inclusiveDayCount(part.start, part.end),
        startHalfDay: part.startHalfDay,
        endHalfDay: part.endHalfDay,
        splitGroupId,
        reviewedBy: me,
        reviewedAt: new Date(),
      })),
    );
    const created = rows[0] as HolidayRequestRow;
    await recordAudit(tx, principal, {
      kind: 'leave.sickness_recorded',
      targetType: 'holiday_request',
      targetId: created.id,
      targetLabel: employee.fullName,
      after: {
        employeeRecordId: employee.id,
        startDate: input.startDate,
        endDate: input.endDate,
        workingDays,
        parts: rows.map((r) => r.id),
      },
    });
    if (employee.userId && !self) {
      await insertNotification(tx, {
        companyId: principal.companyId,
        userId: employee.userId,
        type: 'holiday_decision',
        title: 'Sickness recorded',
        message: `${describe(created)} (${workingDaysPhrase(workingDays)}) was recorded for you.`,
      });
    }
    return created;
  });
  return toRequest(row);
}

/**
 * `GET /api/v1/holidays/sickness/employees`: the employee records the caller may record sickness for
 * (their reports; every current employee for a super admin), found by name, e-mail or number. The
 * same rule `recordSickness` checks.
 */
export async function sicknessEmployees(
  db: Db,
  principal: Principal,
  search: string,
  today: string = serverToday(),
): Promise<SicknessEmployeesResponse> {
  const rows = await withTenant(db, tenantOf(principal), (tx) =>
    listSicknessEmployees(tx, principal.companyId, approverOf(principal), {
      search,
      limit: SICKNESS_EMPLOYEES_LIMIT + 1,
      today,
    }),
  );
  return { items: rows.slice(0, SICKNESS_EMPLOYEES_LIMIT), more: rows.length > SICKNESS_EMPLOYEES_LIMIT };
}

/** Per employee, sick leave of the last 52 weeks: spells (requests) and working days (super admins). */
export async function sicknessTotals(
  db: Db,
  principal: Principal,
  today: string = serverToday(),
): Promise<SicknessTotalsResponse> {
  const from = addDays(today, -52 * 7 + 1);
  const items = await withTenant(db, tenantOf(principal), (tx) =>
    listSicknessTotals(tx, principal.companyId, from, today),
  );
  return { from, to: today, items };
}

type TeamHolidayInput = Omit<TeamHolidayRow, 'employeeName'> & { employeeName: string | null };

/**
 * A colleague's holiday as this viewer may see it (ADR 0050): the type only for the person, their
 * current approver and the company's super admins; for anyone else null ("Away"), whatever the type,
 * so that "Away" says nothing about which kind of absence it is.
 */
function teamHolidayFor(principal: Principal) {
  const me = principal.user.id;
  const seesAll = principal.role === 'super_admin';
  // Each field named, not the row spread without `approverId`: the answer can hold nothing the row
  // holds besides (the month's rows also carry the day, its count and the viewer's region), and V8
  // builds a literal faster than an object rest (a runtime call per row; docs/performance.md).
  return (row: TeamHolidayInput): TeamHoliday => {
    const mayKnow = seesAll || row.userId === me || row.approverId === me;
    return {
      id: row.id,
      userId: row.userId,
      employeeName: row.employeeName ?? HOLIDAY_MESSAGES.unknownEmployee,
      startDate: row.startDate,
      endDate: row.endDate,
      holidayType: mayKnow ? row.holidayType : null,
      workingDays: row.workingDays,
      startHalfDay: row.startHalfDay,
      endHalfDay: row.endHalfDay,
    };
  };
}

/**
 * JIT and sequential scans off for the calendar's transactions (ADR 0008). They were needed when the
 * month and day statements read holiday_requests by a date range the planner misjudged; the per-day
 * summary (ADR 0110) is read by its keys, and the settings stay as a guard: no plan of these small
 * statements gains from JIT or a sequential scan.
 */
const CALENDAR_SETTINGS: TransactionSettings = { jit: 'off', enable_seqscan: 'off' };

/**
 * A user's bank-holiday region (their employee record's, else the company default) and the company's
 * worked holidays from..to, in the caller's tenant transaction: the team calendar and the calendar
 * feeds mark bank holidays from it.
 */
export function holidaySourceOf(
  tx: Tx,
  companyId: string,
  userId: string,
  from: string,
  to: string,
): Promise<{ region: string | null; workedHolidays: string[] }> {
  return findViewerHolidaySource(tx, companyId, userId, from, to);
}

/**
 * The team calendar's month: per day with someone away, how many people and the first few by name
 * (ADR 0008), from the per-day summary (ADR 0110). Holidays crossing a month edge count on their
 * days inside the month (ADR 0007); a leaver up to their end date (ADR 0110).
 */
export async function teamCalendar(db: Db, principal: Principal, month: string): Promise<CalendarResponse> {
  const range = monthRange(month);
  // One statement: one round trip with its tenant set-up (ADR 0150).
  const { rows, source } = await listCalendarMonth(
    tenantReader(db, tenantOf(principal), CALENDAR_SETTINGS),
    principal.companyId,
    principal.user.id,
    range,
    CALENDAR_DAY_PREVIEW,
  );
  const bankHolidays = bankHolidaysOff(
    {
      pattern: [],
      region: source.region ?? DEFAULT_REGION,
      companyDays: source.workedHolidays.map((date) => ({
        date,
        kind: 'worked_holiday',
        name: '',
        countsAsLeave: false,
      })),
    },
    range.start,
    range.end,
  );
  const days: CalendarDaySummary[] = [];
  const toTeamHoliday = teamHolidayFor(principal);
  for (const row of rows) {
    let current = days.at(-1);
    if (current?.date !== row.day) {
      current = { date: row.day, count: row.people, entries: [] };
      days.push(current);
    }
    current.entries.push(toTeamHoliday(row));
  }
  return { month, days, bankHolidays };
}

/** Everyone away on one day, a page at a time: what "+N more" opens. */
export async function teamCalendarDay(
  db: Db,
  principal: Principal,
  query: CalendarDayQuery,
): Promise<CalendarDayResponse> {
  const { total, items } = await listCalendarDay(
    tenantReader(db, tenantOf(principal), CALENDAR_SETTINGS),
    principal.companyId,
    query.date,
    { offset: query.offset, limit: query.limit },
  );
  return { date: query.date, total, offset: query.offset, items: items.map(teamHolidayFor(principal)) };
}

export async function upcomingTeamHolidays(
  db: Db,
  principal: Principal,
  today: string = serverToday(),
): Promise<UpcomingResponse> {
  const rows = await withTenant(db, tenantOf(principal), (tx) =>
    listUpcomingApproved(tx, principal.companyId, today, UPCOMING_LIMIT),
  );
  return { items: rows.map(teamHolidayFor(principal)) };
}

/** Whether an employee record has holiday requests (the employees feature refuses to delete it then). */
export { employeeHasRequests } from './holidays.repository.ts';
