/** Calendar feeds (ADR 0099): the feed rows, the token lookup and the leave a feed shows. */
import type { CalendarFeedScope } from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import type { HolidayType } from '@hr/shared/hr/holidays.schemas';
import type { Role } from '@hr/shared/roles';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { companySettings } from '../../db/schema/core.ts';
import { calendarFeeds } from '../../db/schema/hr.ts';
import { readWithTenant } from '../../db/tenant-read.ts';

export async function insertFeed(tx: Tx, row: typeof calendarFeeds.$inferInsert) {
  const [created] = await tx.insert(calendarFeeds).values(row).returning({ id: calendarFeeds.id });
  return created as { id: string };
}

/**
 * A user's feeds are created one transaction at a time, from the count of live ones to the commit:
 * without it, parallel creations each counted fewer than the cap and each inserted one (on
 * PostgreSQL; PGlite runs one transaction at a time). A transaction-level advisory lock per user.
 */
export async function lockFeedsOfUser(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`calendar-feeds:${companyId}:${userId}`}, 0))`,
  );
}

export async function countActiveFeeds(tx: Tx, companyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.companyId, companyId),
        eq(calendarFeeds.userId, userId),
        isNull(calendarFeeds.revokedAt),
      ),
    );
  return row?.n ?? 0;
}

/** The user's feeds, newest first, without their hashes. */
export async function listFeedsOfUser(tx: Tx, companyId: string, userId: string) {
  return tx
    .select({
      id: calendarFeeds.id,
      scope: calendarFeeds.scope,
      includeBankHolidays: calendarFeeds.includeBankHolidays,
      createdAt: calendarFeeds.createdAt,
      revokedAt: calendarFeeds.revokedAt,
    })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(100);
}

/** Revokes one of the user's live feeds; null when it is not theirs or already revoked. */
export async function revokeFeedOfUser(tx: Tx, companyId: string, userId: string, id: string) {
  const [row] = await tx
    .update(calendarFeeds)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(calendarFeeds.id, id),
        eq(calendarFeeds.companyId, companyId),
        eq(calendarFeeds.userId, userId),
        isNull(calendarFeeds.revokedAt),
      ),
    )
    .returning({ id: calendarFeeds.id });
  return row ?? null;
}

/** Whether the user has a team: someone reports to them, or they have a line manager (live records). */
export async function hasTeam(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    select exists (
      select 1 from employee_records e
      where e.company_id = ${companyId} and (e.end_date is null or e.end_date >= current_date)
        and (e.line_manager_id = ${userId} or (e.user_id = ${userId} and e.line_manager_id is not null))
    ) as "has"`);
  return Boolean(rowsOf<{ has: boolean }>(result)[0]?.has);
}

export async function findCompanyFeedForEmployees(tx: Tx, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ allowed: companySettings.companyCalendarFeedForEmployees })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return row?.allowed ?? false;
}

export async function saveCompanyFeedForEmployees(tx: Tx, companyId: string, allowed: boolean) {
  await tx
    .insert(companySettings)
    .values({ companyId, companyCalendarFeedForEmployees: allowed })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: { companyCalendarFeedForEmployees: allowed, updatedAt: new Date() },
    });
}

export interface FeedOwner {
  feedId: string;
  companyId: string;
  userId: string;
  role: Role | null;
  scope: CalendarFeedScope;
  includeBankHolidays: boolean;
}

/**
 * The live feed with this token hash and who it reads as (the token is the only credential, ADR 0099).
 * Nothing when the feed is revoked, its owner is no longer in the feed's company (a developer who
 * switched) or has left (from the end date of their employee record, as the session statement refuses
 * them). The feed is read on the server's own connection (one indexed equality on the hash;
 * `calendar_feeds` does not force row-level security); its owner's profile, role and record in the
 * feed's company, which force it, are read in that company's tenant: a non-superuser owner reads none
 * of them.
 */
export async function findFeedOwnerByHash(db: Db, tokenHash: string): Promise<FeedOwner | null> {
  const [feed] = rowsOf<Omit<FeedOwner, 'role'>>(
    await db.execute(sql`
      select f.id as "feedId", f.company_id as "companyId", f.user_id as "userId",
        f.scope, f.include_bank_holidays as "includeBankHolidays"
      from calendar_feeds f
      where f.token_hash = ${tokenHash} and f.revoked_at is null`),
  );
  if (!feed) return null;
  const [owner] = await readWithTenant<{ role: Role | null }>(
    db,
    { companyId: feed.companyId, userId: feed.userId, role: null },
    sql`
      select r.role
      from profiles p
      left join user_roles r on r.user_id = p.id
      where p.id = ${feed.userId} and p.company_id = ${feed.companyId}
        and not exists (
          select 1 from employee_records e
          where e.company_id = p.company_id and e.user_id = p.id
            and e.end_date is not null and e.end_date <= current_date
        )`,
  );
  return owner ? { ...feed, role: owner.role } : null;
}

export interface FeedLeaveRow {
  id: string;
  startDate: string;
  endDate: string;
  holidayType: HolidayType;
  startHalfDay: boolean;
  endHalfDay: boolean;
  employeeName: string;
  employeeUserId: string | null;
  lineManagerId: string | null;
  stamp: Date;
}

/** At most this many events in one feed: years of a large company's leave, never an unbounded read. */
export const FEED_MAX_EVENTS = 5000;

/**
 * Approved leave ending on or after `from` of the scope's people, leavers left out from the day after
 * their end date. me: the user's own; team: the user's reports and everyone sharing the user's line
 * manager (the user too); company: everyone.
 */
export async function listFeedLeave(
  tx: Tx,
  companyId: string,
  userId: string,
  scope: CalendarFeedScope,
  from: string,
): Promise<FeedLeaveRow[]> {
  const who =
    scope === 'me'
      ? sql`e.user_id = ${userId}`
      : scope === 'team'
        ? sql`(e.line_manager_id = ${userId} or e.line_manager_id = (
            select m.line_manager_id from employee_records m
            where m.company_id = ${companyId} and m.user_id = ${userId} limit 1))`
        : sql`true`;
  const result = await tx.execute(sql`
    select r.id, to_char(r.start_date, 'YYYY-MM-DD') as "startDate", to_char(r.end_date, 'YYYY-MM-DD') as "endDate",
      r.holiday_type as "holidayType", r.start_half_day as "startHalfDay", r.end_half_day as "endHalfDay",
      e.full_name as "employeeName", e.user_id as "employeeUserId", e.line_manager_id as "lineManagerId",
      coalesce(r.reviewed_at, r.submitted_at) as stamp
    from holiday_requests r
    join employee_records e on e.id = r.employee_record_id
    where r.company_id = ${companyId} and r.status = 'approved' and r.end_date >= ${from}
      and (e.end_date is null or e.end_date >= current_date)
      and ${who}
    order by r.start_date, r.id
    limit ${FEED_MAX_EVENTS}`);
  return rowsOf<FeedLeaveRow>(result).map((row) => ({ ...row, stamp: new Date(row.stamp) }));
}
