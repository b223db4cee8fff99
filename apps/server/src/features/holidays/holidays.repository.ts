import type { HolidayStatus, HolidayType } from '@hr/shared/hr/holidays.schemas';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companySettings, profiles } from '../../db/schema/core.ts';
import { employeeRecords, holidayRequests } from '../../db/schema/hr.ts';

/** The requester's employee record; `lock` holds it until the transaction ends so that one
 * employee's submissions queue up and the overlap check cannot race. */
export async function findEmployeeOfUser(tx: Tx, companyId: string, userId: string, lock = false) {
  const query = tx
    .select({
      id: employeeRecords.id,
      fullName: employeeRecords.fullName,
      lineManagerId: employeeRecords.lineManagerId,
    })
    .from(employeeRecords)
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findHolidaySettings(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({
      workingDaysPattern: companySettings.workingDaysPattern,
      holidayYearStartMonth: companySettings.holidayYearStartMonth,
    })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return row ?? null;
}

/** A pending or approved request of the employee that shares at least one day with start..end. */
export async function findOverlappingRequest(tx: Tx, employeeRecordId: string, start: string, end: string) {
  const [row] = await tx
    .select({ id: holidayRequests.id })
    .from(holidayRequests)
    .where(
      and(
        eq(holidayRequests.employeeRecordId, employeeRecordId),
        inArray(holidayRequests.status, ['pending', 'approved']),
        lte(holidayRequests.startDate, end),
        gte(holidayRequests.endDate, start),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface NewHolidayRequest {
  companyId: string;
  employeeRecordId: string;
  userId: string;
  lineManagerId: string | null;
  startDate: string;
  endDate: string;
  holidayType: HolidayType;
  reason: string | null;
  status: HolidayStatus;
  workingDays: number;
  daysRequested: number;
  reviewedBy: string | null;
  reviewedAt: Date | null;
}

export async function insertHolidayRequest(tx: Tx, values: NewHolidayRequest) {
  const [row] = await tx.insert(holidayRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export type HolidayRequestRow = Awaited<ReturnType<typeof insertHolidayRequest>>;

export async function listRequestsOfUser(
  tx: Tx,
  companyId: string,
  userId: string,
  limit: number | undefined,
) {
  const query = tx
    .select()
    .from(holidayRequests)
    .where(and(eq(holidayRequests.companyId, companyId), eq(holidayRequests.userId, userId)))
    .orderBy(desc(holidayRequests.submittedAt), desc(holidayRequests.id));
  return limit ? query.limit(limit) : query;
}

const requesterName = sql<
  string | null
>`coalesce(${employeeRecords.fullName}, (select p.full_name from ${profiles} p where p.id = ${holidayRequests.userId}))`;
const requesterEmail = sql<
  string | null
>`coalesce(${employeeRecords.email}, (select p.email from ${profiles} p where p.id = ${holidayRequests.userId}))`;

/** Pending requests waiting for this line manager, newest first, with who asked. */
export async function listPendingForManager(tx: Tx, companyId: string, managerId: string) {
  return tx
    .select({ request: holidayRequests, requesterName, requesterEmail })
    .from(holidayRequests)
    .leftJoin(employeeRecords, eq(employeeRecords.id, holidayRequests.employeeRecordId))
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.lineManagerId, managerId),
        eq(holidayRequests.status, 'pending'),
      ),
    )
    .orderBy(desc(holidayRequests.submittedAt), desc(holidayRequests.id));
}

export async function findRequest(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(holidayRequests)
    .where(and(eq(holidayRequests.companyId, companyId), eq(holidayRequests.id, id)));
  return row ?? null;
}

/**
 * Decides a request only if it is still pending and the caller is its line manager: one conditional
 * UPDATE, so of two managers deciding at the same moment exactly one wins.
 */
export async function decideRequest(
  tx: Tx,
  companyId: string,
  id: string,
  managerId: string,
  decision: { status: 'approved' | 'rejected'; comment: string | null },
) {
  const [row] = await tx
    .update(holidayRequests)
    .set({
      status: decision.status,
      reviewedBy: managerId,
      reviewedAt: new Date(),
      reviewerComments: decision.comment,
    })
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.id, id),
        eq(holidayRequests.lineManagerId, managerId),
        eq(holidayRequests.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The requester cancels their own request while it is pending, or approved and not yet started. */
export async function cancelOwnRequest(tx: Tx, companyId: string, id: string, userId: string, today: string) {
  const [row] = await tx
    .update(holidayRequests)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.id, id),
        eq(holidayRequests.userId, userId),
        sql`(${holidayRequests.status} = 'pending' or (${holidayRequests.status} = 'approved' and ${holidayRequests.startDate} > ${today}))`,
      ),
    )
    .returning();
  return row ?? null;
}

const teamHolidayColumns = {
  id: holidayRequests.id,
  userId: holidayRequests.userId,
  employeeName: employeeRecords.fullName,
  startDate: holidayRequests.startDate,
  endDate: holidayRequests.endDate,
  holidayType: holidayRequests.holidayType,
  workingDays: holidayRequests.workingDays,
};

/** Approved holidays of the company that share a day with start..end (crossing the edges included). */
export async function listApprovedBetween(tx: Tx, companyId: string, start: string, end: string) {
  return tx
    .select(teamHolidayColumns)
    .from(holidayRequests)
    .innerJoin(employeeRecords, eq(employeeRecords.id, holidayRequests.employeeRecordId))
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.status, 'approved'),
        lte(holidayRequests.startDate, end),
        gte(holidayRequests.endDate, start),
      ),
    )
    .orderBy(asc(holidayRequests.startDate), asc(employeeRecords.fullName));
}

/** The next approved team holidays that have not ended yet, by start date. */
export async function listUpcomingApproved(tx: Tx, companyId: string, today: string, limit: number) {
  return tx
    .select(teamHolidayColumns)
    .from(holidayRequests)
    .innerJoin(employeeRecords, eq(employeeRecords.id, holidayRequests.employeeRecordId))
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        eq(holidayRequests.status, 'approved'),
        gte(holidayRequests.endDate, today),
      ),
    )
    .orderBy(asc(holidayRequests.startDate), asc(employeeRecords.fullName))
    .limit(limit);
}

/**
 * Everything the balance needs in one query: the record's entitlement and opening adjustment, the
 * company's pattern and holiday-year start, and the employee's annual-leave requests near `today`.
 */
export async function findBalanceInputs(tx: Tx, companyId: string, userId: string, from: string, to: string) {
  const [row] = await tx
    .select({
      annualHolidayDays: employeeRecords.annualHolidayDays,
      holidayDaysUsed: employeeRecords.holidayDaysUsed,
      workingDaysPattern: companySettings.workingDaysPattern,
      holidayYearStartMonth: companySettings.holidayYearStartMonth,
      requests: sql<{ start: string; end: string; status: 'pending' | 'approved' }[]>`coalesce((
        select json_agg(json_build_object('start', r.start_date, 'end', r.end_date, 'status', r.status))
        from ${holidayRequests} r
        where r.employee_record_id = ${employeeRecords.id}
          and r.holiday_type = 'annual'
          and r.status in ('pending', 'approved')
          and r.start_date <= ${to} and r.end_date >= ${from}
      ), '[]'::json)`,
    })
    .from(employeeRecords)
    .leftJoin(companySettings, eq(companySettings.companyId, employeeRecords.companyId))
    .where(and(eq(employeeRecords.companyId, companyId), eq(employeeRecords.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Approved annual leave of several employees that touches from..to (one query for a page of records). */
export async function listApprovedAnnualOf(
  tx: Tx,
  companyId: string,
  employeeRecordIds: string[],
  from: string,
  to: string,
) {
  if (!employeeRecordIds.length) return [];
  return tx
    .select({
      employeeRecordId: holidayRequests.employeeRecordId,
      start: holidayRequests.startDate,
      end: holidayRequests.endDate,
    })
    .from(holidayRequests)
    .where(
      and(
        eq(holidayRequests.companyId, companyId),
        inArray(holidayRequests.employeeRecordId, employeeRecordIds),
        eq(holidayRequests.holidayType, 'annual'),
        eq(holidayRequests.status, 'approved'),
        lte(holidayRequests.startDate, to),
        gte(holidayRequests.endDate, from),
      ),
    );
}
